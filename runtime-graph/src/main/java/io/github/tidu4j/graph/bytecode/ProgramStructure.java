package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.GraphOperation;
import java.util.Arrays;

/**
 * A compiled program with its input keys left out: its operations (compared by {@code equals}),
 * its wiring over slots, which slots the inputs and outputs are. Everything the generated code
 * depends on and nothing else, so two programs that differ only in input keys (and so in pass ids,
 * which live in keys) have equal structures and share one class. Roles never reach a compiled
 * program. Hash precomputed.
 *
 * <p>The operations are copied in chunks of {@link #CHUNK} references (256 KB), as the graph
 * engine keeps its own reference tables: a structure lives as long as its cache entry, and G1
 * allocates an array of half a region or more (1 MB with 2 MB regions) as a humongous object,
 * which a young collection frees at once if it holds primitives but never if it holds references.
 * One array of a program's operations would be such an array from about 262,000 instructions on,
 * left to the next marking cycle once its entry is evicted. The wiring is ints.
 */
final class ProgramStructure {
  /** Operations per chunk: 65,536 references, 256 KB with compressed references. */
  static final int CHUNK = 1 << 16;

  private final GraphOperation[][] operations;
  private final int[] wiring;
  private final int hash;

  ProgramStructure(CompiledProgram<?> p) {
    int n = p.instructionCount();
    int size = 4 + p.inputCount() + p.outputCount() + 2 * n;
    for (int i = 0; i < n; i++) {
      size += p.argumentCount(i) + p.resultCount(i);
    }
    int[] w = new int[size];
    int at = 0;
    w[at++] = p.slotCount();
    w[at++] = n;
    w[at++] = p.inputCount();
    for (int i = 0; i < p.inputCount(); i++) {
      w[at++] = p.inputSlot(i);
    }
    w[at++] = p.outputCount();
    for (int o = 0; o < p.outputCount(); o++) {
      w[at++] = p.outputSlot(o);
    }
    GraphOperation[][] ops = new GraphOperation[(n + CHUNK - 1) / CHUNK][];
    for (int c = 0; c < ops.length; c++) {
      ops[c] = new GraphOperation[Math.min(CHUNK, n - c * CHUNK)];
    }
    for (int i = 0; i < n; i++) {
      ops[i / CHUNK][i % CHUNK] = p.operation(i);
      w[at++] = p.argumentCount(i);
      for (int j = 0; j < p.argumentCount(i); j++) {
        w[at++] = p.argumentSlot(i, j);
      }
      w[at++] = p.resultCount(i);
      for (int r = 0; r < p.resultCount(i); r++) {
        w[at++] = p.resultSlot(i, r);
      }
    }
    this.operations = ops;
    this.wiring = w;
    this.hash = 31 * Arrays.hashCode(w) + Arrays.deepHashCode(ops);
  }

  /** How many chunks hold the operations (for tests). */
  int operationChunks() {
    return operations.length;
  }

  @Override
  public boolean equals(Object o) {
    // equal wiring means equal instruction counts, so the chunks line up
    return o instanceof ProgramStructure other
        && other.hash == hash
        && Arrays.equals(other.wiring, wiring)
        && Arrays.deepEquals(other.operations, operations);
  }

  @Override
  public int hashCode() {
    return hash;
  }
}
