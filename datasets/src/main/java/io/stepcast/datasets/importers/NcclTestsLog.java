package io.stepcast.datasets.importers;

import io.stepcast.datasets.io.DataFormatException;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The standard output of one or more nccl-tests runs ({@code all_reduce_perf}, {@code all_gather_perf}, ...) as
 * users paste it into issues, notes and job logs: the {@code # nThread ... nGpus ...} line, one {@code # Rank N
 * [Group G] Pid P on HOST device D [BUS] NAME} line per rank, the column header ({@code size count type [redop]
 * [root] time algbw busbw #wrong|error time algbw busbw #wrong|error}) and one line per message size. Parsed
 * tolerantly, because real logs are not clean: {@code NCCL INFO} lines interleave with the table, a paste may drop
 * the leading {@code #} or indent every line, older versions have no {@code redop} or {@code root} column, and
 * several runs may follow one another (a new {@code nThread} line starts a new run).
 *
 * <p>The collective of a run: the {@code # Collective test starting: X_perf} line of recent versions, else the
 * single {@code X_perf} name the file mentions anywhere (a pasted command line), else none (the importer then asks
 * for it).
 */
final class NcclTestsLog {
    private static final Pattern THREADS = Pattern.compile("nThread\\s+(\\d+)\\s+nGpus\\s+(\\d+)");
    private static final Pattern RANK = Pattern.compile("Rank\\s+(\\d+)\\s+(?:Group\\s+\\d+\\s+)?Pid\\s+\\d+"
            + "\\s+on\\s+(\\S+)\\s+device\\s+\\d+\\s+\\[[^\\]]*\\]\\s+(.+)");
    private static final Pattern STARTING = Pattern.compile("Collective test starting:\\s*(\\w+?)_perf");
    /** A test binary's name in a command line or a file name ({@code \b}: not reduce_perf in all_reduce_perf). */
    static final Pattern BINARY = Pattern.compile(
            "\\b(all_reduce|all_gather|reduce_scatter|alltoall|broadcast|reduce|sendrecv)_perf\\b");

    /**
     * One measured message size.
     *
     * @param line           the line of the file
     * @param bytes          the message size
     * @param count          elements
     * @param type           the element type
     * @param outOfPlaceUs   the out-of-place time, microseconds (nccl-tests' headline figure)
     * @param inPlaceUs      the in-place time, microseconds
     */
    record Row(long line, long bytes, long count, String type, double outOfPlaceUs, double inPlaceUs) {
    }

    /**
     * One run of a test binary.
     *
     * @param firstLine   the line its {@code nThread} line (or its first table line) is on
     * @param collective  the collective's nccl-tests name ({@code all_reduce}), when the run says it
     * @param threadsGpus threads times GPUs per thread, per process ({@code nThread x nGpus}), 0 when absent
     * @param hosts       the hosts of its ranks, in order of appearance
     * @param ranks       how many ranks it listed
     * @param devices     the device names of its ranks, in order of appearance
     * @param rows        the measured message sizes
     */
    record Run(long firstLine, Optional<String> collective, int threadsGpus, List<String> hosts, int ranks,
               List<String> devices, List<Row> rows) {
    }

    private NcclTestsLog() {
    }

    /** The runs of a log; a run without a table row is dropped. */
    static List<Run> parse(List<String> lines, String file) throws DataFormatException {
        Optional<String> named = namedOnce(lines, file);
        List<Run> runs = new ArrayList<>();
        RunBuilder current = null;
        // Recent versions print "Collective test starting" just before the run's nThread line.
        Optional<String> announced = Optional.empty();
        for (int i = 0; i < lines.size(); i++) {
            long n = i + 1;
            String text = strip(lines.get(i));
            Matcher threads = THREADS.matcher(text);
            if (threads.find()) {
                addIfMeasured(runs, current, named);
                current = new RunBuilder(n);
                current.collective = announced;
                announced = Optional.empty();
                current.threadsGpus = Integer.parseInt(threads.group(1)) * Integer.parseInt(threads.group(2));
                continue;
            }
            if (current == null) {
                current = new RunBuilder(n);
            }
            Matcher starting = STARTING.matcher(text);
            if (starting.find()) {
                announced = Optional.of(starting.group(1).toLowerCase(Locale.ROOT));
                if (current.rows.isEmpty()) {
                    current.collective = announced;
                }
                continue;
            }
            Matcher rank = RANK.matcher(text);
            if (rank.find()) {
                current.ranks++;
                current.hosts.add(rank.group(2));
                current.devices.add(rank.group(3).strip());
                continue;
            }
            List<String> tokens = List.of(text.split("\\s+"));
            if (tokens.contains("(ms)")) {
                // nccl-tests 1.x printed milliseconds; 2.x prints microseconds.
                current.microsecondsPerUnit = 1000;
            }
            if (tokens.contains("size") || tokens.contains("bytes")) {
                if (tokens.contains("time") && tokens.contains("busbw")) {
                    current.header = Header.of(tokens);
                }
                continue;
            }
            if (current.header != null && isRow(tokens, current.header)) {
                current.rows.add(row(tokens, current.header, current.microsecondsPerUnit, file, n));
            }
        }
        addIfMeasured(runs, current, named);
        return runs;
    }

    /** The one test binary a file names (command line, file name in the text), empty when none or several. */
    private static Optional<String> namedOnce(List<String> lines, String file) {
        Set<String> names = new LinkedHashSet<>();
        for (String l : lines) {
            Matcher m = BINARY.matcher(l);
            while (m.find()) {
                names.add(m.group(1));
            }
        }
        if (names.isEmpty()) {
            Matcher m = BINARY.matcher(file);
            while (m.find()) {
                names.add(m.group(1));
            }
        }
        return names.size() == 1 ? Optional.of(names.iterator().next()) : Optional.empty();
    }

    private static void addIfMeasured(List<Run> runs, RunBuilder b, Optional<String> named) {
        if (b != null && !b.rows.isEmpty()) {
            runs.add(new Run(b.firstLine, b.collective.or(() -> named), b.threadsGpus, List.copyOf(b.hosts), b.ranks,
                    List.copyOf(b.devices), List.copyOf(b.rows)));
        }
    }

    /** A log line without its leading blanks and a paste's leading {@code #}. */
    private static String strip(String line) {
        String s = line.strip();
        while (s.startsWith("#")) {
            s = s.substring(1).strip();
        }
        return s;
    }

    /**
     * A table's column header, with the positions its rows are read at, found once per header.
     *
     * @param fields  how many fields a row has
     * @param time    the out-of-place time's column
     * @param inPlace the in-place time's column, -1 when the header has a single time column
     * @param type    the element type's column, -1 when absent
     */
    private record Header(int fields, int time, int inPlace, int type) {
        static Header of(List<String> tokens) {
            int time = tokens.indexOf("time");
            int second = tokens.subList(time + 1, tokens.size()).indexOf("time");
            return new Header(tokens.size(), time, second < 0 ? -1 : second + time + 1, tokens.indexOf("type"));
        }
    }

    /** A table line: as many fields as the header, the first two integers. */
    private static boolean isRow(List<String> tokens, Header header) {
        return tokens.size() == header.fields() && tokens.get(0).matches("\\d+") && tokens.get(1).matches("\\d+");
    }

    private static Row row(List<String> t, Header header, double microsecondsPerUnit, String file, long line)
            throws DataFormatException {
        int time = header.time();
        int inPlace = header.inPlace();
        if (inPlace < 0) {
            throw DataFormatException.at(file, line, "the column header has one 'time' column; nccl-tests prints an "
                    + "out-of-place and an in-place one");
        }
        int type = header.type();
        try {
            double out = Double.parseDouble(t.get(time));
            double in = Double.parseDouble(t.get(inPlace));
            if (!(out > 0) || !Double.isFinite(out)) {
                throw DataFormatException.at(file, line, "the out-of-place time must be positive, was '" + t.get(time)
                        + "'");
            }
            return new Row(line, Long.parseLong(t.get(0)), Long.parseLong(t.get(1)), type < 0 ? "" : t.get(type),
                    out * microsecondsPerUnit, in * microsecondsPerUnit);
        } catch (NumberFormatException e) {
            throw DataFormatException.at(file, line, "a time is not a number: '" + t.get(time) + "', '" + t.get(inPlace)
                    + "'");
        }
    }

    private static final class RunBuilder {
        final long firstLine;
        Optional<String> collective = Optional.empty();
        int threadsGpus;
        int ranks;
        final List<String> hosts = new ArrayList<>();
        final List<String> devices = new ArrayList<>();
        Header header;
        double microsecondsPerUnit = 1;
        final List<Row> rows = new ArrayList<>();

        RunBuilder(long firstLine) {
            this.firstLine = firstLine;
        }
    }
}
