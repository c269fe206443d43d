package io.stepcast.api.testing;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * Builds a third-party plugin jar at test time: compiles one plugin class against the test's class path and
 * packs it with its {@code META-INF/services/com.google.inject.Module} entry, so that a test can put only
 * that jar on a fresh class loader, exactly like a user dropping a jar on the class path. The plugin is
 * then no compile dependency of anything in stepcast. Shipped in predictor-api's test jar for the tests of
 * every module.
 */
public final class PluginJars {
    private PluginJars() {
    }

    /**
     * Compiles {@code source}, a plugin class named {@code className} (fully qualified), into
     * {@code dir/<jarName>}.
     *
     * @throws IllegalStateException with the compiler's messages when the source does not compile
     */
    public static Path build(Path dir, String jarName, String className, String source) throws IOException {
        Path src = dir.resolve("src").resolve(className.replace('.', '/') + ".java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, source);
        Path classes = Files.createDirectories(dir.resolve("classes-" + jarName));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int rc = javac.run(null, null, diagnostics, "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path"), src.toString());
        if (rc != 0) {
            throw new IllegalStateException("compiling the fixture plugin " + className + " failed: "
                    + diagnostics.toString(StandardCharsets.UTF_8));
        }
        Path jar = dir.resolve(jarName);
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(classes)) {
            walk.filter(Files::isRegularFile).forEach(files::add);
        }
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Path f : files) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("META-INF/services/com.google.inject.Module"));
            out.write((className + "\n").getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }
}
