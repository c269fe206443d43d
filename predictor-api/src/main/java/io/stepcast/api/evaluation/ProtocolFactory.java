package io.stepcast.api.evaluation;

import io.stepcast.api.plugin.ProfileSource;

import java.util.Optional;

/**
 * Makes the protocol a suite names. Registered under the protocol's name, the leading word of what a suite
 * writes ({@code kfold} for {@code kfold:5:job}, {@code cross-hardware} for
 * {@code cross-hardware:v100+single-worker}).
 */
@FunctionalInterface
public interface ProtocolFactory {
    /**
     * @param spec the protocol as written in the suite, name included
     * @param zoo  profiles a protocol may synthesise for its training sides, when a plugin provides them
     * @throws IllegalArgumentException naming the spec and the accepted form when it is not understood
     */
    Protocol create(String spec, Optional<ProfileSource> zoo);
}
