package io.stepcast.profiler.tensorflow;

import org.tensorflow.TensorFlow;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * Where TensorFlow's native libraries are unpacked, and which versions run.
 *
 * <p>JavaCPP unpacks about 650 MB of native libraries on first use into the directory named by the
 * system property {@code org.bytedeco.javacpp.cachedir} (by default {@code ~/.javacpp/cache}). We point it
 * at {@code ~/.cache/stepcast/javacpp}, or at the folder given with {@code --cache}, unless the property is
 * already set. The property is read once, when the native library is first loaded, so it must be set
 * before any TensorFlow class is used; a later call cannot move an already loaded library.
 *
 * <p>TensorFlow's C++ logging obeys the environment variable {@code TF_CPP_MIN_LOG_LEVEL}, which Java
 * cannot set for its own process: the launcher (and this module's tests) set it to 2.
 */
public final class TensorFlowRuntime {
    /** JavaCPP's system property naming its cache directory. */
    public static final String CACHE_PROPERTY = "org.bytedeco.javacpp.cachedir";

    private TensorFlowRuntime() {
    }

    /** The default cache: {@code ~/.cache/stepcast/javacpp}. */
    public static Path defaultCache() {
        return Path.of(System.getProperty("user.home"), ".cache", "stepcast", "javacpp");
    }

    /** Uses the default cache unless the property is already set. */
    public static void prepare() {
        if (System.getProperty(CACHE_PROPERTY) == null) {
            useCache(defaultCache());
        }
    }

    /** Uses {@code dir} as JavaCPP's cache (created when missing). */
    public static void useCache(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the native library cache " + dir + ": " + e.getMessage(), e);
        }
        System.setProperty(CACHE_PROPERTY, dir.toAbsolutePath().toString());
    }

    /** The TensorFlow runtime version ({@code 2.18.0} for TensorFlow Java 1.1.0). */
    public static String tensorflowVersion() {
        prepare();
        return TensorFlow.version();
    }

    /** The TensorFlow Java version, from its Maven metadata ({@code unknown} when absent). */
    public static String tensorflowJavaVersion() {
        String resource = "/META-INF/maven/org.tensorflow/tensorflow-core-api/pom.properties";
        try (InputStream in = TensorFlow.class.getResourceAsStream(resource)) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                return p.getProperty("version", "unknown");
            }
        } catch (IOException e) {
            return "unknown";
        }
        String v = TensorFlow.class.getPackage().getImplementationVersion();
        return v == null ? "unknown" : v;
    }
}
