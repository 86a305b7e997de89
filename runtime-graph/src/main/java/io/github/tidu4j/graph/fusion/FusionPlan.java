package io.github.tidu4j.graph.fusion;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.ElementKernelDescriptor;
import io.github.tidu4j.graph.GraphOperation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The fusion pass: groups a compiled program's elementwise instructions into regions and orders
 * the program as steps, each either one instruction or one region.
 *
 * <p>Values are numbered in SSA form: the program's inputs first, then every instruction's results
 * in program order (the compiled program reuses slots, which a reordered program could not).
 *
 * <p>One scan in program order, with no recursion. An elementwise instruction joins the open
 * regions that produce its operands (merging them), or starts one; a broadcast (of a scalar, or a
 * general {@link Broadcast} of a value of rank at least 1, read through an index map) starts one,
 * its operand read from outside; a full sum or an {@link AxisSum} joins the open region producing
 * its operand. A region closes when anything outside it reads one of its values, or a sum's result
 * is read at all: a region runs at the position of its last member, so nothing before that may need
 * its values. Since elementwise operands and results have one shape, every region has one shape; a
 * general broadcast's result shape and an axis sum's operand shape are known when the program is
 * planned, and an instruction does not join a region of another such shape (it closes it). An axis
 * sum that sums only unit axes, or every axis of length above 1, runs unfused: the set's kernel
 * passes the elements through, or adds them as a full sum. A region holds at most {@link
 * #MAX_MEMBERS} members, so its loop stays a small method (fewer with block kernels: {@code members
 * · (block members + 1)} at most {@link #MAX_MEMBERS}, since each block member adds an element
 * loop); at most {@link #MAX_COSTLY} costly members called per element ({@link FusionSet}), so its
 * loop never runs slower than one loop per operation; and at most {@link #MAX_BLOCK_MEMBERS}
 * members with a block kernel, each a phase of the block loop with its own scratch array: an
 * instruction joins the regions producing its operands only while the limits hold, in operand
 * order, and the regions it does not join close. A region without an external array or a known
 * shape (nothing to take its shape from) runs unfused.
 *
 * <p>Then regions that are independent and provably of one shape merge ({@link SiblingFusion}):
 * a gradient's forward region and a backward region reading the same input run as one loop that
 * reads it once. A merged region runs at the step of one of its parts' last members, where its
 * operands exist and before any reader of its results, so {@link #steps} need not run each region
 * at its last member.
 */
final class FusionPlan {
  /** The most members one region (one generated loop method) holds. */
  static final int MAX_MEMBERS = 200;

  /**
   * The most costly members (transcendental kernel calls) one region holds: a loop body calling
   * two or more runs slower on the JVM than one loop per operation.
   */
  static final int MAX_COSTLY = 1;

  /**
   * The most members with a block kernel one region holds: each is a phase of the block loop over
   * its own scratch array of one block, which should stay in the L2 cache with the others.
   */
  static final int MAX_BLOCK_MEMBERS = 8;

  final int valueCount;
  final int[] inputValues;
  final int[] outputValues;
  final int[][] argumentValues;
  final int[][] resultValues;
  /** Steps in order: {@code s >= 0} is instruction {@code s}, {@code s < 0} region {@code −1 − s}. */
  final int[] steps;
  final List<Region> regions;
  /** For each value, the last step reading it; −1 for none, {@link Integer#MAX_VALUE} for outputs. */
  final int[] lastUse;

  private FusionPlan(
      int valueCount,
      int[] inputValues,
      int[] outputValues,
      int[][] argumentValues,
      int[][] resultValues,
      int[] steps,
      List<Region> regions,
      int[] lastUse) {
    this.valueCount = valueCount;
    this.inputValues = inputValues;
    this.outputValues = outputValues;
    this.argumentValues = argumentValues;
    this.resultValues = resultValues;
    this.steps = steps;
    this.regions = regions;
    this.lastUse = lastUse;
  }

  static <Op extends GraphOperation> FusionPlan of(
      CompiledProgram<Op> program, FusionSet<Op, ?> set) {
    int n = program.instructionCount();
    // SSA numbering over the program's slots
    int[] slotValue = new int[program.slotCount()];
    Arrays.fill(slotValue, -1);
    int values = 0;
    int[] inputValues = new int[program.inputCount()];
    for (int i = 0; i < inputValues.length; i++) {
      inputValues[i] = values;
      slotValue[program.inputSlot(i)] = values++;
    }
    int[][] args = new int[n][];
    int[][] results = new int[n][];
    for (int i = 0; i < n; i++) {
      args[i] = new int[program.argumentCount(i)];
      for (int j = 0; j < args[i].length; j++) {
        args[i][j] = slotValue[program.argumentSlot(i, j)];
      }
      results[i] = new int[program.resultCount(i)];
      for (int r = 0; r < results[i].length; r++) {
        results[i][r] = values;
        slotValue[program.resultSlot(i, r)] = values++;
      }
    }
    int[] outputs = new int[program.outputCount()];
    for (int o = 0; o < outputs.length; o++) {
      outputs[o] = slotValue[program.outputSlot(o)];
    }

    // classify
    byte[] kind = new byte[n];
    ElementKernelDescriptor[] kernel = new ElementKernelDescriptor[n];
    BlockKernel[] block = new BlockKernel[n];
    int[] costly = new int[n]; // costly members of the region rooted here, called per element
    int[] blocks = new int[n]; // members with a block kernel of the region rooted here
    Broadcast[] broadcast = new Broadcast[n];
    AxisSum[] axisSum = new AxisSum[n];
    int[][] shapeOf = new int[n][]; // the static shape of the region rooted here, if known

    final byte other = -1;
    for (int i = 0; i < n; i++) {
      Op op = program.operation(i);
      kind[i] = other;
      if (results[i].length != 1) {
        continue;
      }
      ElementKernelDescriptor k = set.elementKernel(op);
      if (k != null && k.inputArity() == args[i].length) {
        kind[i] = Region.ELEMENT;
        kernel[i] = k;
        block[i] = set.blockKernel(op);
        blocks[i] = block[i] != null ? 1 : 0;
        costly[i] = block[i] == null && set.isCostly(op) ? 1 : 0;
      } else if (args[i].length == 1 && set.isScalarBroadcast(op)) {
        kind[i] = Region.SPLAT;
      } else if (args[i].length == 1 && set.isFullSum(op)) {
        kind[i] = Region.SUM;
      } else if (args[i].length == 1 && (broadcast[i] = set.broadcast(op)) != null) {
        kind[i] = broadcast[i].operandShape().length == 0 ? Region.SPLAT : Region.BROADCAST;
        shapeOf[i] = broadcast[i].shape();
      } else if (args[i].length == 1 && (axisSum[i] = set.axisSum(op)) != null) {
        if (axisSum[i].fusable()) {
          kind[i] = Region.AXIS_SUM;
          shapeOf[i] = axisSum[i].operandShape();
        }
      }
    }

    // group: union-find over instructions; a region is named by its root
    int[] parent = new int[n];
    int[] size = new int[n];
    boolean[] closed = new boolean[n];
    int[] producer = new int[values];
    Arrays.fill(producer, -1);
    for (int i = 0; i < n; i++) {
      for (int v : results[i]) {
        producer[v] = i;
      }
      parent[i] = kind[i] == other ? -1 : i;
      size[i] = 1;
    }
    for (int i = 0; i < n; i++) {
      if (kind[i] == other) {
        for (int v : args[i]) {
          closeProducer(v, producer, parent, closed);
        }
        continue;
      }
      for (int v : args[i]) {
        int p = producer[v];
        if (p >= 0 && (readsOutside(kind[i]) || isSum(kind[p]))) {
          closeProducer(v, producer, parent, closed); // read from outside the value's region
        }
      }
      List<Integer> joined = new ArrayList<>();
      int total = 1;
      int totalCostly = costly[i];
      int totalBlocks = blocks[i];
      int[] shape = shapeOf[i];
      for (int v : args[i]) {
        int p = producer[v];
        if (p < 0 || parent[p] < 0 || readsOutside(kind[i]) || isSum(kind[p])) {
          continue;
        }
        int root = find(parent, p);
        if (closed[root] || joined.contains(root)) {
          continue;
        }
        if (!fits(total + size[root], totalBlocks + blocks[root])
            || totalCostly + costly[root] > MAX_COSTLY
            || (shape != null && shapeOf[root] != null && !Arrays.equals(shape, shapeOf[root]))) {
          closed[root] = true; // read from outside it: it ends here
          continue;
        }
        if (shape == null) {
          shape = shapeOf[root];
        }
        joined.add(root);
        total += size[root];
        totalCostly += costly[root];
        totalBlocks += blocks[root];
      }
      shapeOf[i] = shape;
      for (int root : joined) {
        parent[root] = i;
        size[i] += size[root];
        costly[i] += costly[root];
        blocks[i] += blocks[root];
      }
      // a member reading a value of a region it did not join closes that region
      for (int v : args[i]) {
        int p = producer[v];
        if (p >= 0 && parent[p] >= 0 && find(parent, p) != i) {
          closed[find(parent, p)] = true;
        }
      }
    }

    // regions, in order of their first member; members in program order
    int[] regionOf = new int[n];
    Arrays.fill(regionOf, -1);
    List<List<Integer>> memberLists = new ArrayList<>();
    int[] rootRegion = new int[n];
    Arrays.fill(rootRegion, -1);
    for (int i = 0; i < n; i++) {
      if (parent[i] < 0) {
        continue;
      }
      int root = find(parent, i);
      if (rootRegion[root] < 0) {
        rootRegion[root] = memberLists.size();
        memberLists.add(new ArrayList<>());
      }
      regionOf[i] = rootRegion[root];
      memberLists.get(rootRegion[root]).add(i);
    }
    int[] memberIndex = new int[n];
    for (List<Integer> members : memberLists) {
      for (int m = 0; m < members.size(); m++) {
        memberIndex[members.get(m)] = m;
      }
    }
    // a region with no external array and no static shape has no shape to take: it runs unfused
    for (List<Integer> members : memberLists) {
      boolean hasArray = shapeOf[find(parent, members.get(0))] != null;
      for (int i : members) {
        for (int v : args[i]) {
          int p = producer[v];
          hasArray |=
              kind[i] != Region.SPLAT
                  && (p < 0 || regionOf[p] != regionOf[i] || isSum(kind[p]));
        }
      }
      if (!hasArray) {
        for (int i : members) {
          regionOf[i] = -1;
        }
      }
    }
    // live-out: read by an instruction outside the value's region, or a program output
    boolean[] liveOut = new boolean[n];
    for (int i = 0; i < n; i++) {
      for (int v : args[i]) {
        int p = producer[v];
        if (p >= 0 && regionOf[p] >= 0 && regionOf[p] != regionOf[i]) {
          liveOut[p] = true;
        }
      }
    }
    for (int v : outputs) {
      if (producer[v] >= 0) {
        liveOut[producer[v]] = true;
      }
    }
    // the regions as grouped, numbered densely
    int[] groupOf = new int[n];
    Arrays.fill(groupOf, -1);
    List<List<Integer>> groups = new ArrayList<>();
    for (List<Integer> members : memberLists) {
      if (regionOf[members.get(0)] >= 0) {
        for (int i : members) {
          groupOf[i] = groups.size();
        }
        groups.add(members);
      }
    }
    Region[] formed = new Region[groups.size()];
    int[][] groupShapes = new int[formed.length][];
    int[] groupCostly = new int[formed.length];
    boolean[] vector = new boolean[formed.length];
    for (int g = 0; g < formed.length; g++) {
      int root = find(parent, groups.get(g).get(0));
      groupShapes[g] = shapeOf[root];
      groupCostly[g] = costly[root];
      formed[g] = build(groups.get(g), memberIndex, groupOf, kind, kernel, block, args, results,
          producer, liveOut, groupShapes[g], broadcast, axisSum);
      vector[g] = set.vectorises(formed[g]);
    }
    // independent regions of one shape merged (live-outs stay: neither part reads the other)
    SiblingFusion.Merges merges =
        SiblingFusion.merge(formed, groupShapes, groupCostly, vector, set.sumOrder(), groupOf,
            args, producer, values);
    List<Region> regions = new ArrayList<>();
    int[] regionAt = new int[formed.length]; // each merged region's index in regions
    Arrays.fill(regionAt, -1);
    if (!merges.any()) {
      regions.addAll(Arrays.asList(formed));
      for (int g = 0; g < formed.length; g++) {
        regionAt[g] = g;
      }
    } else {
      List<List<Integer>> mergedMembers = new ArrayList<>();
      int[] mergedOf = new int[n];
      Arrays.fill(mergedOf, -1);
      int[][] mergedShape = new int[formed.length][];
      for (int i = 0; i < n; i++) { // in program order, so members stay in program order
        if (groupOf[i] >= 0) {
          int g = merges.into()[groupOf[i]];
          if (regionAt[g] < 0) {
            regionAt[g] = mergedMembers.size();
            mergedMembers.add(new ArrayList<>());
          }
          mergedOf[i] = regionAt[g];
          memberIndex[i] = mergedMembers.get(regionAt[g]).size();
          mergedMembers.get(regionAt[g]).add(i);
          if (mergedShape[g] == null) {
            mergedShape[g] = groupShapes[groupOf[i]];
          }
        }
      }
      for (int g = 0; g < formed.length; g++) {
        if (merges.into()[g] == g) {
          List<Integer> members = mergedMembers.get(regionAt[g]);
          while (regions.size() <= regionAt[g]) {
            regions.add(null);
          }
          // a region that took no other in is the one formed: same members, member indices and
          // live-outs (build compares region numbers only with each other)
          regions.set(regionAt[g], members.size() == groups.get(g).size()
              ? formed[g]
              : build(members, memberIndex, mergedOf, kind, kernel, block, args, results,
                  producer, liveOut, mergedShape[g], broadcast, axisSum));
        }
      }
    }
    // each region runs at the step of its position's instruction, one of its members
    int[] regionRunAt = new int[n];
    Arrays.fill(regionRunAt, -1);
    for (int g = 0; g < formed.length; g++) {
      if (merges.into()[g] == g) {
        regionRunAt[merges.position()[g]] = regionAt[g];
      }
    }
    List<Integer> stepList = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (groupOf[i] < 0) {
        stepList.add(i);
      } else if (regionRunAt[i] >= 0) {
        stepList.add(-1 - regionRunAt[i]);
      }
    }
    int[] steps = stepList.stream().mapToInt(Integer::intValue).toArray();

    int[] lastUse = new int[values];
    Arrays.fill(lastUse, -1);
    for (int s = 0; s < steps.length; s++) {
      if (steps[s] >= 0) {
        for (int v : args[steps[s]]) {
          lastUse[v] = s;
        }
      } else {
        Region region = regions.get(-1 - steps[s]);
        for (int v : region.externalArrays()) {
          lastUse[v] = s;
        }
        for (int v : region.externalScalars()) {
          lastUse[v] = s;
        }
      }
    }
    for (int v : outputs) {
      lastUse[v] = Integer.MAX_VALUE;
    }
    return new FusionPlan(values, inputValues, outputs, args, results, steps, regions, lastUse);
  }

  /**
   * Whether a region of {@code members} members, {@code blockMembers} of them with block kernels,
   * stays within the limits: its loop method has one element loop per block member and a last
   * one, each computing at most every member, so {@code members · (blockMembers + 1)} bounds the
   * kernel calls the method holds, and {@link #MAX_MEMBERS} bounds that (a method under HotSpot's
   * 8,000-byte limit for compiling it).
   */
  static boolean fits(int members, int blockMembers) {
    return blockMembers <= MAX_BLOCK_MEMBERS && members * (blockMembers + 1) <= MAX_MEMBERS;
  }

  /** Whether a member of this kind reads its operand from outside its region: a broadcast. */
  private static boolean readsOutside(byte kind) {
    return kind == Region.SPLAT || kind == Region.BROADCAST;
  }

  /** Whether a member of this kind is a sum, whose result is read from outside its region. */
  private static boolean isSum(byte kind) {
    return kind == Region.SUM || kind == Region.AXIS_SUM;
  }

  private static void closeProducer(int v, int[] producer, int[] parent, boolean[] closed) {
    int p = producer[v];
    if (p >= 0 && parent[p] >= 0) {
      closed[find(parent, p)] = true;
    }
  }

  /** The root of {@code i}'s set, halving paths as it goes (iterative). */
  static int find(int[] parent, int i) {
    while (parent[i] != i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  }

  /** The region of {@code members}. */
  private static Region build(
      List<Integer> members,
      int[] memberIndex,
      int[] regionOf,
      byte[] kind,
      ElementKernelDescriptor[] kernel,
      BlockKernel[] block,
      int[][] args,
      int[][] results,
      int[] producer,
      boolean[] liveOut,
      int[] shape,
      Broadcast[] broadcast,
      AxisSum[] axisSum) {
    int count = members.size();
    int region = regionOf[members.get(0)];
    List<Integer> arrays = new ArrayList<>();
    List<Boolean> mapped = new ArrayList<>(); // whether each array is a broadcast's operand
    List<Integer> scalars = new ArrayList<>();
    int[][] strides = new int[count][];
    int[][] mapShapes = new int[count][];
    int[][] arguments = new int[count][];
    byte[] kinds = new byte[count];
    ElementKernelDescriptor[] kernels = new ElementKernelDescriptor[count];
    BlockKernel[] blockKernels = new BlockKernel[count];
    int[] resultValues = new int[count];
    List<Integer> liveOuts = new ArrayList<>();
    List<Integer> sums = new ArrayList<>();
    for (int m = 0; m < count; m++) {
      int i = members.get(m);
      kinds[m] = kind[i];
      kernels[m] = kernel[i];
      blockKernels[m] = block[i];
      resultValues[m] = results[i][0];
      if (kinds[m] == Region.BROADCAST) {
        strides[m] = broadcast[i].strides();
        mapShapes[m] = broadcast[i].operandShape();
      } else if (kinds[m] == Region.AXIS_SUM) {
        strides[m] = axisSum[i].strides();
        mapShapes[m] = axisSum[i].shape();
      }
      if (kinds[m] == Region.SUM) {
        sums.add(m);
      } else if (liveOut[i]) {
        liveOuts.add(m);
      }
      arguments[m] = new int[args[i].length];
      for (int j = 0; j < args[i].length; j++) {
        int v = args[i][j];
        int p = producer[v];
        if (kind[i] == Region.SPLAT) {
          arguments[m][j] = 2 * indexIn(scalars, v) + 1;
        } else if (kind[i] == Region.BROADCAST) {
          // an entry of its own, read through the broadcast's index map
          arguments[m][j] = 2 * arrays.size();
          arrays.add(v);
          mapped.add(true);
        } else if (p >= 0 && regionOf[p] == region && !isSum(kind[p])) {
          arguments[m][j] = -1 - memberIndex[p];
        } else {
          arguments[m][j] = 2 * elementArray(arrays, mapped, v);
        }
      }
    }
    int[] externalArrays = arrays.stream().mapToInt(Integer::intValue).toArray();
    int[] externalScalars = scalars.stream().mapToInt(Integer::intValue).toArray();
    return new Region(
        members.stream().mapToInt(Integer::intValue).toArray(),
        kinds,
        kernels,
        blockKernels,
        arguments,
        externalArrays,
        externalScalars,
        liveOuts.stream().mapToInt(Integer::intValue).toArray(),
        sums.stream().mapToInt(Integer::intValue).toArray(),
        resultValues,
        new boolean[count],
        new boolean[externalArrays.length],
        new boolean[externalScalars.length],
        shape == null ? null : IndexMaps.of(shape, strides, mapShapes));
  }

  /**
   * The index of {@code v} among the arrays read at each element's index, appending it if absent
   * (a broadcast's operand has an entry of its own).
   */
  private static int elementArray(List<Integer> arrays, List<Boolean> mapped, int v) {
    for (int k = 0; k < arrays.size(); k++) {
      if (arrays.get(k) == v && !mapped.get(k)) {
        return k;
      }
    }
    arrays.add(v);
    mapped.add(false);
    return arrays.size() - 1;
  }

  /** The index of {@code v} in {@code list}, appending it if absent (lists are region-sized). */
  private static int indexIn(List<Integer> list, int v) {
    int k = list.indexOf(v);
    if (k < 0) {
      k = list.size();
      list.add(v);
    }
    return k;
  }
}
