package io.stepcast.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.stepcast.api.Estimator;
import io.stepcast.api.Target;
import io.stepcast.api.plugin.PluginRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code stepcast predictors list [--json]}: every registered estimator with its module and targets. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List every predictor found on the class path: name, module, targets, description.")
final class PredictorsListCommand extends RegistryCommand {

    @Option(names = "--json", description = "Print a JSON array of {name, module, targets, description}.")
    private boolean json;

    PredictorsListCommand(PluginRegistry registry) {
        super(registry);
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Estimator e : registry.estimators().values()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", e.name());
            row.put("module", registry.moduleOf(e.name()));
            row.put("targets", e.targets().stream().sorted().map(Target::label).toList());
            row.put("description", e.description());
            rows.add(row);
        }
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(rows));
        } else if (rows.isEmpty()) {
            out.println("No predictors found: is a predictor module on the class path?");
        } else {
            TextTable table = new TextTable("NAME", "MODULE", "TARGETS", "DESCRIPTION");
            rows.forEach(r -> table.row(String.valueOf(r.get("name")), String.valueOf(r.get("module")),
                    String.join(",", cast(r.get("targets"))), String.valueOf(r.get("description"))));
            table.print(out);
        }
        out.flush();
        return 0;
    }

    @SuppressWarnings("unchecked")
    private static List<String> cast(Object o) {
        return (List<String>) o;
    }
}
