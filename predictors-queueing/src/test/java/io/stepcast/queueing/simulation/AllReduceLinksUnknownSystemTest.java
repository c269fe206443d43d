package io.stepcast.queueing.simulation;

import io.stepcast.api.collective.Placement;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The refusal mva and the simulation give of a label with a count after a system's name ({@code DGX-1 x 4}) says
 * "not in the hardware catalog" once: the catalog's reason says it already (probe24 found it said twice). A label the
 * catalog has nothing more to say of keeps the prefix.
 */
class AllReduceLinksUnknownSystemTest {
    private final AllReduceLinks links = new AllReduceLinks(Optional.of(new DefaultHardwareCatalog()));

    private String reason(String label) {
        return links.query(label, Placement.spread(8, 2)).resolve().reason();
    }

    @Test
    void aCountAfterASystemsNameIsSaidToBeUncataloguedOnce() {
        String why = reason("DGX-1 x 4");
        assertThat(why).contains("(hardware 'DGX-1 x 4' is not in the hardware catalog: its x 4 after a system's name");
        assertThat(why.split("not in the hardware catalog", -1)).hasSize(2);
    }

    @Test
    void aLabelWithoutTheCatalogsReasonKeepsThePrefix() {
        assertThat(reason("no-such-gpu")).contains("(not in the hardware catalog; ");
    }
}
