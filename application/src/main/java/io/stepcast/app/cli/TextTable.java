package io.stepcast.app.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** A plain-text table with left-aligned columns sized to their widest cell, for console output. */
final class TextTable {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    TextTable(String... header) {
        columns = header.length;
        rows.add(header);
    }

    TextTable row(String... cells) {
        if (cells.length != columns) {
            throw new IllegalArgumentException("expected " + columns + " cells, got " + cells.length);
        }
        rows.add(cells);
        return this;
    }

    void print(PrintWriter out) {
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int i = 0; i < columns; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                line.append(i == columns - 1 ? r[i] : String.format("%-" + width[i] + "s  ", r[i]));
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
