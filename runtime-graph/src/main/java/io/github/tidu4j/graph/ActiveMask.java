package io.github.tidu4j.graph;

import java.util.Arrays;

/**
 * Which operands of a linearized operation carry tangent (or cotangent) flow. Part of an {@link
 * OperationRole.Linearized} role, and so part of the operation's identity: {@code Mul(a, b)} with
 * both operands fixed and {@code Mul(a, dx)} with the second one active are different computations.
 *
 * <pre>{@code
 * ActiveMask mask = ActiveMask.of(false, true); // Mul(a, dx): a fixed, dx active
 * assert mask.isActive(1) && !mask.isActive(0);
 * }</pre>
 */
public final class ActiveMask {
  /** Masks over at most this many operands are shared instances: every node of a linear graph has one. */
  private static final int CACHED_SIZE = 6;

  private static final ActiveMask[][] CACHE = new ActiveMask[CACHED_SIZE + 1][];

  static {
    for (int size = 0; size <= CACHED_SIZE; size++) {
      CACHE[size] = new ActiveMask[1 << size];
      for (int bits = 0; bits < 1 << size; bits++) {
        CACHE[size][bits] = new ActiveMask(size, new long[] {bits});
      }
    }
  }

  private final int size;
  private final long[] words;
  private final int hash;
  private final OperationRole.Linearized role;

  private ActiveMask(int size, long[] words) {
    this.size = size;
    this.words = words;
    this.hash = 31 * size + Arrays.hashCode(words);
    this.role = new OperationRole.Linearized(this);
  }

  /** A mask over {@code active.length} operands. */
  public static ActiveMask of(boolean... active) {
    if (active.length <= CACHED_SIZE) {
      int bits = 0;
      for (int i = 0; i < active.length; i++) {
        if (active[i]) {
          bits |= 1 << i;
        }
      }
      return CACHE[active.length][bits];
    }
    long[] words = new long[(active.length + 63) >>> 6];
    for (int i = 0; i < active.length; i++) {
      if (active[i]) {
        words[i >>> 6] |= 1L << i;
      }
    }
    return new ActiveMask(active.length, words);
  }

  /**
   * A mask over {@code size} operands whose active ones are the set bits of {@code bits} (bit
   * {@code i} for operand {@code i}); at most 64 operands. Allocates nothing for up to {@value
   * #CACHED_SIZE} operands.
   *
   * @throws GraphException if {@code size} is negative or over 64, or a bit is set at or past it
   */
  public static ActiveMask ofBits(int size, long bits) {
    if (size < 0 || size > 64 || (size < 64 && (bits >>> size) != 0)) {
      throw new GraphException(
          "active bits " + Long.toBinaryString(bits) + " do not fit a mask of " + size + " operands");
    }
    return size <= CACHED_SIZE ? CACHE[size][(int) bits] : new ActiveMask(size, new long[] {bits});
  }

  /** The linearized role with this mask; one shared instance per mask. */
  OperationRole.Linearized role() {
    return role;
  }

  /** A mask of {@code size} operands where exactly those listed are active. */
  public static ActiveMask ofActive(int size, int... activeOperands) {
    boolean[] active = new boolean[size];
    for (int operand : activeOperands) {
      if (operand < 0 || operand >= size) {
        throw new GraphException(
            "active operand " + operand + " is out of range for a mask of " + size + " operands");
      }
      active[operand] = true;
    }
    return of(active);
  }

  /** The number of operands the mask covers. */
  public int size() {
    return size;
  }

  /** Whether operand {@code operand} carries tangent flow. */
  public boolean isActive(int operand) {
    if (operand < 0 || operand >= size) {
      throw new GraphException(
          "operand " + operand + " is out of range for a mask of " + size + " operands");
    }
    return (words[operand >>> 6] & (1L << operand)) != 0;
  }

  /** The number of active operands. */
  public int activeCount() {
    int count = 0;
    for (long word : words) {
      count += Long.bitCount(word);
    }
    return count;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ActiveMask other
        && other.size == size
        && Arrays.equals(other.words, words);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  /** For example {@code [fixed, active]}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < size; i++) {
      sb.append(i == 0 ? "" : ", ").append(isActive(i) ? "active" : "fixed");
    }
    return sb.append(']').toString();
  }
}
