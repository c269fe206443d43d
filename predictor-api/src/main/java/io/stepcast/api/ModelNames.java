package io.stepcast.api;

import java.util.Locale;

/**
 * Canonical keys for model names, so that {@code ResNet-50}, {@code resnet50} and {@code RESNET_50}
 * compare equal. The dataset module's model zoo adds real aliases ({@code imagenet} for ResNet-50 in
 * the Pollux traces); this class only removes case and punctuation.
 */
public final class ModelNames {
    private ModelNames() {
    }

    /** Lower-case letters and digits of {@code name}, everything else dropped. */
    public static String key(String name) {
        StringBuilder b = new StringBuilder(name.length());
        for (char c : name.toLowerCase(Locale.ROOT).toCharArray()) {
            if (Character.isLetterOrDigit(c)) {
                b.append(c);
            }
        }
        return b.toString();
    }
}
