package io.stepcast.evaluation.suite;

import io.stepcast.api.evaluation.Reproduction;
import io.stepcast.api.evaluation.ReproductionRow;
import io.stepcast.api.Config;
import io.stepcast.evaluation.metrics.ScoredPoint;
import io.stepcast.evaluation.protocol.Protocols;

import java.util.ArrayList;
import java.util.List;

/**
 * The published numbers of a benchmark table, each next to what one predictor reproduced for it under
 * one protocol (for the TensorFlow benchmark tables: the distributed images/s predicted by the
 * trace-driven simulation from the 1-GPU rows alone). The protocol is matched by its leading word, so
 * {@code profile-only} also takes {@code profile-only:platform,data}. Points the predictor refused are listed with
 * the reason.
 */
final class PublishedTableReproduction implements Reproduction {
    private final String dataset;
    private final String protocol;
    private final String predictor;
    private final String platform;

    PublishedTableReproduction(String dataset, String protocol, String predictor, String platform) {
        this.dataset = dataset;
        this.protocol = protocol;
        this.predictor = predictor;
        this.platform = platform;
    }

    @Override
    public List<ReproductionRow> reproduce(Context context) {
        List<ReproductionRow> rows = new ArrayList<>();
        for (ScoredPoint p : SuiteRun.of(context).points()) {
            if (!p.dataset().equals(dataset) || !Protocols.name(p.protocol()).equals(protocol) || !p.predictor().equals(predictor)
                    || !platform.equals(p.observation().tag("platform", platform))) {
                continue;
            }
            Config c = p.config();
            String quantity = String.format("%s %s, batch %d/GPU, %d GPUs on %d machine(s), %s data (%s)",
                    c.model(), p.target().label(), c.localBatch(), c.workers(), c.deployment().nodes(),
                    p.observation().tag("data", "?"), p.observation().tag("platform", "?"));
            rows.add(p.prediction().isValue()
                    ? ReproductionRow.of(quantity, p.measured(), p.predicted().getAsDouble(),
                            predictor + " under " + p.protocol())
                    : ReproductionRow.unreachable(quantity, p.measured(), predictor + ": "
                            + ((io.stepcast.api.Prediction.NotApplicable) p.prediction()).reason()));
        }
        if (rows.isEmpty()) {
            rows.add(ReproductionRow.unreachable(dataset + " published table", Double.NaN, "no point of " + predictor
                    + " under " + protocol + " on " + dataset + " was scored (is it in the suite?)"));
        }
        return rows;
    }
}
