package io.stepcast.distribution;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import io.stepcast.evaluation.archfixture.ImportsPredictor;
import io.stepcast.queueing.archfixture.ImportsEvaluation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dependency rules of {@code shared/docs/architecture.md}, checked on the production classes of every
 * module: the API depends on no other module; predictor modules depend on the API only; datasets on the API
 * only; the profiler on the API and datasets; evaluation never imports a predictor class.
 */
class ArchitectureTest {
    private static final String API = "io.stepcast.api..";
    private static final String DATASETS = "io.stepcast.datasets..";
    private static final String EVALUATION = "io.stepcast.evaluation..";
    private static final String REGRESSION = "io.stepcast.regression..";
    private static final String QUEUEING = "io.stepcast.queueing..";
    private static final String ML = "io.stepcast.ml..";
    private static final String PROFILER = "io.stepcast.profiler..";
    private static final String SERVE = "io.stepcast.serve..";
    private static final String[] PREDICTORS = {REGRESSION, QUEUEING, ML};

    static final ArchRule API_IS_SELF_CONTAINED = noClasses().that().resideInAPackage(API)
            .should().dependOnClassesThat().resideInAnyPackage(DATASETS, EVALUATION, REGRESSION, QUEUEING, ML, PROFILER);

    static final ArchRule EVALUATION_NEVER_IMPORTS_A_PREDICTOR = noClasses().that().resideInAPackage(EVALUATION)
            .should().dependOnClassesThat().resideInAnyPackage(REGRESSION, QUEUEING, ML, PROFILER);

    static final ArchRule PREDICTORS_DEPEND_ON_THE_API_ONLY = noClasses().that().resideInAnyPackage(PREDICTORS)
            .should().dependOnClassesThat().resideInAnyPackage(DATASETS, EVALUATION, PROFILER);

    static final ArchRule REGRESSION_IS_INDEPENDENT = noClasses().that().resideInAPackage(REGRESSION)
            .should().dependOnClassesThat().resideInAnyPackage(QUEUEING, ML);
    static final ArchRule QUEUEING_IS_INDEPENDENT = noClasses().that().resideInAPackage(QUEUEING)
            .should().dependOnClassesThat().resideInAnyPackage(REGRESSION, ML);
    static final ArchRule ML_IS_INDEPENDENT = noClasses().that().resideInAPackage(ML)
            .should().dependOnClassesThat().resideInAnyPackage(REGRESSION, QUEUEING);

    static final ArchRule DATASETS_DEPEND_ON_THE_API_ONLY = noClasses().that().resideInAPackage(DATASETS)
            .should().dependOnClassesThat().resideInAnyPackage(EVALUATION, REGRESSION, QUEUEING, ML, PROFILER);

    static final ArchRule PROFILER_DEPENDS_ON_API_AND_DATASETS = noClasses().that().resideInAPackage(PROFILER)
            .should().dependOnClassesThat().resideInAnyPackage(EVALUATION, REGRESSION, QUEUEING, ML);

    /** {@code stepcast serve} finds predictors at run time like evaluation, and nothing else depends on it. */
    static final ArchRule SERVE_NEVER_IMPORTS_A_PREDICTOR = noClasses().that().resideInAPackage(SERVE)
            .should().dependOnClassesThat().resideInAnyPackage(REGRESSION, QUEUEING, ML, PROFILER);
    static final ArchRule NO_MODULE_IMPORTS_SERVE = noClasses().that().resideOutsideOfPackage(SERVE)
            .should().dependOnClassesThat().resideInAPackage(SERVE);

    private static JavaClasses production;

    @BeforeAll
    static void importProductionClasses() {
        production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.stepcast");
    }

    @Test
    void everyModuleIsPresent() {
        for (String pkg : new String[] {"io.stepcast.api", "io.stepcast.evaluation"}) {
            assertThat(production.containPackage(pkg)).as(pkg).isTrue();
        }
    }

    @Test
    void apiIsSelfContained() {
        API_IS_SELF_CONTAINED.check(production);
    }

    @Test
    void evaluationNeverImportsAPredictor() {
        EVALUATION_NEVER_IMPORTS_A_PREDICTOR.check(production);
    }

    @Test
    void predictorModulesDependOnTheApiOnly() {
        PREDICTORS_DEPEND_ON_THE_API_ONLY.check(production);
        REGRESSION_IS_INDEPENDENT.check(production);
        QUEUEING_IS_INDEPENDENT.check(production);
        ML_IS_INDEPENDENT.check(production);
    }

    @Test
    void serveFindsPredictorsAtRunTimeAndNothingImportsIt() {
        assertThat(production.containPackage("io.stepcast.serve")).isTrue();
        SERVE_NEVER_IMPORTS_A_PREDICTOR.check(production);
        NO_MODULE_IMPORTS_SERVE.check(production);
    }

    @Test
    void datasetsAndProfilerKeepTheirPlace() {
        DATASETS_DEPEND_ON_THE_API_ONLY.check(production);
        PROFILER_DEPENDS_ON_API_AND_DATASETS.check(production);
    }

    @Test
    void theRulesFailWhenAPredictorImportsEvaluation() {
        JavaClasses violating = new ClassFileImporter().importClasses(ImportsEvaluation.class);
        assertThat(PREDICTORS_DEPEND_ON_THE_API_ONLY.evaluate(violating).hasViolation()).isTrue();
    }

    @Test
    void theRulesFailWhenEvaluationImportsAPredictor() {
        JavaClasses violating = new ClassFileImporter().importClasses(ImportsPredictor.class, ImportsEvaluation.class);
        assertThat(EVALUATION_NEVER_IMPORTS_A_PREDICTOR.evaluate(violating).hasViolation()).isTrue();
    }
}
