package io.stepcast.datasets.importers;

import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.datasets.catalog.DataSources;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A published table transcribed for stepcast in the generic CSV format ({@link GenericCsvImporter}: the columns a
 * user's file has) and embedded in the jar under {@code embedded/<source>/}, with a README naming the repository,
 * commit and table. It is not in {@code shared/data}: a data folder without {@code <source>/} reads the copy in the
 * jar. One source, one file; its rows are read exactly as a user's file would be, so a suite that scores them also
 * checks the path from a user's file to the predictors.
 */
public final class TranscribedTableImporter extends SourceImporter {
    /** NVIDIA DeepLearningExamples' ResNet-50 v1.5 for PyTorch: 1 and 8 GPUs, TF32/FP32 beside mixed precision. */
    public static final String RESNET50_PYTORCH = "dle-resnet50-pytorch";
    /** NVIDIA DeepLearningExamples' BERT-large for TensorFlow on DGX A100: one node and 4-32 nodes, accumulation. */
    public static final String BERT_DGXA100 = "dle-bert-dgxa100";

    private final String file;

    /**
     * @param source the built-in source's name (in {@code catalog/sources.properties})
     * @param file   the one CSV file of the source
     */
    public TranscribedTableImporter(String source, String file) {
        super(DataSources.builtIn(source), "a transcribed table in the generic CSV format (" + file
                + " or its folder)");
        this.file = file;
    }

    /** The ResNet-50 PyTorch table. */
    public static TranscribedTableImporter resnet50Pytorch() {
        return new TranscribedTableImporter(RESNET50_PYTORCH, "dle_resnet50v15_pytorch_2103.csv");
    }

    /** The BERT DGX A100 tables. */
    public static TranscribedTableImporter bertDgxA100() {
        return new TranscribedTableImporter(BERT_DGXA100, "dle_bert_tf_2006_dgxa100.csv");
    }

    @Override
    Optional<ImportedObservations> embedded() throws IOException {
        return Optional.of(readEmbedded());
    }

    @Override
    public ImportedObservations importAll(Path dataDir) throws IOException {
        if (!Files.isDirectory(dataDir.resolve(name()))) {
            return readEmbedded();
        }
        return super.importAll(dataDir);
    }

    /** Reads the table or its folder. */
    @Override
    public ImportedObservations read(Path input) throws IOException {
        Path f = Files.isDirectory(input) ? input.resolve(file) : input;
        if (!Files.isRegularFile(f)) {
            throw new FileNotFoundException(f + ": no such file");
        }
        return new GenericCsvImporter().read(f);
    }

    /** The copy embedded in the jar. */
    public ImportedObservations readEmbedded() throws IOException {
        try (InputStream in = SourceFiles.embedded(name()).open(file)) {
            return new GenericCsvImporter().read(in, "embedded " + name() + "/" + file, file);
        }
    }
}
