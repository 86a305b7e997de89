package io.github.tidu4j.graph.fusion;

import io.github.tidu4j.graph.ElementKernel;
import io.github.tidu4j.graph.ElementKernelDescriptor;
import java.util.Arrays;

/**
 * One fused region of a program: elementwise instructions over one shape, scalar and general
 * broadcasts into it, and full and axis sums of its values, computed by one {@link FusedLoop}.
 * Values are numbered as in {@link FusionPlan} (inputs first, then each instruction's results).
 *
 * <p>A region as the plan makes it is real: every value one {@code double} per element. A complex
 * variant ({@link #withComplex}) marks the members and externals whose values are complex (two
 * {@code double}s per element, real and imaginary part, interleaved in arrays): its loop calls
 * the complex kernel pair where a member or one of its operands is complex, gives each complex
 * sum two slots of {@code sums} (real, then imaginary part), and stores complex live-outs
 * interleaved.
 *
 * @param members the region's instructions, in program order
 * @param kinds each member's kind: {@link #ELEMENT}, {@link #SPLAT}, {@link #SUM}, {@link
 *     #BROADCAST} or {@link #AXIS_SUM}
 * @param kernels each element member's descriptor ({@code null} for the others)
 * @param blockKernels each element member's block kernel, which the loop calls over a block of
 *     elements instead of its per-element kernel ({@code null} for none); at most {@link
 *     FusionPlan#MAX_BLOCK_MEMBERS} members have one
 * @param arguments for each member, where each argument comes from: {@code 2·k} for external
 *     array {@code k}, {@code 2·k + 1} for external scalar {@code k}, and {@code −1 − m} for the
 *     value of member {@code m}
 * @param externalArrays the values read element by element from outside: at the element's index,
 *     or, for a {@link #BROADCAST}'s operand (an entry of its own), where {@code maps} says
 * @param externalScalars the values broadcast from outside (rank 0)
 * @param liveOuts the members whose values are written out as arrays, in order: element members
 *     and broadcasts (an array of the region's shape) and axis sums (an array of their result's
 *     shape, added into)
 * @param sums the full sum members, in order
 * @param results the value each member defines
 * @param complex whether each member's value is complex
 * @param complexArrays whether each external array is complex
 * @param complexScalars whether each external scalar is complex
 * @param maps the region's iteration shape and its members' index maps, if it has broadcasts or
 *     axis sums; {@code null} otherwise (its shape is its external arrays')
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
    int[] results,
    boolean[] complex,
    boolean[] complexArrays,
    boolean[] complexScalars,
    IndexMaps maps) {

  /** A real region: no value is complex. */
  Region(
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
    this(members, kinds, kernels, blockKernels, arguments, externalArrays, externalScalars,
        liveOuts, sums, results, new boolean[members.length],
        new boolean[externalArrays.length], new boolean[externalScalars.length], null);
  }

  /**
   * This region with the given members and externals complex; complex members lose their block
   * kernels (a block kernel maps real elements).
   */
  Region withComplex(boolean[] members, boolean[] arrays, boolean[] scalars) {
    BlockKernel[] blocks = blockKernels.clone();
    for (int m = 0; m < blocks.length; m++) {
      if (members[m]) {
        blocks[m] = null;
      }
    }
    return new Region(this.members, kinds, kernels, blocks, arguments, externalArrays,
        externalScalars, liveOuts, sums, results, members.clone(), arrays.clone(),
        scalars.clone(), maps);
  }

  /** Whether any member or external is complex. */
  boolean isComplex() {
    for (boolean[] flags : new boolean[][] {complex, complexArrays, complexScalars}) {
      for (boolean f : flags) {
        if (f) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether argument {@code a} (coded as in {@link #arguments}) is complex. */
  boolean isComplexArgument(int a) {
    return a < 0 ? complex[-1 - a] : a % 2 == 0 ? complexArrays[a / 2] : complexScalars[a / 2];
  }

  /**
   * Each external scalar's first slot in a loop's {@code scalars} array: one slot per real
   * scalar, two per complex one (real part, then imaginary part); the last entry is the number of
   * slots.
   */
  int[] scalarSlots() {
    int[] slots = new int[externalScalars.length + 1];
    for (int s = 0; s < externalScalars.length; s++) {
      slots[s + 1] = slots[s] + (complexScalars[s] ? 2 : 1);
    }
    return slots;
  }

  /**
   * Each sum's first slot in a loop's {@code sums} array: one slot per real sum, two per complex
   * one (real part, then imaginary part); the last entry is the number of slots.
   */
  int[] sumSlots() {
    int[] slots = new int[sums.length + 1];
    for (int k = 0; k < sums.length; k++) {
      slots[k + 1] = slots[k] + (complex[sums[k]] ? 2 : 1);
    }
    return slots;
  }

  /** An elementwise primitive's instruction. */
  static final byte ELEMENT = 0;

  /** A broadcast of a rank-0 value to the region's shape. */
  static final byte SPLAT = 1;

  /** A sum of every element of a region value. */
  static final byte SUM = 2;

  /** A broadcast of an external value of rank at least 1 to the region's shape ({@link #maps}). */
  static final byte BROADCAST = 3;

  /** A sum of a region value over some of its axes, into an array ({@link #maps}). */
  static final byte AXIS_SUM = 4;

  /** Whether the region has an axis sum: its loop adds into arrays shared by all elements. */
  boolean hasAxisSum() {
    for (byte kind : kinds) {
      if (kind == AXIS_SUM) {
        return true;
      }
    }
    return false;
  }

  /**
   * For each external array, the broadcast member reading it through its index map, or −1 for an
   * array read at each element's index (of the region's shape).
   */
  int[] broadcastOf() {
    int[] of = new int[externalArrays.length];
    Arrays.fill(of, -1);
    for (int m = 0; m < members.length; m++) {
      if (kinds[m] == BROADCAST) {
        of[arguments[m][0] / 2] = m;
      }
    }
    return of;
  }

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
    for (boolean c : complexArrays) {
      key.append(c ? 'c' : 'r');
    }
    key.append('/');
    for (boolean c : complexScalars) {
      key.append(c ? 'c' : 'r');
    }
    key.append(';');
    for (int m = 0; m < members.length; m++) {
      key.append(kinds[m]).append(complex[m] ? 'c' : 'r');
      if (kernels[m] != null) {
        ElementKernel kernel =
            kernels[m].real() != null ? kernels[m].real() : kernels[m].complexRe();
        key.append(kernels[m].ownerInternalName()).append('.').append(kernel.methodName())
            .append(kernel.isStatic() ? 's' : 'i');
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
    if (maps != null) {
      key.append(maps.key());
    }
    return key.toString();
  }
}
