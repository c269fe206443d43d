package io.stepcast.app.cli;

import io.stepcast.api.plugin.WritesTo;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Checks, before a command runs, every option it was given that is marked {@link WritesTo}: a usage error
 * ({@link CommandLine.ParameterException}) names the option and what is wrong with its path, so that a run does
 * not fail at its end for an output it could never write.
 */
final class OutputPathCheck {
    private OutputPathCheck() {
    }

    /**
     * Checks the marked options of the command and of every sub-command in {@code parsed}; nothing when help or
     * the version was asked for (nothing runs then).
     *
     * @throws CommandLine.ParameterException naming the first option whose path cannot be written
     */
    static void check(ParseResult parsed) {
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.isUsageHelpRequested() || p.isVersionHelpRequested()) {
                return;
            }
        }
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            for (OptionSpec option : p.matchedOptions()) {
                if (option.userObject() instanceof Field field && field.isAnnotationPresent(WritesTo.class)
                        && option.getValue() instanceof Path path) {
                    Optional<String> problem = problem(option.longestName(), path, field.getAnnotation(WritesTo.class).value());
                    if (problem.isPresent()) {
                        throw new CommandLine.ParameterException(p.commandSpec().commandLine(), problem.get());
                    }
                }
            }
        }
    }

    /** What is wrong with writing {@code path}, given as {@code option}, as a {@code kind}; empty when nothing. */
    static Optional<String> problem(String option, Path path, WritesTo.Kind kind) {
        String named = option + " " + path;
        if (Files.isDirectory(path)) {
            if (kind == WritesTo.Kind.FILE) {
                return Optional.of(named + " is a directory, not a file");
            }
            return Files.isWritable(path) ? Optional.empty() : Optional.of(named + " is not writable");
        }
        if (Files.exists(path)) {
            if (kind == WritesTo.Kind.FOLDER) {
                return Optional.of(named + " is a file, not a directory");
            }
            return Files.isWritable(path) ? Optional.empty() : Optional.of(named + " is not writable");
        }
        // A new path: its nearest existing ancestor must be a folder the command can create the rest in.
        Path ancestor = path.toAbsolutePath().getParent();
        while (ancestor != null && !Files.exists(ancestor)) {
            ancestor = ancestor.getParent();
        }
        if (ancestor == null) {
            return Optional.empty();
        }
        if (!Files.isDirectory(ancestor)) {
            return Optional.of(named + ": " + shown(path, ancestor) + " is a file, not a directory");
        }
        return Files.isWritable(ancestor) ? Optional.empty()
                : Optional.of(named + ": cannot be created, " + shown(path, ancestor) + " is not writable");
    }

    /** The ancestor as the user wrote it when the path was relative to the working folder. */
    private static String shown(Path path, Path ancestor) {
        Path here = Path.of("").toAbsolutePath();
        return path.isAbsolute() || !ancestor.startsWith(here) || ancestor.equals(here) ? ancestor.toString()
                : here.relativize(ancestor).toString();
    }
}
