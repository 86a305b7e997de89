package io.github.tidu4j.graph;

/** Hash mixing shared by the keys and the tables that hold them. */
final class Hashing {
  private Hashing() {}

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
