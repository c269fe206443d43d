package io.stepcast.queueing.simulation;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.profile.Profile;
import io.stepcast.queueing.fit.Calibrated;
import io.stepcast.queueing.fit.CoarseProfiles;
import io.stepcast.queueing.fit.SingleWorkerBasis;
import io.stepcast.queueing.fit.StateFields;
import io.stepcast.queueing.fit.UnknownBytes;
import io.stepcast.models.persist.PayloadReader;
import io.stepcast.models.persist.PayloadWriter;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * The calibrated state of one {@code simulation} basis: its compiled profile (the recorded one, or a coarse
 * profile for a model known only by a measured step, {@link CoarseProfiles}) and the {@link Calibration} that
 * makes one simulated worker reproduce it, in the parameter-server mode ({@link Calibration}) and in the
 * all-reduce mode ({@link AllReduceSimulator#calibrate}).
 *
 * @param profile         the compiled profile
 * @param calibration     its parameter-server calibration
 * @param allReduceScale  the compute scale with which one all-reduce worker reproduces the profiled step
 * @param hardware        the hardware labels (lower case) of the training's single-worker rows of the basis's model
 *                        at its batch; empty when none states one
 * @param networkEfficiency the share of the inter-node link's bandwidth an all-reduce of this model achieves, in
 *                        (0, 1] ({@link LinkEfficiencyFit}); 1 when nothing was fitted
 * @param intraEfficiency the share of the intra-node link's bandwidth it achieves, in (0, 1]
 *                        ({@link LinkEfficiencyFit}); 1 when nothing was fitted
 */
record CalibratedProfile(CompiledProfile profile, Calibration calibration, double allReduceScale,
                         List<String> hardware, double networkEfficiency, double intraEfficiency) {
    CalibratedProfile {
        hardware = List.copyOf(hardware);
        if (!(networkEfficiency > 0 && networkEfficiency <= 1)) {
            throw new IllegalArgumentException("network efficiency must be in (0, 1], was " + networkEfficiency);
        }
        if (!(intraEfficiency > 0 && intraEfficiency <= 1)) {
            throw new IllegalArgumentException("intra-node efficiency must be in (0, 1], was " + intraEfficiency);
        }
    }

    CalibratedProfile(CompiledProfile profile, Calibration calibration, double allReduceScale, List<String> hardware) {
        this(profile, calibration, allReduceScale, hardware, 1, 1);
    }

    /** The same state with the hardware labels of its single-worker rows. */
    CalibratedProfile withHardware(List<String> labels) {
        return new CalibratedProfile(profile, calibration, allReduceScale, labels, networkEfficiency, intraEfficiency);
    }

    /** The same state with another all-reduce network efficiency. */
    CalibratedProfile withNetworkEfficiency(double e) {
        return new CalibratedProfile(profile, calibration, allReduceScale, hardware, e, intraEfficiency);
    }

    /** The same state with another all-reduce intra-node efficiency. */
    CalibratedProfile withIntraEfficiency(double e) {
        return new CalibratedProfile(profile, calibration, allReduceScale, hardware, networkEfficiency, e);
    }

    /**
     * Why this basis cannot stand for a configuration on {@code label}, or null when it can: its single-worker
     * rows must all be on that hardware (the simulation does not scale compute from one GPU type to another).
     */
    String hardwareMismatch(String model, String label) {
        String l = label.toLowerCase(Locale.ROOT);
        if (hardware.isEmpty() || l.equals("unknown") || hardware.equals(List.of(l))) {
            return null;
        }
        return "the single-worker rows of model " + model + " at batch " + profile.source.localBatch()
                + " were measured on " + String.join(", ", hardware) + ", not on " + l + (hardware.contains(l) ? " alone" : "")
                + ": the simulation does not scale compute from one GPU type to another";
    }

    /**
     * Saves the calibration's figures as named fields; the compiled profile is rebuilt from the basis on load. The
     * former text held them as positional fields, fewer in older payloads.
     */
    static final StateFields<CalibratedProfile> FIELDS = new StateFields<>() {
        @Override
        public void write(CalibratedProfile state, PayloadWriter into) {
            Calibration c = state.calibration;
            into.number("compute_scale", c.computeScale()).number("bandwidth_efficiency", c.bandwidthEfficiency())
                    .number("latency_s", c.latencyS()).number("simulated_step_s", c.simulatedStepS())
                    .number("profiled_step_s", c.profiledStepS()).flag("fitted_from_receives", c.fittedFromReceives())
                    .number("bus_bytes_per_s", c.busBytesPerS()).number("all_reduce_scale", state.allReduceScale)
                    .texts("hardware", state.hardware).number("network_efficiency", state.networkEfficiency)
                    .number("intra_efficiency", state.intraEfficiency);
        }

        @Override
        public CalibratedProfile read(PayloadReader from, SingleWorkerBasis basis) throws IOException {
            Profile p = profileOf(basis);
            if (p == null) {
                throw from.corrupt("basis of " + basis.model() + " has neither a profile nor bytes");
            }
            return new CalibratedProfile(CompiledProfile.of(p), new Calibration(from.number("compute_scale"),
                    from.number("bandwidth_efficiency"), from.number("latency_s"), from.number("simulated_step_s"),
                    from.number("profiled_step_s"), from.flag("fitted_from_receives"), from.number("bus_bytes_per_s")),
                    from.number("all_reduce_scale"), from.texts("hardware"), from.number("network_efficiency"),
                    from.number("intra_efficiency"));
        }

        @Override
        public CalibratedProfile readFormer(List<String> f, SingleWorkerBasis basis) {
            if (f.size() < 7 || f.size() > 11) {
                throw new IllegalArgumentException("a simulation state has 11 fields, not " + f.size());
            }
            Profile p = profileOf(basis);
            if (p == null) {
                throw new IllegalArgumentException("basis of " + basis.model() + " has neither a profile nor bytes");
            }
            CompiledProfile cp = CompiledProfile.of(p);
            // A state written before the all-reduce mode has 7 fields; its all-reduce scale is a ratio of the
            // profile's own times, derived again here; it knew no hardware labels. One of 9 fields has no fitted
            // network efficiency, one of 10 no fitted intra-node efficiency.
            double allReduce = f.size() >= 8 ? Double.parseDouble(f.get(7)) : AllReduceSimulator.calibrate(cp);
            List<String> hw = f.size() >= 9 && !f.get(8).isEmpty() ? List.of(f.get(8).split(",")) : List.of();
            double efficiency = f.size() >= 10 ? Double.parseDouble(f.get(9)) : 1;
            double intra = f.size() == 11 ? Double.parseDouble(f.get(10)) : 1;
            return new CalibratedProfile(cp, new Calibration(Double.parseDouble(f.get(0)),
                    Double.parseDouble(f.get(1)), Double.parseDouble(f.get(2)), Double.parseDouble(f.get(3)),
                    Double.parseDouble(f.get(4)), Boolean.parseBoolean(f.get(5)), Double.parseDouble(f.get(6))),
                    allReduce, hw, efficiency, intra);
        }
    };

    /**
     * Calibrates {@code basis}; refused when it has no profile and unknown parameter bytes, or when its
     * transfers alone take longer than its step.
     *
     * @param unknown          how a refusal for unknown parameter bytes ends
     * @param nominalBytesPerS nominal NIC bandwidth of the profiled setting
     * @param defaultLatencyS  latency when it cannot be fitted
     * @param busBytesPerS     host bus bandwidth (positive infinity: not modelled)
     */
    static Calibrated<CalibratedProfile> fit(SingleWorkerBasis basis, double nominalBytesPerS, double defaultLatencyS,
                                             double busBytesPerS, UnknownBytes unknown) {
        Profile p = profileOf(basis);
        if (p == null) {
            return new Calibrated.Refused<>("model " + basis.model() + " has no profile and its parameter bytes are unknown"
                    + unknown.fix(basis.model()));
        }
        CompiledProfile cp = CompiledProfile.of(p);
        try {
            Calibration cal = ParameterServerPlan.create()
                    .calibrate(cp, basis.remotePs(), nominalBytesPerS, defaultLatencyS, busBytesPerS);
            return new Calibrated.Ready<>(new CalibratedProfile(cp, cal, AllReduceSimulator.calibrate(cp), List.of()));
        } catch (CannotFitException e) {
            return new Calibrated.Refused<>(e.getMessage());
        }
    }

    private static Profile profileOf(SingleWorkerBasis basis) {
        if (basis.profile().isPresent()) {
            return basis.profile().get();
        }
        if (basis.parameterBytes().isPresent()) {
            return CoarseProfiles.of(basis.model(), basis.localBatch(), basis.stepTimeS(),
                    basis.parameterBytes().getAsLong());
        }
        return null;
    }
}
