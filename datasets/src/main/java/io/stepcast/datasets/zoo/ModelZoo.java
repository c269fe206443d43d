package io.stepcast.datasets.zoo;

import io.stepcast.api.EditDistance;
import io.stepcast.api.ModelNames;
import io.stepcast.api.zoo.TransformerShape;

import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Exact parameter tensors and per-layer forward FLOPs of the models the reference data trains, looked up
 * by the names the data uses, case and punctuation insensitive ({@link ModelNames#key}).
 *
 * <table>
 *   <caption>Models, parameter counts and accepted names</caption>
 *   <tr><th>model</th><th>parameters</th><th>names</th></tr>
 *   <tr><td>LeNet-5 (BigDL)</td><td>22,278</td><td>lenet5, lenet, LeNet-5</td></tr>
 *   <tr><td>MLP 784-128-10</td><td>101,770</td><td>mlp, simplenet</td></tr>
 *   <tr><td>AlexNet (torchvision)</td><td>61,100,840</td><td>AlexNet</td></tr>
 *   <tr><td>VGG-16 (torchvision)</td><td>138,357,544</td><td>VGG16, vgg16, VGG-16</td></tr>
 *   <tr><td>ResNet-50 (torchvision)</td><td>25,557,032</td><td>ResNet-50, resnet50, imagenet (Pollux)</td></tr>
 *   <tr><td>ResNet-152 (torchvision)</td><td>60,192,808</td><td>ResNet-152, resnet152</td></tr>
 *   <tr><td>Inception-v3 (torchvision, with auxiliary classifier)</td><td>27,161,264</td><td>InceptionV3,
 *       inception3 (tf_cnn_benchmarks), inception_v3</td></tr>
 *   <tr><td>GoogLeNet (torchvision)</td><td>6,624,904</td><td>GoogLeNet, inception1, InceptionV1</td></tr>
 *   <tr><td>ResNet-18 for CIFAR-10</td><td>11,173,962</td><td>ResNet-18, resnet18, cifar10 (Pollux, Gavel)</td></tr>
 *   <tr><td>VGG-19 (torchvision)</td><td>143,667,240</td><td>VGG19, vgg_19</td></tr>
 *   <tr><td>ResNet-101 (torchvision)</td><td>44,549,160</td><td>ResNet-101, resnet101</td></tr>
 *   <tr><td>MobileNetV2 (torchvision)</td><td>3,504,872</td><td>MobileNetV2, mobilenet_v2</td></tr>
 *   <tr><td>YOLOv3 (COCO, 80 classes)</td><td>61,949,149</td><td>YOLOv3, yolov3 (Pollux; VOC has 20)</td></tr>
 *   <tr><td>YOLOv3 (PASCAL VOC, 20 classes)</td><td>61,626,049</td><td>YOLOv3-VOC</td></tr>
 *   <tr><td>BERT-base (HuggingFace, with pooler)</td><td>109,482,240</td><td>BERT-base, bert (Pollux)</td></tr>
 *   <tr><td>BERT-large (HuggingFace, with pooler)</td><td>335,141,888</td><td>BERT-large</td></tr>
 *   <tr><td>BERT-large at 128 tokens (the same parameters, the FLOPs of a 128-token sequence)</td>
 *       <td>335,141,888</td><td>BERT-large-seq128</td></tr>
 *   <tr><td>GPT-2 124M / 355M / 774M / 1.5B (HuggingFace, tied)</td><td>124,439,808 / 354,823,168 /
 *       774,030,080 / 1,557,611,200</td><td>GPT-2, GPT-2-medium, GPT-2-large, GPT-2-XL</td></tr>
 *   <tr><td>Transformer base / big (Vaswani et al.)</td><td>63,082,496 / 214,245,376</td><td>Transformer-base,
 *       Transformer-big</td></tr>
 *   <tr><td>DeepSpeech2 (deepspeech.pytorch)</td><td>86,618,400</td><td>DeepSpeech2, deepspeech2 (Pollux)</td></tr>
 *   <tr><td>GNMT v2 (MLPerf)</td><td>160,671,297</td><td>GNMT</td></tr>
 *   <tr><td>NCF NeuMF (MovieLens-1M)</td><td>1,602,657</td><td>NCF, ncf (Pollux), NeuMF</td></tr>
 *   <tr><td>LSTM language model (WikiText-2)</td><td>13,987,678</td><td>LSTM-LM, LM (Gavel)</td></tr>
 *   <tr><td>Recoder autoencoder (MovieLens-20M)</td><td>8,063,508</td><td>Autoencoder-ML20M, Recommendation (Gavel)</td></tr>
 *   <tr><td>A3C-LSTM (Pong)</td><td>3,249,639</td><td>A3C (Gavel)</td></tr>
 *   <tr><td>CycleGAN (2 generators + 2 discriminators)</td><td>28,285,832</td><td>CycleGAN (Gavel)</td></tr>
 *   <tr><td>BERT or the Transformer at another sequence length (the same parameters, the FLOPs of that
 *       length)</td><td>as the model</td><td>{@code <model>-seq<tokens>}, e.g. {@code BERT-base-seq128}</td></tr>
 *   <tr><td>Llama 2 7B / 13B / 70B (Hugging Face {@code meta-llama/Llama-2-*-hf} config.json, see
 *       {@code LlamaModels})</td><td>6,738,415,616 / 13,015,864,320 / 68,976,648,192</td><td>llama2-7b,
 *       Llama-2-7b-hf, meta-llama/Llama-2-13b-hf, llama-2-70b</td></tr>
 *   <tr><td>Llama 3 8B / 70B (Meta's params.json)</td><td>8,030,261,248 / 70,553,706,496</td><td>llama3-8b,
 *       Meta-Llama-3-8B, llama3.1-8b, Llama-3.1-70B</td></tr>
 *   <tr><td>Llama 3.1 405B (meta-llama/llama-models sku_list.py)</td><td>405,853,388,800</td><td>llama3.1-405b,
 *       meta-llama/Llama-3.1-405B</td></tr>
 *   <tr><td>a published Llama at another sequence length (rotary positions: the same parameters)</td>
 *       <td>as the model</td><td>{@code llama3-8b-seq4096}</td></tr>
 *   <tr><td>parametric GPT</td><td>from the shape</td><td>{@code gpt-l24-h1024-a16-s2048-v50304} (see
 *       {@code GptName})</td></tr>
 *   <tr><td>parametric Llama</td><td>from the shape</td><td>{@code llama-l32-h4096-a32-kv8-f14336-s8192-v128256}
 *       (see {@code LlamaName})</td></tr>
 * </table>
 *
 * <p>FLOPs per sample count 2 per multiply-accumulate of convolutions, fully connected layers, recurrent
 * cells and attention, 1 per output for biases and 2 per element for batch and layer normalisation (see
 * {@code NetBuilder}); activations, pooling and softmax are not counted. Gavel's "Transformer" job has no
 * entry: its Multi30k vocabulary sizes (which decide most of its parameters) are not published. Models are
 * built on first use and are immutable; the zoo is thread-safe.
 */
public final class ModelZoo {
    private static final Map<String, Supplier<ZooModel>> BUILDERS = builders();
    private static final Map<String, String> ALIASES = aliases();

    private final Map<String, ZooModel> built = new ConcurrentHashMap<>();

    /** A zoo; models are built lazily and kept. */
    public ModelZoo() {
    }

    private static Map<String, Supplier<ZooModel>> builders() {
        Map<String, Supplier<ZooModel>> m = new LinkedHashMap<>();
        m.put("LeNet-5", Architectures::lenet5);
        m.put("MLP", Architectures::mlp);
        m.put("AlexNet", Architectures::alexnet);
        m.put("VGG16", Architectures::vgg16);
        m.put("ResNet-50", () -> Architectures.resnetBottleneck("ResNet-50", new int[] {3, 4, 6, 3}));
        m.put("ResNet-152", () -> Architectures.resnetBottleneck("ResNet-152", new int[] {3, 8, 36, 3}));
        m.put("InceptionV3", Architectures::inceptionV3);
        m.put("GoogLeNet", Architectures::googlenet);
        m.put("ResNet-18", Architectures::cifarResnet18);
        m.put("VGG19", Architectures::vgg19);
        m.put("ResNet-101", () -> Architectures.resnetBottleneck("ResNet-101", new int[] {3, 4, 23, 3}));
        m.put("MobileNetV2", VisionModels::mobileNetV2);
        m.put("YOLOv3", () -> VisionModels.yolov3("YOLOv3", 80));
        m.put("YOLOv3-VOC", () -> VisionModels.yolov3("YOLOv3-VOC", 20));
        m.put("BERT-base", () -> TransformerModels.bert("BERT-base", 12, 768, 12));
        m.put("BERT-large", () -> TransformerModels.bert("BERT-large", 24, 1024, 16));
        m.put("BERT-large-seq128", () -> SequenceVariants.of("BERT-large", 128).build());
        gpt2(m, "GPT-2", 12, 768, 12, "124M");
        gpt2(m, "GPT-2-medium", 24, 1024, 16, "355M");
        gpt2(m, "GPT-2-large", 36, 1280, 20, "774M");
        gpt2(m, "GPT-2-XL", 48, 1600, 25, "1.5B");
        m.put("Transformer-base", () -> TransformerModels.vaswani("Transformer-base", 512, 2048, 8));
        m.put("Transformer-big", () -> TransformerModels.vaswani("Transformer-big", 1024, 4096, 16));
        m.put("DeepSpeech2", RecurrentModels::deepSpeech2);
        m.put("GNMT", RecurrentModels::gnmt);
        m.put("NCF", RecommenderModels::ncf);
        m.put("LSTM-LM", RecurrentModels::lstmLanguageModel);
        m.put("Autoencoder-ML20M", RecommenderModels::autoencoder);
        m.put("A3C", RecurrentModels::a3c);
        m.put("CycleGAN", VisionModels::cycleGan);
        for (LlamaModels.Published p : LlamaModels.PUBLISHED) {
            m.put(p.name(), p::build);
        }
        for (MoeModels.Published p : MoeModels.PUBLISHED) {
            m.put(p.name(), p::build);
        }
        return Collections.unmodifiableMap(m);
    }

    private static Map<String, String> aliases() {
        Map<String, String> a = new LinkedHashMap<>();
        for (String canonical : BUILDERS.keySet()) {
            a.put(ModelNames.key(canonical), canonical);
        }
        alias(a, "LeNet-5", "lenet", "lenet5bigdl");
        alias(a, "MLP", "simplenet", "mlp784128", "mlp78412810");
        alias(a, "AlexNet", "alexnetowt");
        alias(a, "ResNet-50", "imagenet", "resnet50v15", "resnet50v1");
        alias(a, "ResNet-152", "resnet152v1");
        alias(a, "InceptionV3", "inception3", "inception");
        alias(a, "GoogLeNet", "inception1", "inceptionv1");
        alias(a, "ResNet-18", "cifar10", "resnet18cifar", "resnet18cifar10");
        alias(a, "YOLOv3", "yolov3coco", "yolov3416");
        alias(a, "YOLOv3-VOC", "yolov3pascalvoc");
        // Pollux's bert fine-tunes on SQuAD to 88% F1 (Pollux, OSDI 2021, Table 1), BERT-base's figure.
        alias(a, "BERT-base", "bert", "bertbaseuncased", "bertbasecased");
        alias(a, "BERT-large", "bertlargeuncased", "bertlargecased");
        alias(a, "GPT-2", "gpt2small", "gpt2124m", "gpt2117m");
        alias(a, "GPT-2-medium", "gpt2355m", "gpt2345m");
        alias(a, "GPT-2-large", "gpt2774m", "gpt2762m");
        alias(a, "GPT-2-XL", "gpt215b", "gpt21558m", "gpt21542m");
        alias(a, "Transformer-base", "transformerwmtende", "transformerbasewmt");
        alias(a, "Transformer-big", "transformervaswaniwmtendebig", "transformerbigwmt");
        alias(a, "DeepSpeech2", "deepspeech", "ds2");
        alias(a, "GNMT", "gnmtv2", "gnmt4");
        alias(a, "NCF", "neumf", "neumfend");
        alias(a, "LSTM-LM", "lm", "wordlanguagemodel");
        alias(a, "Autoencoder-ML20M", "recommendation", "recoder");
        alias(a, "A3C", "a3clstm");
        llamaAliases(a, "llama2-7b", "Llama-2-7b");
        llamaAliases(a, "llama2-13b", "Llama-2-13b");
        llamaAliases(a, "llama2-70b", "Llama-2-70b");
        llamaAliases(a, "llama3-8b", "Meta-Llama-3-8B", "Llama-3-8B", "Llama-3.1-8B", "Meta-Llama-3.1-8B");
        llamaAliases(a, "llama3-70b", "Meta-Llama-3-70B", "Llama-3-70B", "Llama-3.1-70B", "Meta-Llama-3.1-70B");
        llamaAliases(a, "llama3.1-405b", "Llama-3.1-405B", "Meta-Llama-3.1-405B");
        // Hugging Face repositories and the names Megatron-Bridge's performance tables give the runs.
        alias(a, "qwen3-30b-a3b", "Qwen/Qwen3-30B-A3B", "Qwen3-30B-A3B-Base", "Qwen/Qwen3-30B-A3B-Base");
        alias(a, "qwen3-235b-a22b", "Qwen/Qwen3-235B-A22B");
        alias(a, "gpt-oss-120b", "openai/gpt-oss-120b", "GPT OSS 120B", "gptoss120b");
        alias(a, "mixtral-8x7b", "mistralai/Mixtral-8x7B-v0.1", "Mixtral-8x7B-v0.1", "Mixtral 8x7B");
        return Collections.unmodifiableMap(a);
    }

    private static void alias(Map<String, String> a, String canonical, String... keys) {
        for (String k : keys) {
            a.put(ModelNames.key(k), canonical);
        }
    }

    /**
     * A Llama's Hugging Face repository names ({@code meta-llama/Meta-Llama-3-8B}, with or without the organisation,
     * {@code -hf}, and the chat or instruct tuning, which keeps the shape) as aliases of {@code canonical}.
     */
    private static void llamaAliases(Map<String, String> a, String canonical, String... repositories) {
        for (String repo : repositories) {
            for (String tuned : List.of("", "-hf", "-chat", "-chat-hf", "-Instruct")) {
                alias(a, canonical, repo + tuned, "meta-llama/" + repo + tuned);
            }
        }
    }

    private static Optional<String> exactCanonical(String name) {
        return Optional.ofNullable(ALIASES.get(ModelNames.key(name)));
    }

    /** Canonical names of every model, in zoo order. */
    public List<String> names() {
        return List.copyOf(BUILDERS.keySet());
    }

    private static void gpt2(Map<String, Supplier<ZooModel>> m, String name, int layers, int hidden, int heads,
                             String size) {
        TransformerShape t = new TransformerShape(layers, hidden, heads, 1024, 50257, 4 * hidden);
        m.put(name, () -> TransformerModels.gpt(name, "HuggingFace GPT2Model " + size + " (" + layers + " layers, hidden "
                + hidden + ", " + heads + " heads, 1024 positions, vocabulary 50257, output projection tied to the "
                + "embedding); FLOPs for 1024 tokens", t));
    }

    /**
     * The shape of a parametric GPT's or Llama's name, or empty for any other name.
     *
     * @throws IllegalArgumentException when the shape is impossible, or one sample's forward FLOPs overflow a long
     *                                  (the bound the length variants keep, {@code SequenceVariants})
     */
    private static Optional<TransformerShape> parametric(String name) {
        Optional<TransformerShape> shape = GptName.parse(name).or(() -> LlamaName.parse(name));
        shape.ifPresent(t -> {
            try {
                model(t).forwardFlops();
            } catch (ArithmeticException overflow) {
                throw new IllegalArgumentException("model '" + name + "': one sample of " + t.sequence()
                        + " tokens has more forward FLOPs than a 64-bit count holds; state a shorter sequence");
            }
        });
        return shape;
    }

    /** The parametric model of a shape. */
    private static ZooModel model(TransformerShape t) {
        return t.style() == TransformerShape.Style.LLAMA ? LlamaName.model(t) : GptName.model(t);
    }

    /**
     * The shape a name itself states, or empty for any other name: a parametric GPT's or Llama's
     * ({@code gpt-l24-h1024-a16-s2048-v50304}, {@code llama-l32-h4096-a32-kv8-f14336-s8192-v128256}) or a length
     * variant's ({@code BERT-large-seq128}: BERT-large at 128 tokens). What the name says, which a file's shape
     * columns may contradict.
     *
     * @throws IllegalArgumentException when the name has an impossible shape or length
     */
    public Optional<TransformerShape> namedShape(String name) {
        if (name == null) {
            return Optional.empty();
        }
        Optional<TransformerShape> parametric = parametric(name);
        if (parametric.isPresent() || SequenceVariants.parse(name, ModelZoo::exactCanonical).isEmpty()) {
            return parametric;
        }
        return find(name).flatMap(ZooModel::transformer);
    }

    /**
     * The canonical name a model name resolves to, when the zoo knows it.
     *
     * @throws IllegalArgumentException when a parametric GPT or Llama name has an impossible shape
     */
    public Optional<String> canonical(String name) {
        if (name == null) {
            return Optional.empty();
        }
        Optional<TransformerShape> parametric = parametric(name);
        if (parametric.isPresent()) {
            return Optional.of(parametric.get().gptName());
        }
        String known = ALIASES.get(ModelNames.key(name));
        if (known != null) {
            return Optional.of(known);
        }
        return SequenceVariants.parse(name, ModelZoo::exactCanonical)
                .map(SequenceVariants.Variant::name);
    }

    /**
     * The zoo's name of {@code model} trained at {@code tokens} tokens per sequence, for the encoder transformers
     * (BERT, the Transformer of Vaswani et al.) and the published Llamas: {@code <model>-seq<tokens>}, or the model's
     * own name at its own length. Empty when the zoo does not know the model or keeps no other lengths of it (GPT
     * models and the parametric Llama: the parametric name of the shape names them).
     *
     * @throws IllegalArgumentException when the model takes no such length
     */
    public Optional<String> atSequence(String model, int tokens) {
        Optional<String> base = canonical(model).map(c -> c.replaceFirst("-seq\\d+$", ""))
                .filter(SequenceVariants::has);
        if (base.isEmpty()) {
            return Optional.empty();
        }
        SequenceVariants.Variant v = SequenceVariants.of(base.get(), tokens);
        String own = find(base.get()).flatMap(ZooModel::transformer).orElseThrow().sequence() == tokens
                ? base.get() : v.name();
        return Optional.of(own);
    }

    /**
     * The model under any accepted name.
     *
     * @throws IllegalArgumentException when a parametric GPT or Llama name has an impossible shape, or one whose
     *                                  sample's forward FLOPs overflow a long (the bound the length variants keep)
     */
    public Optional<ZooModel> find(String name) {
        if (name != null) {
            Optional<TransformerShape> parametric = parametric(name);
            if (parametric.isPresent()) {
                // not kept: any number of shapes may be asked for, and building one is cheap
                return Optional.of(model(parametric.get()));
            }
        }
        return canonical(name).map(c -> built.computeIfAbsent(c, k -> BUILDERS.containsKey(k) ? BUILDERS.get(k).get()
                : SequenceVariants.parse(k, ModelZoo::exactCanonical).orElseThrow().build()));
    }

    /**
     * The model under any accepted name.
     *
     * @throws IllegalArgumentException naming the closest known models when the name is unknown
     */
    public ZooModel get(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException(notInTheZoo(name)));
    }

    /** Why {@code name} names no model: the closest names, and the form of the parametric ones. */
    public String notInTheZoo(String name) {
        Optional<String> refused = refusal(name);
        if (refused.isPresent()) {
            return refused.get();
        }
        return "model '" + name + "' is not in the zoo (closest: " + String.join(", ", closest(name, 3))
                + "; every model and the parametric gpt-l<L>-h<H>-a<A>-s<S>-v<V> and "
                + "llama-l<L>-h<H>-a<A>-kv<KV>-f<F>-s<S>-v<V> names: docs/model-zoo.md)";
    }

    /**
     * Why {@code name} is refused outright, or empty: a model known by name whose architecture the zoo cannot describe
     * (DeepSeek-V3, also under its Hugging Face repository name {@code deepseek-ai/DeepSeek-V3}), which the closest
     * names would only mislead about.
     */
    public Optional<String> refusal(String name) {
        if (name != null && ModelNames.key(name).contains("deepseekv3")) {
            return Optional.of("model '" + name + "' is refused: DeepSeek-V3's multi-head latent attention and "
                    + "multi-token prediction are not modelled (stepcast's MoE models are Qwen3, GPT-OSS and Mixtral; "
                    + "docs/model-zoo.md)");
        }
        return Optional.empty();
    }

    /**
     * Up to {@code limit} canonical names closest to {@code name}, best first: the edit distance between
     * name keys ({@link ModelNames#key}) over every accepted name.
     */
    public List<String> closest(String name, int limit) {
        String key = ModelNames.key(name == null ? "" : name);
        Set<String> out = new LinkedHashSet<>();
        ALIASES.entrySet().stream()
                .sorted(Comparator.<Map.Entry<String, String>>comparingInt(e -> EditDistance.between(key, e.getKey()))
                        .thenComparing(Map.Entry::getValue))
                .forEach(e -> out.add(e.getValue()));
        return out.stream().limit(Math.max(0, limit)).toList();
    }
}
