package io.stepcast.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SmokeTest {
    @Test
    void local2() {
        try (JavaSparkContext sc = new JavaSparkContext(new SparkConf().setMaster("local[2]").setAppName("smoke")
                .set("spark.ui.enabled", "false"))) {
            assertThat(sc.parallelize(List.of(1, 2, 3), 3).map(x -> x * 2).collect()).containsExactly(2, 4, 6);
        }
    }
}
