package io.stepcast.api.plugin;

import java.util.Optional;

/**
 * One file of a data source as published in {@code shared/data}.
 *
 * @param path   path relative to the source's folder ({@code imagenet/placements.csv})
 * @param sha256 SHA-256 of the file's bytes, lower-case hex
 * @param bytes  size in bytes
 * @param url    where the file can be downloaded from, when it exists upstream as a file (the Courier and
 *               TensorFlow benchmark tables are transcribed figures, embedded in stepcast instead)
 */
public record SourceFile(String path, String sha256, long bytes, Optional<String> url) {
}
