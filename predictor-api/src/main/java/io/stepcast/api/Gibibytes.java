package io.stepcast.api;

import java.util.Locale;

/**
 * The unit every memory figure of stepcast is shown in: the gibibyte, 2^30 bytes. A GPU's memory is sold in binary
 * units: the "40 GB" of an A100 is 40 GiB, and nvidia-smi reports its total as 40,960 MiB (81,920 MiB for the A100 80
 * GB, 81,559 MiB for the H100 80 GB, whose driver keeps a little back; totals collected in modal-labs/modal-client pull
 * request #2797). PyTorch's and Megatron-LM's memory reports divide by 2^20 and 2^30 too, so a peak shown in GiB reads
 * against both the datasheet and the logs.
 */
public final class Gibibytes {
    /** Bytes in a GiB. */
    public static final double BYTES = 1L << 30;

    private Gibibytes() {
    }

    /** {@code bytes} in GiB, one decimal ({@code 76.1}). */
    public static String format(double bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / BYTES);
    }
}
