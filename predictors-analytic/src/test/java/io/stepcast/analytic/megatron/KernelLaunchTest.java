package io.stepcast.analytic.megatron;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@link KernelLaunch#HOST_S} recomputed from the real PyTorch profiler traces it cites (HolisticTraceAnalysis's test
 * traces in {@code ../shared/data/kineto}): the median interval between consecutive {@code cudaLaunchKernel} calls of
 * one host thread, pooled over the threads.
 */
class KernelLaunchTest {
    private static final Path KINETO = MegatronAnalyticRealDataTest.DATA.resolve("kineto");

    /** Microseconds between consecutive kernel launches of each thread of a trace, pooled. */
    private static List<Double> launchIntervals(Path trace) throws IOException {
        Map<Long, List<Double>> starts = new HashMap<>();
        ObjectMapper mapper = new ObjectMapper();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(trace));
             JsonParser parser = new JsonFactory(mapper).createParser(in)) {
            while (parser.nextToken() != null) {
                if (parser.currentToken() == JsonToken.FIELD_NAME && "traceEvents".equals(parser.currentName())) {
                    parser.nextToken();
                    while (parser.nextToken() == JsonToken.START_OBJECT) {
                        JsonNode e = mapper.readTree(parser);
                        if ("cuda_runtime".equals(e.path("cat").asText())
                                && "cudaLaunchKernel".equals(e.path("name").asText())) {
                            starts.computeIfAbsent(e.path("tid").asLong(), k -> new ArrayList<>())
                                    .add(e.path("ts").asDouble());
                        }
                    }
                }
            }
        }
        List<Double> intervals = new ArrayList<>();
        for (List<Double> ts : starts.values()) {
            Collections.sort(ts);
            for (int i = 1; i < ts.size(); i++) {
                intervals.add(ts.get(i) - ts.get(i - 1));
            }
        }
        return intervals;
    }

    private static double median(List<Double> values) {
        List<Double> v = new ArrayList<>(values);
        Collections.sort(v);
        int n = v.size();
        return n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
    }

    @Test
    void theHostCostPerLaunchIsTheA100TracesMedianLaunchInterval() throws IOException {
        List<Double> a100 = launchIntervals(KINETO.resolve("a100_world8_rank3.pt.trace.json.gz"));
        assertThat(a100).hasSize(8566);
        assertThat(median(a100)).isCloseTo(33.0, within(1e-9));
        assertThat(KernelLaunch.HOST_S).isCloseTo(median(a100) * 1e-6, within(1e-12));
        // The V100 ResNet trace of the same source issues at nearly the same rate.
        assertThat(median(launchIntervals(KINETO.resolve("resnet_v100_world1_rank0.pt.trace.json.gz"))))
                .isCloseTo(30.25, within(1e-9));
    }
}
