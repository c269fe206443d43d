package io.stepcast.datasets.zoo;

import io.stepcast.datasets.zoo.NetBuilder.Shape;

import java.util.List;
import java.util.Optional;

/**
 * Recurrent models layer by layer, following the reference implementations named in each method's
 * Javadoc (PyTorch {@code nn.LSTM} parameter names). FLOPs as {@link NetBuilder} counts them.
 */
final class RecurrentModels {
    private RecurrentModels() {
    }

    /**
     * DeepSpeech2 (Amodei et al., ICML 2016) as {@code SeanNaren/deepspeech.pytorch} (v2, {@code model.py}
     * and its default configuration) defines it: spectrogram of 161 frequency bins (16 kHz, 20 ms window),
     * two convolutions 41x11 / 21x11 with 32 channels and batch norm, five bidirectional LSTM layers of 1024
     * (directions summed; batch norm before every layer but the first), batch norm and a 29-character
     * output without bias. FLOPs for a 10 s utterance (1,000 frames of 10 ms).
     */
    static ZooModel deepSpeech2() {
        NetBuilder b = new NetBuilder();
        int frames = 1000;
        Shape s = new Shape(1, 161, frames);
        s = b.conv("conv.seq_module.0", s, 32, 41, 11, 2, 2, 20, 5, 1, true);
        s = b.bn("conv.seq_module.1", s);
        s = b.conv("conv.seq_module.3", s, 32, 21, 11, 2, 1, 10, 5, 1, true);
        s = b.bn("conv.seq_module.4", s);
        int hidden = 1024;
        long steps = s.w();
        int in = s.c() * s.h();
        for (int i = 0; i < 5; i++) {
            if (i > 0) {
                b.layer("rnns." + i + ".batch_norm.module", "FusedBatchNorm", List.of(
                        new TensorSpec("rnns." + i + ".batch_norm.module.weight", List.of(in)),
                        new TensorSpec("rnns." + i + ".batch_norm.module.bias", List.of(in))), 2L * in * steps);
            }
            b.lstm("rnns." + i + ".rnn", 0, in, hidden, true, steps);
            in = hidden;
        }
        b.layer("fc.0.module.0", "FusedBatchNorm", List.of(new TensorSpec("fc.0.module.0.weight", List.of(hidden)),
                new TensorSpec("fc.0.module.0.bias", List.of(hidden))), 2L * hidden * steps);
        b.linear("fc.0.module.1", hidden, 29, false, steps);
        return b.build("DeepSpeech2", "deepspeech.pytorch v2 DeepSpeech2: 2 conv + 5 x bidirectional LSTM 1024, "
                + "29 characters; FLOPs for a 10 s utterance (161 x 1000 spectrogram)", List.of(1, 161, frames),
                Optional.empty());
    }

    /**
     * GNMT (Wu et al., 2016) as the MLPerf reference defines it ({@code NVIDIA/DeepLearningExamples},
     * {@code PyTorch/Translation/GNMT}, "GNMT v2"): shared source/target embedding of the 32,320-token BPE
     * vocabulary, width 1024, a 4-layer encoder (the first bidirectional, the second taking its 2048-wide
     * output), a decoder whose first LSTM feeds normalised Bahdanau attention and 3 LSTM layers that take the
     * context too, and the classifier. FLOPs for 50 source and 50 target tokens.
     */
    static ZooModel gnmt() {
        NetBuilder b = new NetBuilder();
        int v = 32320;
        int h = 1024;
        long src = 50;
        long tgt = 50;
        b.embedding("encoder.embedder", v, h);
        b.lstm("encoder.rnn_layers.0", 0, h, h, true, src);
        b.lstm("encoder.rnn_layers.1", 0, 2 * h, h, false, src);
        b.lstm("encoder.rnn_layers.2", 0, h, h, false, src);
        b.lstm("encoder.rnn_layers.3", 0, h, h, false, src);
        b.lstm("decoder.att_rnn.rnn", 0, h, h, false, tgt);
        String a = "decoder.att_rnn.attn.";
        // keys projected once per source token, the query once per target step, then scores and context
        long attention = src * NetBuilder.linearFlops(h, h, false) + tgt * NetBuilder.linearFlops(h, h, false)
                + TransformerModels.attentionFlops(tgt, src, h);
        b.layer("decoder.att_rnn.attn", "Attention", List.of(
                new TensorSpec(a + "linear_q.weight", List.of(h, h)), new TensorSpec(a + "linear_k.weight", List.of(h, h)),
                new TensorSpec(a + "linear_att", List.of(h)), new TensorSpec(a + "normalize_scalar", List.of(1)),
                new TensorSpec(a + "normalize_bias", List.of(h))), attention);
        for (int i = 0; i < 3; i++) {
            b.lstm("decoder.rnn_layers." + i, 0, 2 * h, h, false, tgt);
        }
        b.linear("decoder.classifier.classifier", h, v, true, tgt);
        return b.build("GNMT", "MLPerf GNMT v2 (NVIDIA DeepLearningExamples PyTorch): 4+4 LSTM layers of 1024, "
                + "attention, shared 32,320-token vocabulary; FLOPs for 50+50 tokens", List.of((int) src, (int) tgt),
                Optional.empty());
    }

    /**
     * Gavel's "LM" job: the PyTorch {@code word_language_model} example as Gavel runs it
     * ({@code workloads/pytorch/language_modeling/main.py} defaults: 2-layer LSTM, 200 embedding and hidden
     * units, untied, 35-token BPTT) on WikiText-2, whose dictionary has 33,278 words. FLOPs for one
     * 35-token sequence.
     */
    static ZooModel lstmLanguageModel() {
        NetBuilder b = new NetBuilder();
        int v = 33278;
        long bptt = 35;
        b.embedding("encoder", v, 200);
        b.lstm("rnn", 0, 200, 200, false, bptt);
        b.lstm("rnn", 1, 200, 200, false, bptt);
        b.linear("decoder", 200, v, true, bptt);
        return b.build("LSTM-LM", "PyTorch word_language_model (Gavel's LM): 2 x LSTM 200, WikiText-2 vocabulary "
                + "33,278, untied; FLOPs for 35 tokens", List.of((int) bptt), Optional.empty());
    }

    /**
     * Gavel's "A3C" job: {@code dgriff777/rl_a3c_pytorch}'s {@code A3Clstm} on Pong (1 x 80 x 80 frames,
     * 6 actions): four convolutions with max-pooling, an LSTM cell 1024 -> 512, critic and actor heads.
     * FLOPs for one frame.
     */
    static ZooModel a3c() {
        NetBuilder b = new NetBuilder();
        Shape s = new Shape(1, 80, 80);
        s = NetBuilder.pool(b.conv("conv1", s, 32, 5, 1, 2, true), 2, 2, 0, false);
        s = NetBuilder.pool(b.conv("conv2", s, 32, 5, 1, 1, true), 2, 2, 0, false);
        s = NetBuilder.pool(b.conv("conv3", s, 64, 4, 1, 1, true), 2, 2, 0, false);
        s = NetBuilder.pool(b.conv("conv4", s, 64, 3, 1, 1, true), 2, 2, 0, false);
        b.lstmCell("lstm", (int) s.elements(), 512);
        b.linear("critic_linear", 512, 1, true);
        b.linear("actor_linear", 512, 6, true);
        return b.build("A3C", "rl_a3c_pytorch A3Clstm (Gavel's A3C), Pong 1x80x80, 6 actions", new Shape(1, 80, 80));
    }
}
