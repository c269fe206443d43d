#!/usr/bin/env bash
# Runs every stepcast benchmark once, as docs/performance.md reports them, writing JMH's text and JSON results
# and the large-import lines into OUT_DIR (default benchmarks/target/results). About 20 minutes on 2 cores.
#   usage: benchmarks/src/main/scripts/run-all.sh [OUT_DIR]
# Run from the repository root after: mvn -q -pl benchmarks -am package -DskipTests
set -euo pipefail
out=${1:-benchmarks/target/results}
jar=benchmarks/target/benchmarks.jar
[ -f "$jar" ] || { echo "error: $jar not found; build it first" >&2; exit 1; }
mkdir -p "$out"
{ date -u; nproc; lscpu | grep -i "model name" || true; free -g; java -version 2>&1; uptime; } > "$out/machine.txt"
run() {
  local name=$1; shift
  echo "== $name: java -jar $jar $*"
  java -jar "$jar" "$@" -rf json -rff "$out/$name.json" > "$out/$name.txt" 2>&1
  sed -n '/^Benchmark /,$p' "$out/$name.txt"
}
run courier CourierDecisionBenchmark
run mva MvaPredictionBenchmark
run simulation-events SimulationEventsBenchmark
run simulation-sweep SimulationSweepBenchmark
run timeline-import TimelineImportBenchmark
run large-timeline-import LargeTimelineImportBenchmark
run observation-read ObservationReadBenchmark
run default-suite DefaultSuiteBenchmark
run serve ServeDecisionBenchmark
for mb in 100 1024; do
  echo "== import of a ${mb} MB timeline with -Xmx256m"
  benchmarks/src/main/scripts/import-timeline.sh "$mb" 256m "$out/import-$mb" | tee "$out/import-$mb.txt"
done
