package io.github.tidu4j.graph.fusion;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Sibling (horizontal) fusion: merges regions the fusion pass formed that are independent of each
 * other and provably of one shape, so that one loop reads their shared arrays once and pays one
 * loop call. A gradient's forward sum and its {@code dy/dx} region both read {@code a} elementwise,
 * for example: merged, one loop over {@code x, a, b} adds the forward sum and writes {@code dy/dx}.
 *
 * <p><b>Same shape.</b> Values of one region's shape are its plain external arrays (read at each
 * element's index, not through a broadcast's map), its members' values other than sums, and its
 * static shape if it has one ({@link IndexMaps}). A union-find over these values and the distinct
 * static shapes puts two regions in one class when a chain of such facts ties their shapes: both
 * read the same value elementwise, or both have the same static shape, or one reads elementwise
 * what the other computes or reads. Only regions of one class merge (and, both having static
 * shapes, only equal ones); a program whose values contradict this fails in its unfused kernels
 * anyway, and the merged region then runs unfused as any region whose arrays disagree does.
 *
 * <p><b>Independent, and where it runs.</b> Each region has a position: the instruction at whose
 * step it runs, its last member as the pass made it. A value's producer has a position (an unfused
 * instruction's own index, or its region's) before every reader's; positions grow along every
 * path, so two regions with a place between their external operands' producers and their results'
 * readers have no path between them. Regions are visited in order of their last member, {@code g}
 * after the open region {@code M}, which already runs at {@code pos(M)}: the merge runs at {@code
 * pos(M)} if every external operand of {@code g} is produced before it, else at {@code g}'s last
 * member if every reader of {@code M}'s results comes after it. At that point every region visited
 * runs at or before {@code g}'s last member and every other at its own last member, so a reader
 * comes after {@code g}'s last member exactly if it is an unfused instruction after it or belongs
 * to a region not visited yet: a key per reader fixed once (its index, or its region's last member)
 * answers it, and a region's least reader key is the minimum of its parts'. The merged region's
 * members stay in program order, so each reads only earlier members.
 *
 * <p><b>What a merge keeps.</b> The limits of the pass ({@link FusionPlan#MAX_MEMBERS}, {@link
 * FusionPlan#MAX_COSTLY}, {@link FusionPlan#MAX_BLOCK_MEMBERS}) hold for the merged region. Regions
 * with axis sums do not merge (their loops split across threads by whole rows or not at all; a
 * merge could take the threads from the other region). A region whose members vectorise ({@link
 * FusionSet#vectorises}: a vector loop with a full sum, an element loop C2 vectorises without one)
 * merges with another such region (the merged region is one: each condition holds member by
 * member), or
 * with an element loop whose sums add in {@link SumOrder#SEQUENTIAL} order, whose time the chain
 * of in-order additions sets and where the other region's elements cost little (the hand-written
 * gradient's place for {@code dy/dx}); not with a block loop or another element loop, which would
 * lose the vectors. Values do not change: each member computes what it computed, sums keep their
 * order and lanes ({@link FusedProgram} calls a loop with sums over the same blocks whatever else
 * the loop computes), and live-outs are what they were, since no result of one part is read by the
 * other.
 *
 * <p><b>Cost.</b> One scan over the regions in order, with at most {@value #OPEN} open regions per
 * shape class tried for each region, each try reading the region's external operands: linear in
 * the program's size, with no recursion.
 */
final class SiblingFusion {
  /** The open regions per shape class a region tries to merge into, the most recent first. */
  static final int OPEN = 4;

  /** A region's loop: a vector loop, a block loop, an element loop with an in-order sum, other. */
  private static final byte VECTOR = 0;

  private static final byte BLOCK = 1;
  private static final byte SEQUENTIAL_SUM = 2;
  private static final byte ELEMENT = 3;

  private SiblingFusion() {}

  /**
   * The merges of the {@code regions} a pass formed: {@code into[g]} is the region {@code g} merged
   * into (itself for a region that stays or takes others in), {@code position[g]} the instruction at
   * whose step region {@code g} runs, for each {@code g} with {@code into[g] == g}.
   */
  record Merges(int[] into, int[] position) {
    /** Whether any region merged into another. */
    boolean any() {
      for (int g = 0; g < into.length; g++) {
        if (into[g] != g) {
          return true;
        }
      }
      return false;
    }
  }

  /**
   * Merges what may merge among {@code regions}.
   *
   * @param regions the regions, in any order
   * @param shapes each region's static shape, or {@code null}
   * @param costly each region's costly members called per element
   * @param vector whether each region's members vectorise ({@link FusionSet#vectorises})
   * @param sumOrder the order the set's full sums add in
   * @param regionOf each instruction's region, or −1 for an instruction run unfused
   * @param arguments each instruction's argument values
   * @param producer each value's instruction, or −1 for a program input
   * @param valueCount the number of values
   */
  static Merges merge(
      Region[] regions,
      int[][] shapes,
      int[] costly,
      boolean[] vector,
      SumOrder sumOrder,
      int[] regionOf,
      int[][] arguments,
      int[] producer,
      int valueCount) {
    int count = regions.length;
    shapes = shapes.clone();
    int[] into = new int[count];
    int[] position = new int[count];
    int[] anchor = new int[count];
    for (int g = 0; g < count; g++) {
      into[g] = g;
      int[] members = regions[g].members();
      anchor[g] = members[members.length - 1];
      position[g] = anchor[g];
    }
    // each region's least reader key (see the class): its results' readers outside it
    int[] readerKey = new int[count];
    Arrays.fill(readerKey, Integer.MAX_VALUE);
    for (int i = 0; i < arguments.length; i++) {
      for (int v : arguments[i]) {
        int p = producer[v];
        if (p >= 0 && regionOf[p] >= 0 && regionOf[p] != regionOf[i]) {
          int key = regionOf[i] < 0 ? i : anchor[regionOf[i]];
          readerKey[regionOf[p]] = Math.min(readerKey[regionOf[p]], key);
        }
      }
    }
    int[] shapeClass = shapeClasses(regions, shapes, valueCount);
    int[] members = new int[count];
    int[] costlyOf = costly.clone();
    int[] blocks = new int[count];
    boolean[] axisSums = new boolean[count];
    byte[] loop = new byte[count];
    for (int g = 0; g < count; g++) {
      members[g] = regions[g].members().length;
      blocks[g] = regions[g].blockMembers().length;
      axisSums[g] = regions[g].hasAxisSum();
      loop[g] =
          vector[g] ? VECTOR
              : blocks[g] > 0 ? BLOCK
              : regions[g].sums().length > 0 && sumOrder == SumOrder.SEQUENTIAL ? SEQUENTIAL_SUM
              : ELEMENT;
    }
    Integer[] order = new Integer[count];
    for (int g = 0; g < count; g++) {
      order[g] = g;
    }
    Arrays.sort(order, (a, b) -> Integer.compare(anchor[a], anchor[b]));
    // the open regions of each shape class, the most recent first (-1: none)
    int[][] open = new int[count][];
    for (int g : order) {
      if (axisSums[g]) {
        continue;
      }
      int c = shapeClass[g];
      if (open[c] == null) {
        open[c] = new int[OPEN];
        Arrays.fill(open[c], -1);
      }
      int joined = -1;
      for (int k = 0; k < OPEN && joined < 0; k++) {
        int m = open[c][k];
        if (m < 0
            || !FusionPlan.fits(members[m] + members[g], blocks[m] + blocks[g])
            || costlyOf[m] + costlyOf[g] > FusionPlan.MAX_COSTLY
            || (shapes[m] != null && shapes[g] != null && !Arrays.equals(shapes[m], shapes[g]))
            || !loopsMerge(loop[m], loop[g])) {
          continue;
        }
        int at = position(m, g, regions[g], position, anchor, readerKey, into, regionOf, producer);
        if (at < 0) {
          continue;
        }
        into[g] = m;
        position[m] = at;
        members[m] += members[g];
        blocks[m] += blocks[g];
        costlyOf[m] += costlyOf[g];
        readerKey[m] = Math.min(readerKey[m], readerKey[g]);
        shapes[m] = shapes[m] != null ? shapes[m] : shapes[g];
        loop[m] = merged(loop[m], loop[g]);
        joined = k;
      }
      // the region it became (or itself) is now the most recent open one of its class
      int head = joined >= 0 ? open[c][joined] : g;
      int from = joined >= 0 ? joined : OPEN - 1;
      System.arraycopy(open[c], 0, open[c], 1, from);
      open[c][0] = head;
    }
    for (int g = 0; g < count; g++) {
      into[g] = FusionPlan.find(into, g);
    }
    return new Merges(into, position);
  }

  /**
   * Whether loops of these kinds merge without losing a vector loop: two vector loops, a vector
   * loop and an element loop with an in-order sum, or two loops neither of which is a vector loop.
   */
  private static boolean loopsMerge(byte a, byte b) {
    if (a == VECTOR || b == VECTOR) {
      byte other = a == VECTOR ? b : a;
      return other == VECTOR || other == SEQUENTIAL_SUM;
    }
    return true;
  }

  /**
   * The kind of the loop of two merged regions: a block loop if either has block members, a vector
   * loop if both are, else an element loop, with an in-order sum if either has one.
   */
  private static byte merged(byte a, byte b) {
    if (a == BLOCK || b == BLOCK) {
      return BLOCK;
    }
    if (a == VECTOR && b == VECTOR) {
      return VECTOR;
    }
    return a == SEQUENTIAL_SUM || b == SEQUENTIAL_SUM ? SEQUENTIAL_SUM : ELEMENT;
  }

  /**
   * Where the merge of open region {@code m} and region {@code g} (visited now) runs: at {@code
   * m}'s position if {@code g}'s external operands are all produced before it, else at {@code g}'s
   * last member if every reader of {@code m}'s results comes after it; −1 if neither holds (a path
   * between them, or instructions in between that fix their order).
   */
  private static int position(
      int m, int g, Region region, int[] position, int[] anchor, int[] readerKey, int[] into,
      int[] regionOf, int[] producer) {
    int latest = -1;
    for (int[] values : new int[][] {region.externalArrays(), region.externalScalars()}) {
      for (int v : values) {
        int p = producer[v];
        int at = p < 0 ? -1 : regionOf[p] < 0 ? p : position[FusionPlan.find(into, regionOf[p])];
        latest = Math.max(latest, at);
      }
    }
    if (latest < position[m]) {
      return position[m];
    }
    return readerKey[m] > anchor[g] ? anchor[g] : -1;
  }

  /**
   * Each region's shape class: a union-find over values (tokens {@code 0 … valueCount − 1}) and
   * distinct static shapes (tokens from {@code valueCount}) joining each region's plain external
   * arrays, its members' values other than sums, and its static shape.
   */
  private static int[] shapeClasses(Region[] regions, int[][] shapes, int valueCount) {
    Map<String, Integer> shapeToken = new HashMap<>();
    for (int[] shape : shapes) {
      if (shape != null) {
        shapeToken.putIfAbsent(Arrays.toString(shape), valueCount + shapeToken.size());
      }
    }
    int[] parent = new int[valueCount + shapeToken.size()];
    for (int t = 0; t < parent.length; t++) {
      parent[t] = t;
    }
    int[] first = new int[regions.length];
    for (int g = 0; g < regions.length; g++) {
      Region region = regions[g];
      int token = -1;
      if (shapes[g] != null) {
        token = shapeToken.get(Arrays.toString(shapes[g]));
      }
      int[] mapped = region.broadcastOf();
      for (int e = 0; e < mapped.length; e++) {
        if (mapped[e] < 0) {
          token = union(parent, token, region.externalArrays()[e]);
        }
      }
      for (int k = 0; k < region.members().length; k++) {
        byte kind = region.kinds()[k];
        if (kind != Region.SUM && kind != Region.AXIS_SUM) {
          token = union(parent, token, region.results()[k]);
        }
      }
      first[g] = token;
    }
    int[] classOf = new int[regions.length];
    int[] dense = new int[parent.length];
    Arrays.fill(dense, -1);
    int classes = 0;
    for (int g = 0; g < regions.length; g++) {
      int root = FusionPlan.find(parent, first[g]);
      if (dense[root] < 0) {
        dense[root] = classes++;
      }
      classOf[g] = dense[root];
    }
    return classOf;
  }

  /** Joins {@code t}'s set with {@code token}'s (if {@code token ≥ 0}); returns {@code t}. */
  private static int union(int[] parent, int token, int t) {
    if (token >= 0) {
      int a = FusionPlan.find(parent, token);
      int b = FusionPlan.find(parent, t);
      if (a != b) {
        parent[a] = b;
      }
    }
    return t;
  }
}
