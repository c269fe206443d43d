package io.stepcast.analytic;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the small published tables transcribed under {@code src/test/resources/published/} (their sources are in
 * the files' header comments and that folder's README): {@code hardware,model,architecture,batch_per_gpu,gpus,
 * images_per_sec}, one node, a parameter-server row with one server.
 */
final class PublishedTables {
    private PublishedTables() {
    }

    static List<Observation> read(String resource) throws IOException {
        List<Observation> out = new ArrayList<>();
        try (InputStream in = PublishedTables.class.getResourceAsStream("/published/" + resource)) {
            if (in == null) {
                throw new IOException("test resource /published/" + resource + " is missing");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            boolean header = true;
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                if (header) {
                    header = false;
                    continue;
                }
                String[] f = line.split(",");
                Architecture a = Architecture.valueOf(f[2]);
                Config.Builder b = Config.builder().model(f[1]).hardware(f[0]).framework("tensorflow")
                        .dataset("synthetic").architecture(a).workers(Integer.parseInt(f[4])).nodes(1)
                        .localBatch(Integer.parseInt(f[3]));
                if (a.usesParameterServers()) {
                    b.parameterServers(1);
                }
                out.add(new Observation(b.build(), Measurements.builder()
                        .throughputSamplesPerS(Double.parseDouble(f[5])).build(), "published:" + resource));
            }
        }
        return out;
    }
}
