package io.stepcast.datasets.zoo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Every model added for the all-reduce traces, its parameter count against the published count (exact where
 * the reference implementation defines one), and its forward FLOPs where a published figure exists.
 * FLOPs here are 2 per multiply-accumulate; "GMACs" figures are doubled.
 */
class PublishedParameterCountsTest {
    private final ModelZoo zoo = new ModelZoo();

    private long params(String name) {
        ZooModel m = zoo.get(name);
        assertThat(m.parameterBytes()).isEqualTo(4 * m.parameters());
        return m.parameters();
    }

    private double gflops(String name) {
        return zoo.get(name).forwardFlops() / 1e9;
    }

    /** torchvision's weights metadata: {@code num_params} and GFLOPS (multiply-accumulates). */
    @ParameterizedTest
    @CsvSource({
            // torchvision VGG19_Weights.IMAGENET1K_V1: num_params 143,667,240, 19.63 GFLOPS
            "VGG19, 143667240, 19.63, 0.01",
            // torchvision ResNet101_Weights.IMAGENET1K_V1: num_params 44,549,160, 7.80 GFLOPS
            "ResNet-101, 44549160, 7.80, 0.01",
            // torchvision MobileNet_V2_Weights.IMAGENET1K_V1: num_params 3,504,872, 0.30 GFLOPS (two decimals)
            "MobileNetV2, 3504872, 0.30, 0.04"})
    void torchvisionModels(String name, long parameters, double gmacs, double tolerance) {
        assertThat(params(name)).isEqualTo(parameters);
        assertThat(gflops(name) / (2 * gmacs)).isCloseTo(1.0, within(tolerance));
    }

    @Test
    void yolov3() {
        // ultralytics/yolov3 (yolov3.cfg, 80 classes) "Model Summary: ... 61949149 parameters"; the same number
        // is the trainable count of the Keras port of yolov3.weights (batch-norm moving statistics excluded)
        assertThat(params("YOLOv3")).isEqualTo(61_949_149L);
        assertThat(params("yolov3")).isEqualTo(61_949_149L);
        // Darknet prints 65.879 BFLOPs for yolov3.cfg at 416x416 (2 per multiply-accumulate)
        assertThat(gflops("YOLOv3") / 65.879).isCloseTo(1.0, within(0.01));
        // PASCAL VOC: the three output convolutions have 3 x (5 + 20) = 75 channels instead of 255
        assertThat(params("YOLOv3-VOC")).isEqualTo(61_949_149L - 180L * (1024 + 512 + 256 + 3));
    }

    @Test
    void bertBaseAndLarge() {
        // HuggingFace BertModel.from_pretrained("bert-base-uncased").num_parameters() = 109,482,240 (with the
        // pooler; without it 108,891,648); Devlin et al. (NAACL 2019) round it to 110M
        assertThat(params("BERT-base")).isEqualTo(109_482_240L);
        assertThat(params("bert")).isEqualTo(109_482_240L);
        ZooModel base = zoo.get("BERT-base");
        long pooler = 768L * 768 + 768;
        assertThat(base.layers().get(base.layers().size() - 1).parameters()).isEqualTo(pooler);
        // HuggingFace bert-large-uncased BertModel: 335,141,888 with the pooler; the paper rounds to 340M
        assertThat(params("BERT-large")).isEqualTo(335_141_888L);
        // The 128-token entry has the same parameters (512 positions included); only the work per sequence differs
        assertThat(params("BERT-large-seq128")).isEqualTo(335_141_888L);
        assertThat(zoo.get("BERT-large-seq128").forwardFlops()).isLessThan(zoo.get("BERT-large").forwardFlops() / 4);
        assertThat(base.transformer()).get().extracting(t -> t.layers(), t -> t.hidden(), t -> t.heads())
                .containsExactly(12, 768, 12);
    }

    @Test
    void gpt2AllFourSizes() {
        // HuggingFace GPT2Model num_parameters() for gpt2, gpt2-medium, gpt2-large, gpt2-xl; the output layer is
        // tied to wte, so GPT2LMHeadModel has the same counts (Radford et al. 2019, Table 2, round them to
        // 117M/345M/762M/1542M, counted before the released vocabulary and context were fixed)
        assertThat(params("GPT-2")).isEqualTo(124_439_808L);
        assertThat(params("gpt2-medium")).isEqualTo(354_823_168L);
        assertThat(params("gpt2-large")).isEqualTo(774_030_080L);
        assertThat(params("gpt2-xl")).isEqualTo(1_557_611_200L);
        assertThat(params("gpt-l12-h768-a12-s1024-v50257")).isEqualTo(124_439_808L);
    }

    @Test
    void transformerBaseAndBig() {
        // Vaswani et al. (NeurIPS 2017) Table 3 gives 65 x 10^6 (base) and 213 x 10^6 (big), rounded and without
        // the layer-exact definition; with the shared 37,000-token vocabulary of section 5.1 and post-norm layers
        // (fairseq transformer_wmt_en_de / transformer_vaswani_wmt_en_de_big) the counts are:
        assertThat(params("Transformer-base")).isEqualTo(63_082_496L);
        assertThat(params("Transformer-big")).isEqualTo(214_245_376L);
        assertThat(params("Transformer-base") / 65e6).isCloseTo(1.0, within(0.03));
        assertThat(params("Transformer-big") / 213e6).isCloseTo(1.0, within(0.01));
    }

    @Test
    void deepSpeech2() {
        // No published count for this form; computed from deepspeech.pytorch v2's module definitions:
        // conv 41x11 (14,432 + 32) and 21x11 (236,544 + 32), two batch norms (64 each), the first bidirectional
        // LSTM 1312 -> 1024 (2 x (4096 x 2336 + 8192)), four more with batch norm (2048 + 2 x (4096 x 2048 + 8192)),
        // batch norm 2048 and the 1024 x 29 output
        long expected = 14_464 + 64 + 236_576 + 64 + 2L * (4096 * 2336 + 8192)
                + 4 * (2048 + 2L * (4096 * 2048 + 8192)) + 2048 + 1024 * 29;
        assertThat(params("DeepSpeech2")).isEqualTo(expected).isEqualTo(86_618_400L);
    }

    @Test
    void gnmt() {
        // MLPerf GNMT v2: "MLPerf GNMT has 160671297 parameters" (NVIDIA apex / DeepLearningExamples GNMT,
        // shared embedding, vocabulary 32,320, 4+4 layers of 1024)
        assertThat(params("GNMT")).isEqualTo(160_671_297L);
    }

    @Test
    void ncf() {
        // No published count for this form; guoyang9/NCF NeuMF-end with AdaptDL's defaults (32 factors, 3 layers)
        // on MovieLens-1M (6,040 users, 3,706 items): GMF embeddings 9,746 x 32, MLP embeddings 9,746 x 128,
        // MLP 256-128-64-32 with biases, prediction 64 -> 1
        long expected = 9746L * 32 + 9746L * 128 + (256 * 128 + 128) + (128 * 64 + 64) + (64 * 32 + 32) + 65;
        assertThat(params("NCF")).isEqualTo(expected).isEqualTo(1_602_657L);
    }

    @Test
    void gavelLanguageModel() {
        // PyTorch word_language_model on WikiText-2: Embedding(33278, 200), LSTM(200, 200, 2), Linear(200, 33278)
        // (the module printout of the example; Gavel's defaults emsize = nhid = 200, nlayers = 2, untied)
        long expected = 33278L * 200 + 2 * (4L * 200 * 400 + 8 * 200) + 200L * 33278 + 33278;
        assertThat(params("LM")).isEqualTo(expected).isEqualTo(13_987_678L);
    }

    @Test
    void gavelRecommendation() {
        // No published count; Recoder DynamicAutoencoder(hidden_layers=[200]) untied over MovieLens-20M's
        // 20,108 items (Liang et al. 2018, Table 1): two 20,108 x 200 embeddings, biases 200 and 20,108
        assertThat(params("Recommendation")).isEqualTo(2L * 20108 * 200 + 200 + 20108);
    }

    @Test
    void gavelA3c() {
        // No published count; rl_a3c_pytorch A3Clstm for Pong (6 actions, 1x80x80): convolutions 832 + 25,632 +
        // 32,832 + 36,928, LSTMCell(1024, 512) 4 x 512 x 1536 + 2 x 2048, critic 513, actor 3,078
        assertThat(params("A3C")).isEqualTo(832 + 25_632 + 32_832 + 36_928 + 4L * 512 * 1536 + 4096 + 513 + 3078);
    }

    @Test
    void gavelCycleGan() {
        // junyanz/pytorch-CycleGAN-and-pix2pix prints "[Network G_A] Total number of parameters : 11.378 M" and
        // "[Network D_A] ... 2.765 M" for the same ResNet-9 generator and 70x70 PatchGAN (instance norm without
        // parameters); PyTorch-GAN's (Gavel's) networks have the same layer shapes
        ZooModel m = zoo.get("CycleGAN");
        long generator = m.layers().stream().filter(l -> l.name().startsWith("G_AB.")).mapToLong(ZooLayer::parameters).sum();
        long discriminator = m.layers().stream().filter(l -> l.name().startsWith("D_A.")).mapToLong(ZooLayer::parameters).sum();
        assertThat(generator).isEqualTo(11_378_179L);
        assertThat(discriminator).isEqualTo(2_764_737L);
        assertThat(generator / 1e6).isCloseTo(11.378, within(0.0005));
        assertThat(discriminator / 1e6).isCloseTo(2.765, within(0.0005));
        assertThat(params("CycleGAN")).isEqualTo(2 * (generator + discriminator));
    }

    /** The model names of Gavel's job table (scheduler/job_table.py) and the Pollux trace folders. */
    @ParameterizedTest
    @CsvSource({"ResNet-18, ResNet-18", "ResNet-50, ResNet-50", "LM, LSTM-LM", "Recommendation, Autoencoder-ML20M",
            "A3C, A3C", "CycleGAN, CycleGAN", "bert, BERT-base", "cifar10, ResNet-18", "deepspeech2, DeepSpeech2",
            "imagenet, ResNet-50", "ncf, NCF", "yolov3, YOLOv3"})
    void namesOfTheRealTraces(String name, String canonical) {
        assertThat(zoo.canonical(name)).contains(canonical);
    }

    @Test
    void gavelTransformerHasNoEntry() {
        // its Multi30k vocabulary sizes, which decide most of its parameters, are not published
        assertThat(zoo.canonical("Transformer")).isEmpty();
    }
}
