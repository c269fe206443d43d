package io.stepcast.app.cli;

import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.HardwareFile;
import io.stepcast.api.plugin.PluginRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A suite file that names its own hardware file ({@code hardware_file}, relative to the suite) runs with a registry
 * whose catalog has the file's entries; one that contradicts the command line's file is refused.
 */
class SuiteHardwareTest {
    private static final Path EXAMPLE = Path.of("..", "docs", "examples", "mi300x-cluster.yaml");
    private static final PluginRegistry PLAIN = PluginRegistry.discover();

    @Test
    void theSuitesHardwareFileIsReadRelativeToTheSuite(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("hw"));
        Files.copy(EXAMPLE, dir.resolve("hw").resolve("lab.yaml"));
        Path suite = Files.writeString(dir.resolve("suite.yaml"), "name: lab\nhardware_file: hw/lab.yaml\n");
        PluginRegistry registry = SuiteHardware.registryFor(PLAIN, suite.toString());
        assertThat(registry).isNotSameAs(PLAIN);
        HardwareCatalog catalog = registry.service(HardwareCatalog.class).orElseThrow();
        assertThat(catalog.system("mi300x-node")).isPresent();
        assertThat(PLAIN.service(HardwareCatalog.class).orElseThrow().system("mi300x-node")).isEmpty();
        // The same file on the command line: the same registry; another one: refused, naming both.
        PluginRegistry same = HardwareFileChoice.registry(Optional.of(new HardwareFile(dir.resolve("hw/lab.yaml"))));
        assertThat(SuiteHardware.registryFor(same, suite.toString())).isSameAs(same);
        PluginRegistry other = HardwareFileChoice.registry(Optional.of(new HardwareFile(EXAMPLE)));
        assertThatThrownBy(() -> SuiteHardware.registryFor(other, suite.toString()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("names hardware_file " + dir.resolve("hw/lab.yaml").toAbsolutePath().normalize())
                .hasMessageContaining("a run has one catalog");
        // A built-in suite names none.
        assertThat(SuiteHardware.registryFor(PLAIN, "default")).isSameAs(PLAIN);
    }

    @Test
    void aMissingFileIsNamedWithTheSuitesKey(@TempDir Path dir) throws Exception {
        Path suite = Files.writeString(dir.resolve("suite.yaml"), "name: lab\nhardware_file: hw/none.yaml\n");
        assertThatThrownBy(() -> SuiteHardware.registryFor(PLAIN, suite.toString()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(suite + ": key hardware_file: " + dir.toAbsolutePath().resolve("hw/none.yaml")
                        + ": no such file");
    }
}
