package io.stepcast.datasets.hardware;

/**
 * What a message about hardware the catalog does not have ends with: how to state it. One text, so that every such
 * message (a composed label's unknown part, a GPU the catalog lacks) points to the same place.
 */
final class HardwareFileHint {
    /** Where a hardware file is named and documented. */
    static final String WHERE = "(--hardware-file FILE or STEPCAST_HARDWARE_FILE; README, \"Your own hardware\")";
    /** The suffix, after a message's own reason. */
    static final String TEXT = "; a hardware file can state it " + WHERE;

    private HardwareFileHint() {
    }
}
