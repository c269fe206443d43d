/**
 * The hardware and topology catalog's typed API: {@link io.stepcast.api.hardware.HardwareCatalog} with
 * devices, links, NICs and systems. The data and its citations live in the datasets module.
 */
package io.stepcast.api.hardware;
