/**
 * A compiled program exported as plain Java source: {@link io.github.tidu4j.export.SourceExport}
 * writes classes calling the set's own kernels, depending on nothing of tidu4j.
 */
package io.github.tidu4j.export;
