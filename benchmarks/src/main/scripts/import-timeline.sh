#!/usr/bin/env bash
# Imports a synthetic TensorFlow timeline of SIZE_MB megabytes (default 1024) into an op-trace Parquet file in
# a JVM limited to HEAP (default 256m), and reports time, rate and peak memory. Generation runs in a separate
# JVM first, so the peak RSS is the import's alone.
#   usage: benchmarks/src/main/scripts/import-timeline.sh [SIZE_MB] [HEAP] [WORK_DIR]
# Run from the repository root after: mvn -q -pl benchmarks -am package -DskipTests
set -euo pipefail
size_mb=${1:-1024}
heap=${2:-256m}
work=${3:-$(mktemp -d)}
jar=benchmarks/target/benchmarks.jar
main=io.stepcast.benchmarks.timeline.LargeTimelineImport
[ -f "$jar" ] || { echo "error: $jar not found; build it first" >&2; exit 1; }
mkdir -p "$work"
timeline="$work/synthetic-${size_mb}mb.trace.json"
parquet="$work/synthetic-${size_mb}mb.parquet"
trap 'rm -f "$timeline" "$parquet"' EXIT
java -cp "$jar" "$main" generate "$size_mb" "$timeline"
if [ -x /usr/bin/time ]; then
  /usr/bin/time -v java "-Xmx$heap" -cp "$jar" "$main" import "$timeline" "$parquet" 2> "$work/time.txt" \
    || { cat "$work/time.txt" >&2; exit 1; }
  grep -E "Elapsed \(wall clock\)|Maximum resident set size|User time|System time" "$work/time.txt"
else
  java "-Xmx$heap" -cp "$jar" "$main" import "$timeline" "$parquet"
fi
