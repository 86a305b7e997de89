package io.github.tidu4j.graph.fusion;

import io.github.tidu4j.graph.ElementKernelDescriptor;
import java.util.Arrays;

/**
 * One fused region of a program: elementwise instructions over one shape, scalar broadcasts into
 * it and full sums of its values, computed by one {@link FusedLoop}. Values are numbered as in
 * {@link FusionPlan} (inputs first, then each instruction's results).
 *
 * @param members the region's instructions, in program order
 * @param kinds each member's kind: {@link #ELEMENT}, {@link #SPLAT} or {@link #SUM}
 * @param kernels each element member's descriptor ({@code null} for the others)
 * @param blockKernels each element member's block kernel, which the loop calls over a block of
 *     elements instead of its per-element kernel ({@code null} for none); at most {@link
 *     FusionPlan#MAX_BLOCK_MEMBERS} members have one
 * @param arguments for each member, where each argument comes from: {@code 2·k} for external
 *     array {@code k}, {@code 2·k + 1} for external scalar {@code k}, and {@code −1 − m} for the
 *     value of member {@code m}
 * @param externalArrays the values read element by element from outside
 * @param externalScalars the values broadcast from outside (rank 0)
 * @param liveOuts the members whose values are written out as arrays, in order
 * @param sums the sum members, in order
 * @param results the value each member defines
 */
record Region(
    int[] members,
    byte[] kinds,
    ElementKernelDescriptor[] kernels,
    BlockKernel[] blockKernels,
    int[][] arguments,
    int[] externalArrays,
    int[] externalScalars,
    int[] liveOuts,
    int[] sums,
    int[] results) {

  /** An elementwise primitive's instruction. */
  static final byte ELEMENT = 0;

  /** A broadcast of a rank-0 value to the region's shape. */
  static final byte SPLAT = 1;

  /** A sum of every element of a region value. */
  static final byte SUM = 2;

  /** The members with a block kernel, in program order. */
  int[] blockMembers() {
    int[] found = new int[blockKernels.length];
    int k = 0;
    for (int m = 0; m < blockKernels.length; m++) {
      if (blockKernels[m] != null) {
        found[k++] = m;
      }
    }
    return Arrays.copyOf(found, k);
  }

  /**
   * The structure a generated loop depends on: kinds, kernels (by owner and descriptor) and wiring,
   * not the attributes (instance kernels read them from the operations at run time), so regions
   * of one shape share a class.
   */
  String structureKey() {
    StringBuilder key = new StringBuilder();
    key.append(externalArrays.length).append('/').append(externalScalars.length).append(';');
    for (int m = 0; m < members.length; m++) {
      key.append(kinds[m]);
      if (kernels[m] != null) {
        key.append(kernels[m].ownerInternalName()).append('.').append(kernels[m].real().methodName())
            .append(kernels[m].real().isStatic() ? 's' : 'i');
      }
      if (blockKernels[m] != null) {
        key.append("block:").append(blockKernels[m].owner().getName()).append('.')
            .append(blockKernels[m].methodName());
      }
      key.append('(');
      for (int a : arguments[m]) {
        key.append(a).append(',');
      }
      key.append(')');
    }
    key.append("out");
    for (int m : liveOuts) {
      key.append(',').append(m);
    }
    key.append("sum");
    for (int m : sums) {
      key.append(',').append(m);
    }
    return key.toString();
  }
}
