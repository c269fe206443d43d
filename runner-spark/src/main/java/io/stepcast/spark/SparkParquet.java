package io.stepcast.spark;

import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Writes rows of a stepcast Parquet schema (flat: strings, integers, doubles, booleans) through Spark's
 * DataFrame writer as one file: the same column names, types and required/optional columns as the
 * datasets module's writer. Spark writes into a scratch folder beside the target; its one part file is then
 * moved into place, so a failed write leaves an existing file as it was.
 */
final class SparkParquet {
    private SparkParquet() {
    }

    /** The Spark schema of a flat Parquet schema: a required column is not nullable. */
    static StructType structOf(MessageType schema) {
        List<StructField> fields = new ArrayList<>();
        for (Type t : schema.getFields()) {
            PrimitiveType p = t.asPrimitiveType();
            DataType type = switch (p.getPrimitiveTypeName()) {
                case INT32 -> DataTypes.IntegerType;
                case INT64 -> DataTypes.LongType;
                case DOUBLE -> DataTypes.DoubleType;
                case BOOLEAN -> DataTypes.BooleanType;
                case BINARY -> DataTypes.StringType;
                default -> throw new IllegalArgumentException("column " + t.getName() + ": type "
                        + p.getPrimitiveTypeName() + " not written through Spark");
            };
            fields.add(DataTypes.createStructField(t.getName(), type, t.getRepetition() != Type.Repetition.REQUIRED));
        }
        return DataTypes.createStructType(fields);
    }

    /** Writes {@code rows} to {@code target} atomically; returns how many. */
    static long write(JavaSparkContext sc, Path target, StructType schema, List<Row> rows) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path scratch = Files.createTempDirectory(dir, "." + target.getFileName() + ".spark-");
        try {
            Path out = scratch.resolve("out");
            SparkSession spark = SparkSession.builder().sparkContext(sc.sc()).getOrCreate();
            spark.createDataFrame(rows, schema).coalesce(1).write().mode(SaveMode.ErrorIfExists)
                    .option("compression", "snappy").parquet(out.toUri().toString());
            Path part;
            try (Stream<Path> files = Files.list(out)) {
                List<Path> parts = files.filter(f -> f.getFileName().toString().startsWith("part-")
                        && f.getFileName().toString().endsWith(".parquet")).toList();
                if (parts.size() != 1) {
                    throw new IOException(target + ": Spark wrote " + parts.size() + " part files, expected 1");
                }
                part = parts.get(0);
            }
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return rows.size();
        } finally {
            try (Stream<Path> walk = Files.walk(scratch)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
