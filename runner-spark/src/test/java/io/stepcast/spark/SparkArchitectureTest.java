package io.stepcast.spark;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spark stays in this module: no production class of the core modules (api, datasets, evaluation, the
 * predictors on this test class path) uses Spark, and this module never imports a predictor class.
 */
class SparkArchitectureTest {
    private static final JavaClasses PRODUCTION = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.stepcast");

    @Test
    void theCoreModulesAreFreeOfSpark() {
        assertThat(PRODUCTION.containPackage("io.stepcast.evaluation.engine")).isTrue();
        noClasses().that().resideOutsideOfPackage("io.stepcast.spark..")
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.spark..", "scala..")
                .check(PRODUCTION);
    }

    @Test
    void theEngineNeverImportsAPredictor() {
        noClasses().that().resideInAPackage("io.stepcast.spark..")
                .should().dependOnClassesThat().resideInAnyPackage("io.stepcast.analytic..", "io.stepcast.queueing..",
                        "io.stepcast.ml..")
                .check(PRODUCTION);
    }
}
