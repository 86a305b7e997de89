package io.github.tidu4j.graph.bytecode;

import java.util.Arrays;
import java.util.BitSet;

/**
 * The groups of a program's instructions that one joint kernel call serves: per joint kernel and
 * argument value, the instructions applying its primitives, one per primitive (a repeated one is
 * called apart). {@link ClassGenerator} adds the instructions in program order with {@link #join},
 * then gives each group of two or more members its frame cells.
 *
 * <p>Everything is kept in int arrays indexed by instruction, value or group, so grouping costs a
 * few array reads per instruction of a joint kernel, whatever the program's size.
 */
final class JointGroups {
  private static final int KERNEL = 0;
  private static final int FIRST = 1;
  private static final int LAST = 2;
  private static final int SIZE = 3;
  private static final int TAKEN = 4; // the group's first bit in taken
  private static final int FIELDS = 5;

  private final int[] groupOf; // per instruction, its group, or -1
  private int[] members = new int[16]; // the instructions in a group, in program order
  private int memberCount;
  private final int[][] byArgument; // per joint kernel, per argument value: its group + 1, or 0
  private final int valueCount;
  private int[] groups = new int[FIELDS * 16]; // FIELDS ints per group
  private int groupCount;
  private final BitSet taken = new BitSet(); // per group, the positions a member has taken
  private int takenBits;

  /**
   * Groups for a program of {@code n} instructions reading values {@code 0..valueCount-1}, with
   * {@code jointKernels} joint kernels.
   */
  JointGroups(int n, int valueCount, int jointKernels) {
    this.groupOf = new int[n];
    Arrays.fill(groupOf, -1);
    this.byArgument = new int[jointKernels][];
    this.valueCount = valueCount;
  }

  /**
   * Adds instruction {@code i}, primitive {@code position} of joint kernel {@code joint} (which
   * computes {@code positions} primitives) applied to {@code argument}; true if it joins an
   * earlier member's group (and so makes no call).
   */
  boolean join(int i, int joint, int position, int argument, int positions) {
    int[] groupOfArgument = byArgument[joint];
    if (groupOfArgument == null) {
      groupOfArgument = byArgument[joint] = new int[valueCount];
    }
    int g = groupOfArgument[argument] - 1;
    if (g < 0) {
      g = newGroup(joint, i, positions);
      groupOfArgument[argument] = g + 1;
    } else if (taken.get(groups[FIELDS * g + TAKEN] + position)) {
      return false; // the same primitive of the same value again: called apart
    }
    taken.set(groups[FIELDS * g + TAKEN] + position);
    groupOf[i] = g;
    if (memberCount == members.length) {
      members = Arrays.copyOf(members, 2 * memberCount);
    }
    members[memberCount++] = i;
    int at = FIELDS * g;
    if (groups[at + FIRST] == i) {
      return false;
    }
    groups[at + LAST] = i;
    groups[at + SIZE]++;
    return true;
  }

  private int newGroup(int joint, int first, int positions) {
    if (FIELDS * (groupCount + 1) > groups.length) {
      groups = Arrays.copyOf(groups, 2 * groups.length);
    }
    int at = FIELDS * groupCount;
    groups[at + KERNEL] = joint;
    groups[at + FIRST] = first;
    groups[at + LAST] = first;
    groups[at + SIZE] = 1;
    groups[at + TAKEN] = takenBits;
    takenBits += positions;
    return groupCount++;
  }

  /** The number of instructions in a group. */
  int memberCount() {
    return memberCount;
  }

  /** The {@code m}-th instruction in a group, in program order. */
  int member(int m) {
    return members[m];
  }

  /** The group of instruction {@code i}, or -1 if it is in none. */
  int groupOf(int i) {
    return groupOf[i];
  }

  /** The number of groups. */
  int groupCount() {
    return groupCount;
  }

  /** The joint kernel of group {@code g}. */
  int kernel(int g) {
    return groups[FIELDS * g + KERNEL];
  }

  /** Whether instruction {@code i} is the first member of group {@code g}. */
  boolean isFirst(int g, int i) {
    return groups[FIELDS * g + FIRST] == i;
  }

  /** Whether instruction {@code i} is the last member of group {@code g}. */
  boolean isLast(int g, int i) {
    return groups[FIELDS * g + LAST] == i;
  }

  /** The number of members of group {@code g}. */
  int size(int g) {
    return groups[FIELDS * g + SIZE];
  }
}
