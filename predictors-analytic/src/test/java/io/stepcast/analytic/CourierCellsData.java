package io.stepcast.analytic;

import io.stepcast.analytic.ols.Cells;
import io.stepcast.analytic.table.CsvTable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads the real Courier response-time cells ({@code courier/response_time_cells.csv}) as a plain CSV. */
final class CourierCellsData {
    private CourierCellsData() {
    }

    static Path dataDir() {
        return Path.of(System.getProperty("stepcast.shared.data", "../../shared/data"));
    }

    static Path cellsFile() {
        return dataDir().resolve("courier/response_time_cells.csv");
    }

    static Cells cells() throws IOException {
        CsvTable t = CsvTable.read(cellsFile());
        Map<String, double[]> f = new LinkedHashMap<>();
        for (String c : new String[] {"cpu", "batch", "njobs"}) {
            f.put(c, t.numbers(c));
        }
        return new Cells(f, t.numbers("mean_time_s"), t.numbers("sd_time_s"), t.numbers("runs"));
    }
}
