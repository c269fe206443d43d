package io.stepcast.distribution;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import io.stepcast.api.archfixture.AlgorithmInApi;
import io.stepcast.evaluation.archfixture.ImportsApplication;
import io.stepcast.evaluation.archfixture.ImportsPredictor;
import io.stepcast.queueing.archfixture.ImportsEvaluation;
import io.stepcast.serve.archfixture.ImportsEngineInternals;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.conditions.ArchConditions.be;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dependency rules of {@code shared/docs/architecture.md}, checked on the production classes of every
 * module: the API depends on no other module; predictor modules depend on the API only; datasets on the API
 * only; the profiler on the API and datasets; evaluation never imports a predictor class nor the application (the
 * CLI, model files, sweeps), which only serve imports, and serve reaches the engine through its facade only. The
 * algorithms shared by
 * several modules live in {@code stepcast-models}, which depends on the API only and which the API never sees; the
 * API itself holds only the contract (records, interfaces, enums, exceptions, the plugin base classes).
 */
class ArchitectureTest {
    private static final String API = "io.stepcast.api..";
    private static final String MODELS = "io.stepcast.models..";
    private static final String DATASETS = "io.stepcast.datasets..";
    private static final String EVALUATION = "io.stepcast.evaluation..";
    /** The engine's facade: the classes of evaluation's root package, and no sub-package. */
    private static final String EVALUATION_FACADE = "io.stepcast.evaluation";
    private static final String APPLICATION = "io.stepcast.app..";
    /** What serve loads a saved predictor with: the application's model files, and nothing else of it. */
    private static final String MODEL_FILES = "io.stepcast.app.model..";
    private static final String REGRESSION = "io.stepcast.analytic..";
    private static final String QUEUEING = "io.stepcast.queueing..";
    private static final String ML = "io.stepcast.ml..";
    private static final String PROFILER = "io.stepcast.profiler..";
    private static final String SERVE = "io.stepcast.serve..";
    private static final String[] PREDICTORS = {REGRESSION, QUEUEING, ML};

    static final ArchRule API_IS_SELF_CONTAINED = noClasses().that().resideInAPackage(API)
            .should().dependOnClassesThat()
            .resideInAnyPackage(MODELS, DATASETS, EVALUATION, APPLICATION, REGRESSION, QUEUEING, ML, PROFILER, SERVE);

    static final ArchRule MODELS_DEPEND_ON_THE_API_ONLY = noClasses().that().resideInAPackage(MODELS)
            .should().dependOnClassesThat()
            .resideInAnyPackage(DATASETS, EVALUATION, APPLICATION, REGRESSION, QUEUEING, ML, PROFILER, SERVE);

    /**
     * Top-level classes of the API that are neither records, interfaces, enums nor exceptions, each kept for a
     * reason: the estimator base class and the plugin registry are the plugin contract; the rest are small helpers
     * that the records' own validation and look-ups call ({@code Validate}, {@code ModelNames},
     * {@code EditDistance} for "did you mean" suggestions, {@code BoundedCache} for the registry's and catalog's
     * memo tables, {@code StepcastVersion} for provenance, {@code Entries} for the hardware records), and two
     * catalog readings that a file's reader and the predictors must word alike ({@code StatedLinkBounds} for stated
     * links above the catalog's, {@code CataloguedNetwork} for a label the catalog gives no one network for).
     */
    private static final java.util.Set<String> CONTRACT_HELPERS = java.util.Set.of(
            "io.stepcast.api.AbstractEstimator", "io.stepcast.api.Validate", "io.stepcast.api.ModelNames",
            "io.stepcast.api.EditDistance", "io.stepcast.api.BoundedCache", "io.stepcast.api.StepcastVersion",
            "io.stepcast.api.hardware.Entries", "io.stepcast.api.Gibibytes",
            "io.stepcast.api.hardware.StatedLinkBounds", "io.stepcast.api.hardware.CataloguedNetwork");

    private static final DescribedPredicate<JavaClass> CONTRACT_SHAPE = DescribedPredicate.describe(
            "a record, interface, enum, annotation, exception, plugin contract class or listed helper",
            c -> c.isRecord() || c.isInterface() || c.isEnum() || c.isAnnotation()
                    || isThrowable(c) || c.getPackageName().equals("io.stepcast.api.plugin")
                    || CONTRACT_HELPERS.contains(c.getName()));

    /** Walks the superclass names, since the importer does not resolve the JDK's own classes. */
    private static boolean isThrowable(JavaClass c) {
        for (java.util.Optional<JavaClass> s = c.getRawSuperclass(); s.isPresent(); s = s.get().getRawSuperclass()) {
            String name = s.get().getName();
            if (name.startsWith("java.") && (name.endsWith("Exception") || name.endsWith("Error"))) {
                return true;
            }
        }
        return false;
    }

    static final ArchRule API_HOLDS_ONLY_THE_CONTRACT = classes().that().resideInAPackage(API)
            .and().areTopLevelClasses().should(be(CONTRACT_SHAPE));

    static final ArchRule EVALUATION_NEVER_IMPORTS_A_PREDICTOR = noClasses().that().resideInAPackage(EVALUATION)
            .should().dependOnClassesThat().resideInAnyPackage(REGRESSION, QUEUEING, ML, PROFILER);

    static final ArchRule PREDICTORS_DEPEND_ON_THE_API_ONLY = noClasses().that().resideInAnyPackage(PREDICTORS)
            .should().dependOnClassesThat().resideInAnyPackage(DATASETS, EVALUATION, APPLICATION, PROFILER);

    static final ArchRule REGRESSION_IS_INDEPENDENT = noClasses().that().resideInAPackage(REGRESSION)
            .should().dependOnClassesThat().resideInAnyPackage(QUEUEING, ML);
    static final ArchRule QUEUEING_IS_INDEPENDENT = noClasses().that().resideInAPackage(QUEUEING)
            .should().dependOnClassesThat().resideInAnyPackage(REGRESSION, ML);
    static final ArchRule ML_IS_INDEPENDENT = noClasses().that().resideInAPackage(ML)
            .should().dependOnClassesThat().resideInAnyPackage(REGRESSION, QUEUEING);

    static final ArchRule DATASETS_DEPEND_ON_THE_API_ONLY = noClasses().that().resideInAPackage(DATASETS)
            .should().dependOnClassesThat()
            .resideInAnyPackage(EVALUATION, APPLICATION, REGRESSION, QUEUEING, ML, PROFILER);

    static final ArchRule PROFILER_DEPENDS_ON_API_AND_DATASETS = noClasses().that().resideInAPackage(PROFILER)
            .should().dependOnClassesThat().resideInAnyPackage(EVALUATION, APPLICATION, REGRESSION, QUEUEING, ML);

    /** {@code stepcast serve} finds predictors at run time like evaluation, and nothing else depends on it. */
    static final ArchRule SERVE_NEVER_IMPORTS_A_PREDICTOR = noClasses().that().resideInAPackage(SERVE)
            .should().dependOnClassesThat().resideInAnyPackage(REGRESSION, QUEUEING, ML, PROFILER);
    static final ArchRule NO_MODULE_IMPORTS_SERVE = noClasses().that().resideOutsideOfPackage(SERVE)
            .should().dependOnClassesThat().resideInAPackage(SERVE);

    /** The engine (protocols, metrics, suites, reports, engines) is a library: the application runs it, never the reverse. */
    static final ArchRule EVALUATION_NEVER_IMPORTS_THE_APPLICATION = noClasses().that().resideInAPackage(EVALUATION)
            .should().dependOnClassesThat().resideInAPackage(APPLICATION)
            .because("the application (CLI, commands, model files, sweeps) runs the engine, never the reverse");

    /**
     * Serve is a front end like the CLI: it reaches the engine through the facade of evaluation's root package
     * ({@code Evaluation}, {@code BatchSelection}), so the engine's packages can change behind it.
     */
    static final ArchRule SERVE_USES_THE_ENGINE_THROUGH_ITS_FACADE = noClasses().that().resideInAPackage(SERVE)
            .should().dependOnClassesThat(JavaClass.Predicates.resideInAPackage(EVALUATION)
                    .and(DescribedPredicate.not(JavaClass.Predicates.resideInAPackage(EVALUATION_FACADE))))
            .because("serve uses the evaluation engine through its facade (io.stepcast.evaluation.Evaluation, "
                    + "BatchSelection), never its protocol, suite, report or selection packages");

    /**
     * Serve loads {@code stepcast fit --save} files exactly as {@code predict} does, through the application's model
     * files; the rest of the application (the CLI, its commands, sweeps) is not serve's to import.
     */
    static final ArchRule SERVE_USES_ONLY_THE_APPLICATIONS_MODEL_FILES = noClasses().that().resideInAPackage(SERVE)
            .should().dependOnClassesThat(JavaClass.Predicates.resideInAPackage(APPLICATION)
                    .and(DescribedPredicate.not(JavaClass.Predicates.resideInAPackage(MODEL_FILES))))
            .because("serve shares the application's model files only; commands reach it through the registry");

    /**
     * The application is the top of the module graph: nothing below it imports it. Serve imports its model files
     * (rule above); the assembly (this module) and the benchmarks, which run the CLI in process, are not production
     * classes on this class path.
     */
    static final ArchRule ONLY_SERVE_IMPORTS_THE_APPLICATION = noClasses().that()
            .resideOutsideOfPackages(APPLICATION, SERVE)
            .should().dependOnClassesThat().resideInAPackage(APPLICATION)
            .because("the application runs the engine and the plugins; only serve (for model files) imports it");

    private static JavaClasses production;

    @BeforeAll
    static void importProductionClasses() {
        production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.stepcast");
    }

    @Test
    void everyModuleIsPresent() {
        for (String pkg : new String[] {"io.stepcast.api", "io.stepcast.evaluation", "io.stepcast.app.cli"}) {
            assertThat(production.containPackage(pkg)).as(pkg).isTrue();
        }
    }

    @Test
    void apiIsSelfContained() {
        API_IS_SELF_CONTAINED.check(production);
    }

    @Test
    void modelsDependOnTheApiOnly() {
        assertThat(production.containPackage("io.stepcast.models")).isTrue();
        MODELS_DEPEND_ON_THE_API_ONLY.check(production);
    }

    @Test
    void apiHoldsOnlyTheContract() {
        API_HOLDS_ONLY_THE_CONTRACT.check(production);
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
    void theApplicationSitsOnTopOfTheEngineAndServeUsesTheFacade() {
        EVALUATION_NEVER_IMPORTS_THE_APPLICATION.check(production);
        SERVE_USES_THE_ENGINE_THROUGH_ITS_FACADE.check(production);
        SERVE_USES_ONLY_THE_APPLICATIONS_MODEL_FILES.check(production);
        ONLY_SERVE_IMPORTS_THE_APPLICATION.check(production);
    }

    @Test
    void theRulesFailWhenEvaluationImportsTheApplication() {
        JavaClasses violating = new ClassFileImporter().importClasses(ImportsApplication.class);
        assertThat(EVALUATION_NEVER_IMPORTS_THE_APPLICATION.evaluate(violating).hasViolation()).isTrue();
        assertThat(ONLY_SERVE_IMPORTS_THE_APPLICATION.evaluate(violating).hasViolation()).isTrue();
    }

    @Test
    void theRulesFailWhenServeReachesPastTheFacade() {
        JavaClasses violating = new ClassFileImporter().importClasses(ImportsEngineInternals.class);
        assertThat(SERVE_USES_THE_ENGINE_THROUGH_ITS_FACADE.evaluate(violating).hasViolation()).isTrue();
        assertThat(SERVE_USES_ONLY_THE_APPLICATIONS_MODEL_FILES.evaluate(violating).hasViolation()).isTrue();
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
    void theRulesFailWhenTheApiGainsAnAlgorithm() {
        JavaClasses violating = new ClassFileImporter().importClasses(AlgorithmInApi.class);
        assertThat(API_HOLDS_ONLY_THE_CONTRACT.evaluate(violating).hasViolation()).isTrue();
    }

    @Test
    void theRulesFailWhenEvaluationImportsAPredictor() {
        JavaClasses violating = new ClassFileImporter().importClasses(ImportsPredictor.class, ImportsEvaluation.class);
        assertThat(EVALUATION_NEVER_IMPORTS_A_PREDICTOR.evaluate(violating).hasViolation()).isTrue();
    }
}
