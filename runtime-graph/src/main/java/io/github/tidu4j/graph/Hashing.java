package io.github.tidu4j.graph;

/** Hash mixing shared by the keys and the tables that hold them. */
final class Hashing {
  private Hashing() {}

  /**
   * The hash of an operation key: {@code fields}, the combined hashes of its immediate fields,
   * with its {@code depth} (CanonicalKey), so that the keys of a recurrence do not cycle through a
   * few hash values; each depth adds its own multiple of an odd constant before the mix.
   */
  static int keyHash(int fields, int depth) {
    return mix(fields + depth * 0x9E3779B9);
  }

  /** MurmurHash3's 32-bit finaliser: every input bit affects every output bit. */
  static int mix(int h) {
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    h ^= h >>> 16;
    return h;
  }
}
