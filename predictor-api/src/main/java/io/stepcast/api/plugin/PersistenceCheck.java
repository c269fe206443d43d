package io.stepcast.api.plugin;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The start-up rule that every registered estimator can be saved or says why not: each has a codec under its name
 * or a {@link NotPersistable} declaration (not both), and each codec or declaration names a registered estimator. A
 * plugin that breaks it is found when the registry is built, naming the estimator and the plugin, rather than when
 * a user first saves a model.
 */
final class PersistenceCheck {
    private PersistenceCheck() {
    }

    /**
     * @param estimators     estimator name to the plugin that registered it
     * @param codecs         estimator name a codec is registered under to the plugin that registered the codec
     * @param notPersistable estimator name to its declaration
     * @throws IllegalStateException naming every estimator, codec or declaration that breaks the rule, with its plugin
     */
    static void check(Map<String, String> estimators, Map<String, String> codecs,
                      Map<String, NotPersistable> notPersistable) {
        List<String> problems = new ArrayList<>();
        TreeSet<String> names = new TreeSet<>(estimators.keySet());
        names.addAll(codecs.keySet());
        names.addAll(notPersistable.keySet());
        for (String name : names) {
            String module = estimators.get(name);
            boolean codec = codecs.containsKey(name);
            boolean declared = notPersistable.containsKey(name);
            if (module != null && !codec && !declared) {
                problems.add("estimator '" + name + "' of plugin '" + module + "' has no codec: register one with codec(\""
                        + name + "\", ...) or declare notPersistable(\"" + name + "\", reason)");
            } else if (module != null && codec && declared) {
                problems.add("estimator '" + name + "' of plugin '" + module + "' has a codec (plugin '"
                        + codecs.get(name) + "') and is declared not persistable (plugin '"
                        + notPersistable.get(name).module() + "'): keep one");
            } else if (module == null && codec) {
                problems.add("the codec registered under '" + name + "' by plugin '" + codecs.get(name)
                        + "' belongs to no registered estimator");
            } else if (module == null) {
                problems.add("plugin '" + notPersistable.get(name).module() + "' declares '" + name
                        + "' not persistable, but no plugin registers an estimator of that name");
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("plugins do not say how to save every predictor: "
                    + String.join("; ", problems));
        }
    }
}
