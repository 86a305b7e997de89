package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.JointKernelDescriptor;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * The groups of a program's instructions that one joint kernel call serves ({@link
 * KernelSet#withJointKernels}): per joint kernel and argument value, the instructions applying its
 * primitives, one per primitive (a repeated one is called apart). A group of two or more members
 * <em>shares</em> a call: its first member calls the joint kernel, which writes every result to a
 * block of cells of the caller's frame, and each member reads its own result from there; a later
 * member reads no argument and calls nothing. A block is reused once its group's last member has
 * read it.
 *
 * <p>Code generators read the groups the same way: {@link ClassGenerator} adds a program's
 * instructions in order with {@link #join} during its own pass over the program, and the source
 * export takes {@link #of}. Either way {@link #place} then lays the blocks out.
 *
 * <pre>{@code
 * JointGroups groups = JointGroups.of(program, kernels);
 * for (int i = 0; i < program.instructionCount(); i++) {
 *   if (groups.makesCall(i)) { // its argument, the frame, the block's first cell
 *     calls.add(groups.kernel(i).methodName() + " at cell " + groups.blockCell(i));
 *   }
 * }
 * }</pre>
 *
 * <p>Everything is kept in int arrays indexed by instruction, value or group, so grouping costs a
 * few array reads per instruction of a joint kernel, whatever the program's size.
 */
public final class JointGroups {
  private static final int KERNEL = 0;
  private static final int FIRST = 1;
  private static final int LAST = 2;
  private static final int SIZE = 3;
  private static final int TAKEN = 4; // the group's first bit in taken
  private static final int FIELDS = 5;

  private final List<JointKernelDescriptor> joints;
  // per instruction, its group or -1, and its result's index in the block; null without joint
  // kernels, when no instruction is in a group (a program of millions of instructions would
  // otherwise take two arrays of its length for nothing)
  private final int[] groupOf;
  private final int[] position;
  private int[] members = new int[16]; // the instructions in a group, in program order
  private int memberCount;
  private final int[][] byArgument; // per joint kernel, per argument value: its group + 1, or 0
  private final int valueCount;
  private int[] groups = new int[FIELDS * 16]; // FIELDS ints per group
  private int groupCount;
  private final BitSet taken = new BitSet(); // per group, the positions a member has taken
  private int takenBits;
  /** Per group of two or more members, the first cell of its block, once placed; else null. */
  private int[] blockOf;
  private int cellCount;

  /**
   * Groups for a program of {@code n} instructions reading values {@code 0..valueCount-1}, with
   * the joint kernels {@code joints}.
   */
  JointGroups(int n, int valueCount, List<JointKernelDescriptor> joints) {
    this.joints = joints;
    this.groupOf = joints.isEmpty() ? null : new int[n];
    this.position = joints.isEmpty() ? null : new int[n];
    if (groupOf != null) {
      Arrays.fill(groupOf, -1);
    }
    this.byArgument = new int[joints.size()][];
    this.valueCount = valueCount;
  }

  /**
   * The groups of {@code program}'s instructions over {@code kernels}' joint kernels (none if it
   * has none), their blocks placed one after another from cell 0, {@link #cellCount} cells in all.
   *
   * @throws io.github.tidu4j.graph.GraphException if an operation has no kernel in {@code kernels}
   *     or its kernel takes other counts of inputs or outputs than the instruction
   */
  public static <Op extends GraphOperation> JointGroups of(
      CompiledProgram<Op> program, KernelSet<Op> kernels) {
    int n = program.instructionCount();
    JointGroups groups =
        new JointGroups(n, program.valueCount(), kernels.jointKernels());
    // values: the inputs, then every result in order; current: the value each slot holds
    int[] current = new int[program.slotCount()];
    int value = 0;
    for (; value < program.inputCount(); value++) {
      current[program.inputSlot(value)] = value;
    }
    for (int i = 0; i < n; i++) {
      int args = program.argumentCount(i);
      int results = program.resultCount(i);
      int opcode = kernels.kernelFor(program.operation(i), i, args, results).opcode();
      int joint = kernels.jointOf(opcode);
      if (joint >= 0) {
        groups.join(i, joint, kernels.jointPosition(opcode), current[program.argumentSlot(i, 0)]);
      }
      for (int r = 0; r < results; r++, value++) {
        current[program.resultSlot(i, r)] = value;
      }
    }
    groups.place(Integer.MAX_VALUE);
    return groups;
  }

  /**
   * Adds instruction {@code i}, primitive {@code position} of joint kernel {@code joint} applied to
   * {@code argument}; true if it joins an earlier member's group (and so reads no argument and
   * makes no call).
   */
  boolean join(int i, int joint, int position, int argument) {
    int[] groupOfArgument = byArgument[joint];
    if (groupOfArgument == null) {
      groupOfArgument = byArgument[joint] = new int[valueCount];
    }
    int g = groupOfArgument[argument] - 1;
    if (g < 0) {
      g = newGroup(joint, i, joints.get(joint).primitiveOpcodes().size());
      groupOfArgument[argument] = g + 1;
    } else if (taken.get(groups[FIELDS * g + TAKEN] + position)) {
      return false; // the same primitive of the same value again: called apart
    }
    taken.set(groups[FIELDS * g + TAKEN] + position);
    groupOf[i] = g;
    this.position[i] = position;
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

  /**
   * Gives every group of two or more members a block of cells, in program order from cell 0, one
   * freed by a group of the same kernel whose last member has run if there is one, else a new one
   * that does not cross a multiple of {@code boundary} (a generator whose frame is cut into
   * sub-frames of that many cells keeps each block in one).
   */
  void place(int boundary) {
    int[][] free = new int[joints.size()][]; // per joint kernel, a stack of its free blocks
    int[] freeCount = new int[joints.size()];
    blockOf = new int[groupCount];
    int cells = 0;
    for (int m = 0; m < memberCount; m++) {
      int i = members[m];
      int g = groupOf[i];
      if (size(g) < 2) {
        continue; // alone: called apart
      }
      int kernel = groups[FIELDS * g + KERNEL];
      if (groups[FIELDS * g + FIRST] == i) {
        if (freeCount[kernel] == 0) {
          int size = joints.get(kernel).primitiveOpcodes().size();
          long inBoundary = cells % boundary;
          if (inBoundary + size > boundary) {
            cells += (int) (boundary - inBoundary);
          }
          blockOf[g] = cells;
          cells += size;
        } else {
          blockOf[g] = free[kernel][--freeCount[kernel]];
        }
      }
      if (groups[FIELDS * g + LAST] == i) {
        if (free[kernel] == null || freeCount[kernel] == free[kernel].length) {
          free[kernel] =
              free[kernel] == null ? new int[16] : Arrays.copyOf(free[kernel], 2 * freeCount[kernel]);
        }
        free[kernel][freeCount[kernel]++] = blockOf[g];
      }
    }
    cellCount = cells;
  }

  private int size(int g) {
    return groups[FIELDS * g + SIZE];
  }

  /** Whether instruction {@code i} shares a joint kernel call: its group has two or more members. */
  public boolean shares(int i) {
    if (groupOf == null) {
      return false;
    }
    int g = groupOf[i];
    return g >= 0 && size(g) >= 2;
  }

  /** Whether instruction {@code i} makes its group's call: it {@link #shares} one, and is first. */
  public boolean makesCall(int i) {
    return shares(i) && groups[FIELDS * groupOf[i] + FIRST] == i;
  }

  /**
   * The joint kernel whose call instruction {@code i} shares.
   *
   * @throws IllegalArgumentException if it shares none
   */
  public JointKernelDescriptor kernel(int i) {
    return joints.get(groups[FIELDS * sharedGroup(i) + KERNEL]);
  }

  /**
   * The first cell of the block instruction {@code i}'s group's call writes (the cell its caller
   * passes), once {@link #place placed}.
   *
   * @throws IllegalArgumentException if it shares no call
   */
  public int blockCell(int i) {
    return blockOf[sharedGroup(i)];
  }

  /**
   * The cell holding instruction {@code i}'s result after its group's call.
   *
   * @throws IllegalArgumentException if it shares no call
   */
  public int resultCell(int i) {
    return blockOf[sharedGroup(i)] + position[i];
  }

  /** The cells the blocks take, at most one block per group alive at once. */
  public int cellCount() {
    return cellCount;
  }

  private int sharedGroup(int i) {
    if (!shares(i)) {
      throw new IllegalArgumentException("instruction " + i + " shares no joint kernel call");
    }
    return groupOf[i];
  }
}
