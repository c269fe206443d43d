package io.stepcast.datasets.importers;

import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.datasets.catalog.DataSources;

import java.io.IOException;
import java.io.InputStream;

/**
 * A published table transcribed for stepcast in the generic CSV format ({@link GenericCsvImporter}: the columns a
 * user's file has) and embedded in the jar under {@code embedded/<source>/}, with a README naming the repository,
 * commit and table ({@link OneFileTableImporter}). Its rows are read exactly as a user's file would be, so a suite
 * that scores them also checks the path from a user's file to the predictors.
 */
public final class TranscribedTableImporter extends OneFileTableImporter {
    /** NVIDIA DeepLearningExamples' ResNet-50 v1.5 for PyTorch: 1 and 8 GPUs, TF32/FP32 beside mixed precision. */
    public static final String RESNET50_PYTORCH = "dle-resnet50-pytorch";
    /** NVIDIA DeepLearningExamples' BERT-large for TensorFlow on DGX A100: one node and 4-32 nodes, accumulation. */
    public static final String BERT_DGXA100 = "dle-bert-dgxa100";
    /** NVIDIA DeepLearningExamples' Transformer-XL large for PyTorch: one node of a DGX A100, DGX-1 or DGX-2H. */
    public static final String TRANSFORMERXL_PYTORCH = "dle-transformerxl-pytorch";
    /** The same model on one to eight DGX-2H nodes, with the single-node DGX-2H rows. */
    public static final String TRANSFORMERXL_DGX2H = "dle-transformerxl-dgx2h";
    /** NVIDIA DeepLearningExamples' ResNet-50 v1.5 for MXNet: 1-8 GPUs of a DGX A100 and a DGX-1, 1-16 of a DGX-2. */
    public static final String RESNET50_MXNET = "dle-resnet50-mxnet";
    /** NVIDIA DeepLearningExamples' BERT-large for TensorFlow 19.03: 1-8 GPUs of two DGX-1, 1-16 of a DGX-2. */
    public static final String BERT_TF_1903 = "dle-bert-tf-1903";
    /** NVIDIA DeepLearningExamples' EfficientNet-B4 for TensorFlow 2: 1 to 8 nodes of DGX A100 80GB and of DGX-1. */
    public static final String EFFICIENTNET_B4_TF2 = "dle-efficientnet-b4-tf2";
    /**
     * NVIDIA DeepLearningExamples' ResNet-50 v1.5 for TensorFlow 1 (20.06-tf1): 1 and 8 GPUs of a DGX A100 and of a
     * DGX-1, 1 and 16 of a DGX-2.
     */
    public static final String RESNET50_TF1 = "dle-resnet50-tf1";
    /**
     * NVIDIA DeepLearningExamples' BERT-large pre-training for PyTorch: 1-16 nodes of DGX-1, 1-64 of DGX-2H, no row of
     * one GPU.
     */
    public static final String BERT_PYTORCH_MULTINODE = "dle-bert-pytorch-multinode";

    /**
     * @param source the built-in source's name (in {@code catalog/sources.properties})
     * @param file   the one CSV file of the source
     */
    public TranscribedTableImporter(String source, String file) {
        super(DataSources.builtIn(source), "a transcribed table in the generic CSV format (" + file
                + " or its folder)", file);
    }

    /** The ResNet-50 PyTorch table. */
    public static TranscribedTableImporter resnet50Pytorch() {
        return new TranscribedTableImporter(RESNET50_PYTORCH, "dle_resnet50v15_pytorch_2103.csv");
    }

    /** The BERT DGX A100 tables. */
    public static TranscribedTableImporter bertDgxA100() {
        return new TranscribedTableImporter(BERT_DGXA100, "dle_bert_tf_2006_dgxa100.csv");
    }

    /** The Transformer-XL single-node tables. */
    public static TranscribedTableImporter transformerXlPytorch() {
        return new TranscribedTableImporter(TRANSFORMERXL_PYTORCH, "dle_transformerxl_pytorch_2006.csv");
    }

    /** The Transformer-XL DGX-2H tables, one to eight nodes. */
    public static TranscribedTableImporter transformerXlDgx2h() {
        return new TranscribedTableImporter(TRANSFORMERXL_DGX2H, "dle_transformerxl_pytorch_2006_dgx2h.csv");
    }

    /** The ResNet-50 v1.5 for MXNet tables. */
    public static TranscribedTableImporter resnet50Mxnet() {
        return new TranscribedTableImporter(RESNET50_MXNET, "dle_resnet50v15_mxnet_2012.csv");
    }

    /** The BERT-large TensorFlow 19.03 single-node tables. */
    public static TranscribedTableImporter bertTf1903() {
        return new TranscribedTableImporter(BERT_TF_1903, "dle_bert_tf_1903_single_node.csv");
    }

    /** The EfficientNet-B4 TensorFlow 2 tables, one to eight nodes. */
    public static TranscribedTableImporter efficientNetB4Tf2() {
        return new TranscribedTableImporter(EFFICIENTNET_B4_TF2, "dle_efficientnet_b4_tf2_2102.csv");
    }

    /** The ResNet-50 v1.5 for TensorFlow 1 (20.06-tf1) tables. */
    public static TranscribedTableImporter resnet50Tf1() {
        return new TranscribedTableImporter(RESNET50_TF1, "dle_resnet50v15_tf1_2006.csv");
    }

    /** The BERT-large PyTorch multi-node tables, from one full node. */
    public static TranscribedTableImporter bertPytorchMultinode() {
        return new TranscribedTableImporter(BERT_PYTORCH_MULTINODE, "dle_bert_pytorch_multinode.csv");
    }

    @Override
    ImportedObservations read(InputStream in, String display, String fileName) throws IOException {
        return new GenericCsvImporter().read(in, display, fileName);
    }
}
