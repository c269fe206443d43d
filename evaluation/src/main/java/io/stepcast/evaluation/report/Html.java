package io.stepcast.evaluation.report;

import io.stepcast.evaluation.suite.SuiteResult;

import java.util.List;

/**
 * The HTML report: the Markdown report's content turned into HTML (headings, tables, lists, images)
 * by a small converter that handles exactly the Markdown {@link ReportWriter} writes, with a stylesheet. The
 * charts of a chart section (a level-2 heading followed by level-3 chart headings) are laid out side by side, each
 * in a figure of its heading, caption and image.
 */
public final class Html {
    private Html() {
    }

    /** The HTML page. */
    public static String of(SuiteResult r, List<ChartFile> charts, String command) {
        String md = ReportWriter.markdown(r, charts, command);
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>stepcast: ")
                .append(esc(r.suite())).append("</title>\n<style>body{font-family:sans-serif;max-width:1300px;"
                + "margin:2em auto;padding:0 1em;color:#222}.charts{display:grid;grid-template-columns:repeat(auto-fill,"
                + "minmax(600px,1fr));gap:1em 1.5em}figure{margin:0}figure h3{font-size:1em;margin:.3em 0}"
                + "figure p{font-size:.8em;color:#555;margin:.2em 0}table{border-collapse:collapse;margin:.5em 0 1.5em}"
                + "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}td:first-child,th:first-child"
                + "{text-align:left}th{background:#f0f0f0}img{max-width:100%;border:1px solid #ddd}"
                + "code{background:#f4f4f4;padding:1px 4px}</style></head><body>\n");
        String[] lines = md.split("\n");
        boolean inTable = false;
        boolean inList = false;
        boolean inCharts = false;
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            if (l.startsWith("|")) {
                String[] cells = l.substring(1, l.length() - 1).split("\\|", -1);
                if (!inTable) {
                    b.append("<table><tr>");
                    for (String c : cells) {
                        b.append("<th>").append(inline(c.trim())).append("</th>");
                    }
                    b.append("</tr>\n");
                    inTable = true;
                    i++; // the separator row
                    continue;
                }
                b.append("<tr>");
                for (String c : cells) {
                    b.append("<td>").append(inline(c.trim())).append("</td>");
                }
                b.append("</tr>\n");
                continue;
            }
            if (inTable) {
                b.append("</table>\n");
                inTable = false;
            }
            if (l.startsWith("- ")) {
                if (!inList) {
                    b.append("<ul>\n");
                    inList = true;
                }
                b.append("<li>").append(inline(l.substring(2))).append("</li>\n");
                continue;
            }
            if (inList) {
                b.append("</ul>\n");
                inList = false;
            }
            if (l.startsWith("#")) {
                int level = (int) l.chars().takeWhile(ch -> ch == '#').count();
                if (level <= 2 && inCharts) {
                    b.append("</div>\n");
                    inCharts = false;
                }
                if (level == 3 && isChart(lines, i)) {
                    if (!inCharts) {
                        b.append("<div class=\"charts\">\n");
                        inCharts = true;
                    }
                    b.append("<figure>");
                }
                b.append("<h").append(level).append('>').append(inline(l.substring(level).trim())).append("</h")
                        .append(level).append(">\n");
            } else if (l.startsWith("![")) {
                int mid = l.indexOf("](");
                b.append("<p><img alt=\"").append(esc(l.substring(2, mid))).append("\" src=\"")
                        .append(esc(l.substring(mid + 2, l.length() - 1))).append("\"></p>")
                        .append(inCharts ? "</figure>\n" : "\n");
            } else if (!l.isBlank()) {
                b.append("<p>").append(inline(l)).append("</p>\n");
            }
        }
        if (inTable) {
            b.append("</table>\n");
        }
        if (inList) {
            b.append("</ul>\n");
        }
        if (inCharts) {
            b.append("</div>\n");
        }
        return b.append("</body></html>\n").toString();
    }

    /** True when the heading at {@code i} is a chart's: its caption and then its image follow. */
    private static boolean isChart(String[] lines, int i) {
        for (int k = i + 1; k < lines.length && k <= i + 4; k++) {
            if (lines[k].startsWith("![")) {
                return true;
            }
            if (lines[k].startsWith("#")) {
                return false;
            }
        }
        return false;
    }

    private static String inline(String s) {
        String e = esc(s);
        StringBuilder b = new StringBuilder();
        boolean code = false;
        for (char c : e.toCharArray()) {
            if (c == '`') {
                b.append(code ? "</code>" : "<code>");
                code = !code;
            } else {
                b.append(c);
            }
        }
        if (code) {
            b.append("</code>");
        }
        return b.toString();
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
