package io.stepcast.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.launcher.JavaModuleOptions;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Optional;

/**
 * Opens the Spark context of one run. Embedded masters ({@code local[N]}, {@code local-cluster[W,C,MB]}) bind to
 * the loopback address only. {@code local-cluster} starts real executor JVMs from this JVM's class path (the
 * stepcast assembly, or a Maven test class path): without a Spark distribution to launch them from, the
 * executors get this class path as {@code spark.executor.extraClassPath}, a scratch {@code spark.home}, and
 * {@code SPARK_TESTING}, which lets Spark's launcher start an executor with no {@code jars/} folder. For any
 * other master ({@code spark://...}) the executors get the same extra class path: the nodes must see the
 * stepcast jars at the same paths (a shared file system), as they must see the data.
 */
final class SparkSessions {
    /** The master when {@code --master} is not given: embedded, every core. */
    static final String DEFAULT_MASTER = "local[*]";

    JavaSparkContext open(Optional<String> master) {
        String url = master.orElse(DEFAULT_MASTER);
        SparkConf conf = new SparkConf().setMaster(url).setAppName("stepcast")
                .set("spark.ui.enabled", "false")
                .set("spark.ui.showConsoleProgress", "false")
                // A lost executor's tasks run again elsewhere (Spark's default outside local mode, stated here).
                .set("spark.task.maxFailures", "4")
                .set("spark.executor.extraJavaOptions", JavaModuleOptions.defaultModuleOptions());
        if (url.startsWith("local")) {
            conf.set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1");
        }
        if (!url.startsWith("local[") && !url.equals("local")) {
            conf.set("spark.executor.extraClassPath", System.getProperty("java.class.path"));
        }
        if (url.startsWith("local-cluster")) {
            conf.set("spark.home", scratchHome())
                    .set("spark.executorEnv.SPARK_TESTING", "1")
                    .set("spark.executorEnv.SPARK_SCALA_VERSION", "2.13");
        }
        return new JavaSparkContext(conf);
    }

    private static String scratchHome() {
        try {
            File home = Files.createTempDirectory("stepcast-spark-home").toFile();
            home.deleteOnExit();
            return home.getAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a scratch spark.home: " + e.getMessage(), e);
        }
    }
}
