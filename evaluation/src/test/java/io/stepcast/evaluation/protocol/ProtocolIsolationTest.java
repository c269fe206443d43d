package io.stepcast.evaluation.protocol;

import io.stepcast.api.evaluation.Protocol;
import io.stepcast.api.evaluation.Split;
import io.stepcast.api.Observation;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.profile.ComputeOp;
import io.stepcast.api.profile.Profile;
import io.stepcast.evaluation.SyntheticObservations;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProtocolIsolationTest {
    private final List<Observation> data = SyntheticObservations.grid();

    private static void assertDisjoint(Split s) {
        Set<Observation> train = Collections.newSetFromMap(new IdentityHashMap<>());
        train.addAll(s.training().observations());
        assertThat(s.test()).as(s.id()).isNotEmpty().noneMatch(train::contains);
        // Equal values would also be leakage, not only the same objects.
        assertThat(new HashSet<>(s.training().observations())).as(s.id()).doesNotContainAnyElementsOf(s.test());
    }

    @Test
    void kFoldTestsEveryObservationExactlyOnceAndNeverTrainsOnIt() {
        List<Split> splits = Protocols.parse("kfold:5", Optional.empty()).splits("grid", data);
        assertThat(splits).hasSize(5);
        List<Observation> tested = new ArrayList<>();
        for (Split s : splits) {
            assertDisjoint(s);
            assertThat(s.training().size() + s.test().size()).isEqualTo(data.size());
            tested.addAll(s.test());
        }
        assertThat(tested).containsExactlyInAnyOrderElementsOf(data);
        assertThat(splits).allSatisfy(s -> assertThat(s.test().size()).isBetween(14, 15));
    }

    @Test
    void kFoldIsDeterministicForAFixedSeedAndChangesWithTheSeed() {
        List<Split> a = new KFold(4, 7, Optional.empty()).splits("grid", data);
        List<Split> b = new KFold(4, 7, Optional.empty()).splits("grid", data);
        List<Split> c = new KFold(4, 8, Optional.empty()).splits("grid", data);
        assertThat(a.get(0).test()).isEqualTo(b.get(0).test());
        assertThat(a.get(0).test()).isNotEqualTo(c.get(0).test());
    }

    @Test
    void groupedKFoldKeepsAGroupOnOneSide() {
        for (Split s : Protocols.parse("kfold:3:hardware", Optional.empty()).splits("grid", data)) {
            assertDisjoint(s);
            Set<String> testHw = new HashSet<>();
            s.test().forEach(o -> testHw.add(o.config().deployment().hardware()));
            assertThat(s.training().observations()).noneMatch(o -> testHw.contains(o.config().deployment().hardware()));
        }
    }

    @Test
    void leaveOneGroupOutHoldsOutOneModelAtATime() {
        List<Split> splits = Protocols.parse("logo:model", Optional.empty()).splits("grid", data);
        assertThat(splits).extracting(Split::id).containsExactly("logo:model/alpha", "logo:model/beta");
        for (Split s : splits) {
            assertDisjoint(s);
            String held = s.test().get(0).config().model();
            assertThat(s.test()).allMatch(o -> o.config().model().equals(held));
            assertThat(s.training().observations()).noneMatch(o -> o.config().model().equals(held));
        }
    }

    @Test
    void extrapolationTrainsOnSmallScaleOnlyAndTestsOnLargerScaleOnly() {
        List<Split> splits = Protocols.parse("extrapolation:nodes<=2", Optional.empty()).splits("grid", data);
        assertThat(splits).hasSize(1);
        Split s = splits.get(0);
        assertDisjoint(s);
        assertThat(s.training().observations()).allMatch(o -> o.config().deployment().nodes() <= 2);
        assertThat(s.test()).allMatch(o -> o.config().deployment().nodes() > 2);
        assertThat(s.training().size() + s.test().size()).isEqualTo(data.size());
    }

    @Test
    void extrapolationWithinASetupTrainsOnlyOnTheSmallScaleRowsOfThatSetup() {
        Protocol p = Protocols.parse("extrapolation:nodes<=2:hardware", Optional.empty());
        assertThat(p.name()).isEqualTo("extrapolation:nodes<=2:hardware");
        List<Split> splits = p.splits("grid", data);
        assertThat(splits).hasSizeGreaterThan(1);
        List<Observation> tested = new ArrayList<>();
        for (Split s : splits) {
            assertDisjoint(s);
            String hardware = s.test().get(0).config().deployment().hardware();
            assertThat(s.id()).startsWith("nodes<=2->nodes>2").contains("hardware=" + hardware);
            assertThat(s.training().observations()).allMatch(o -> o.config().deployment().nodes() <= 2
                    && o.config().deployment().hardware().equals(hardware));
            assertThat(s.test()).allMatch(o -> o.config().deployment().nodes() > 2
                    && o.config().deployment().hardware().equals(hardware));
            tested.addAll(s.test());
        }
        // Every large-scale row is predicted once, from its own setup's small-scale rows.
        assertThat(tested).containsExactlyInAnyOrderElementsOf(
                data.stream().filter(o -> o.config().deployment().nodes() > 2).toList());
    }

    @Test
    void extrapolationOfASetupWithoutSmallScaleRowsKeepsAnEmptyTrainingSide() {
        String lonely = data.stream().filter(o -> o.config().deployment().nodes() > 2).findFirst().orElseThrow()
                .config().deployment().hardware();
        List<Observation> without = data.stream().filter(o -> !(o.config().deployment().nodes() <= 2
                && o.config().deployment().hardware().equals(lonely))).toList();
        Split orphan = Protocols.parse("extrapolation:nodes<=2:hardware", Optional.empty()).splits("grid", without)
                .stream().filter(s -> s.id().contains("hardware=" + lonely)).findFirst().orElseThrow();
        assertThat(orphan.training().observations()).isEmpty();
        assertThat(orphan.test()).isNotEmpty();
        assertThatThrownBy(() -> Protocols.parse("extrapolation:nodes<=2:", Optional.empty()))
                .hasMessageContaining("extrapolation:attribute<=value[:attribute,...]");
    }

    @Test
    void crossHardwareNeverShowsTheHeldOutType() {
        List<Split> splits = Protocols.parse("cross-hardware", Optional.empty()).splits("grid", data);
        assertThat(splits).extracting(Split::id).containsExactly("p100+v100->k80", "k80+v100->p100", "k80+p100->v100");
        for (Split s : splits) {
            assertDisjoint(s);
            String held = s.test().get(0).config().deployment().hardware();
            assertThat(s.training().observations()).noneMatch(o -> o.config().deployment().hardware().equals(held));
        }
        assertThat(Protocols.parse("cross-hardware:v100", Optional.empty()).splits("grid", data)).hasSize(1);
    }

    @Test
    void crossHardwareWithSingleWorkerRowsSeesOnlyTheHeldOutTypesSingleWorkerRows() {
        List<Split> splits = Protocols.parse("cross-hardware:v100+single-worker", Optional.empty()).splits("grid", data);
        assertThat(splits).extracting(Split::id).containsExactly("k80+p100+v100@1->v100");
        Split s = splits.get(0);
        assertDisjoint(s);
        assertThat(s.test()).hasSize(2 * 3 * 3).allMatch(o -> o.config().deployment().hardware().equals("v100")
                && o.config().workers() > 1);
        assertThat(s.training().observations()).filteredOn(o -> o.config().deployment().hardware().equals("v100"))
                .hasSize(2 * 3).allMatch(o -> o.config().workers() == 1);
    }

    @Test
    void profileOnlyFitsOnSingleWorkerRowsAndSynthesisesProfilesFromThemAlone() {
        List<double[]> asked = new ArrayList<>();
        ProfileSource zoo = new ProfileSource() {
            @Override
            public Profile read(Path file) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Profile synthesise(String model, int localBatch, double stepTimeS) {
                if (model.equals("beta")) {
                    throw new IllegalArgumentException("not in the zoo");
                }
                asked.add(new double[] {localBatch, stepTimeS});
                return new Profile(model, localBatch, stepTimeS * 1e6, List.of(),
                        List.of(), List.of(new ComputeOp("op", "conv", 0, 0, stepTimeS * 1e6, Set.of())), List.of(),
                        "synthesised:test");
            }

            @Override
            public OptionalLong parameterBytes(String model) {
                return OptionalLong.empty();
            }
        };
        Split s = Protocols.parse("profile-only", Optional.of(zoo)).splits("grid", data).get(0);
        assertDisjoint(s);
        assertThat(s.training().observations()).isNotEmpty().allMatch(o -> o.config().workers() == 1);
        assertThat(s.test()).allMatch(o -> o.config().workers() > 1);
        // alpha only (beta is not in the zoo), one profile per local batch and hardware (3 x 3), each from a
        // 1-worker step time and recorded on that row's hardware.
        assertThat(s.training().profiles()).hasSize(9).allMatch(p -> p.model().equals("alpha"));
        assertThat(s.training().profiles()).extracting(p -> p.rank().device()).containsOnly("k80", "p100", "v100");
        assertThat(asked).allMatch(a -> Math.abs(a[1] - SyntheticObservations.stepTime((int) a[0], 1)) < 1e-12);
    }

    @Test
    void profileOnlyOfTheSameSetupPredictsEachRowFromTheSingleWorkerRowsThatShareItsAttributes() {
        List<Split> splits = Protocols.parse("profile-only:hardware", Optional.empty()).splits("grid", data);
        assertThat(Protocols.parse("profile-only:hardware", Optional.empty()).name())
                .isEqualTo("profile-only:hardware");
        assertThat(splits).hasSizeGreaterThan(1);
        List<Observation> tested = new ArrayList<>();
        for (Split s : splits) {
            assertDisjoint(s);
            assertThat(s.training().observations()).allMatch(o -> o.config().workers() == 1);
            String hardware = s.training().observations().get(0).config().deployment().hardware();
            assertThat(s.id()).contains("hardware=" + hardware);
            assertThat(s.training().observations()).allMatch(o -> o.config().deployment().hardware().equals(hardware));
            assertThat(s.test()).allMatch(o -> o.config().workers() > 1
                    && o.config().deployment().hardware().equals(hardware));
            tested.addAll(s.test());
        }
        // Every multi-worker row is predicted once, from its own hardware's single-worker rows.
        assertThat(tested).containsExactlyInAnyOrderElementsOf(
                data.stream().filter(o -> o.config().workers() > 1).toList());
    }

    @Test
    void aSetupWithoutASingleWorkerRowKeepsItsRowsWithAnEmptyTrainingSide() {
        String lonely = data.stream().filter(o -> o.config().workers() > 1).findFirst().orElseThrow()
                .config().deployment().hardware();
        List<Observation> without = data.stream()
                .filter(o -> !(o.config().workers() == 1 && o.config().deployment().hardware().equals(lonely)))
                .toList();
        List<Split> splits = Protocols.parse("profile-only:hardware", Optional.empty()).splits("grid", without);
        Split orphan = splits.stream().filter(s -> s.id().contains("hardware=" + lonely)).findFirst().orElseThrow();
        assertThat(orphan.training().observations()).isEmpty();
        assertThat(orphan.training().id()).contains("hardware=" + lonely);
        assertThat(orphan.test()).isNotEmpty().allMatch(o -> o.config().deployment().hardware().equals(lonely));
        // No single-worker row at all: the protocol does not apply to the data.
        assertThat(Protocols.parse("profile-only:hardware", Optional.empty())
                .splits("grid", data.stream().filter(o -> o.config().workers() > 1).toList())).isEmpty();
    }

    @Test
    void anEmptyAttributeOfProfileOnlyIsRefusedNamingTheSpec() {
        assertThatThrownBy(() -> Protocols.parse("profile-only:,data", Optional.empty()))
                .hasMessageContaining("'profile-only:,data'").hasMessageContaining("attribute name is empty");
    }

    @Test
    void unknownProtocolIsRefusedWithTheAcceptedForms() {
        assertThatThrownBy(() -> Protocols.parse("kfld:5", Optional.empty()))
                .hasMessageContaining("unknown protocol 'kfld:5'").hasMessageContaining("kfold:K[:attribute][:seed=N]")
                .hasMessageContaining("profile-only[:attribute,...]").hasMessageContaining("train-test");
    }

    @Test
    void aMalformedSpecOfAKnownProtocolIsRefusedWithItsOwnForm() {
        assertThatThrownBy(() -> Protocols.parse("kfold", Optional.empty()))
                .hasMessage("malformed protocol 'kfold' (expected kfold:K[:attribute][:seed=N])");
        assertThatThrownBy(() -> Protocols.parse("holdout:workers", Optional.empty()))
                .hasMessage("malformed protocol 'holdout:workers' (expected holdout:attribute=value[,value...])");
    }
}
