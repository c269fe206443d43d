package io.stepcast.datasets.importers;

import io.stepcast.api.plugin.DataSource;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.datasets.catalog.DataSources;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * A published table transcribed for stepcast in the generic CSV format ({@link GenericCsvImporter}: the columns a
 * user's file has) and embedded in the jar under {@code embedded/<source>/}, with a README naming the repository,
 * commit and table ({@link OneFileTableImporter}). Its rows are read exactly as a user's file would be, so a suite
 * that scores them also checks the path from a user's file to the predictors.
 */
public final class TranscribedTableImporter extends OneFileTableImporter {
    /**
     * The built-in sources that are transcribed tables, in catalog order; {@code catalog/sources.properties} describes
     * each (title, citation, upstream at its commit) and {@code catalog/files.tsv} names its one file. All are NVIDIA
     * DeepLearningExamples README tables of machines that are not in shared/data.
     */
    public static final List<String> SOURCES = List.of("dle-resnet50-pytorch", "dle-bert-dgxa100",
            "dle-transformerxl-pytorch", "dle-transformerxl-dgx2h", "dle-resnet50-mxnet", "dle-bert-tf-1903",
            "dle-efficientnet-b4-tf2", "dle-resnet50-tf1", "dle-bert-pytorch-multinode");

    /**
     * @param source the built-in source's name (in {@code catalog/sources.properties}), whose one file
     *               {@code catalog/files.tsv} names
     */
    public TranscribedTableImporter(String source) {
        this(DataSources.builtIn(source));
    }

    private TranscribedTableImporter(DataSource source) {
        super(source, "a transcribed table in the generic CSV format (" + onlyFile(source)
                + " or its folder)", onlyFile(source));
    }

    private static String onlyFile(DataSource source) {
        if (source.files().size() != 1) {
            throw new IllegalStateException("built-in source " + source.name() + " has " + source.files().size()
                    + " files in catalog/files.tsv; a transcribed table has one");
        }
        return source.files().get(0).path();
    }

    @Override
    ImportedObservations read(InputStream in, String display, String fileName) throws IOException {
        return new GenericCsvImporter().read(in, display, fileName);
    }
}
