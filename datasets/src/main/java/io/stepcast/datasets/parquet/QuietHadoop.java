package io.stepcast.datasets.parquet;

import org.apache.hadoop.conf.Configuration;

/**
 * The Hadoop configuration Parquet needs, without Hadoop's default resources (no {@code core-default.xml}
 * parsing, no cluster settings): Parquet only reads a few of its own keys from it. Hadoop's log output
 * goes to SLF4J, bound to the no-op logger in this module.
 */
final class QuietHadoop {
    private QuietHadoop() {
    }

    /** A fresh, empty configuration. */
    static Configuration configuration() {
        return new Configuration(false);
    }
}
