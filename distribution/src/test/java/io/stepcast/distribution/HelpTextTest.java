package io.stepcast.distribution;

import io.stepcast.app.cli.StepcastCli;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The help of every command, with every plugin on the class path, reads as words a user understands. */
class HelpTextTest {

    @Test
    void noOptionShowsAFieldNameAsItsPlaceholder() {
        List<String> offenders = new ArrayList<>();
        walk(StepcastCli.commandLine(new CliSession().registry()), offenders);
        assertThat(offenders).as("options whose help shows <fieldName> instead of a word").isEmpty();
    }

    private static void walk(CommandLine cl, List<String> offenders) {
        for (CommandLine.Model.OptionSpec o : cl.getCommandSpec().options()) {
            if (o.arity().max() > 0 && o.paramLabel().startsWith("<")) {
                offenders.add(cl.getCommandSpec().qualifiedName() + " " + o.longestName() + " " + o.paramLabel());
            }
        }
        cl.getSubcommands().values().forEach(sub -> walk(sub, offenders));
    }
}
