package io.github.tidu4j.bench.graph;

import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.primitives.scalar.Trig;
import java.util.Arrays;

/**
 * The gradient pipeline of RandDAG(n, seed) over the Scalar set written by hand over primitive
 * arrays: the job of {@code ScalarRandDag.gradientProgram(dag.build())} (build → linearize →
 * transpose → materializeMerge → compile) with no object per node, the floor that {@link
 * GradientPipelineFloorBenchmark} measures beside {@link GradientPipelineBenchmark}.
 *
 * <p>Every graph is a {@link Nodes}: an opcode and two operand columns, interned so that building
 * a node that exists returns the existing one (hash-consing), as the framework's structural keys
 * do. Two ways of interning, chosen by {@link Interning} and giving the same program: an
 * open-addressing table of node indices keyed by (opcode, a, b), or a use list per first operand,
 * which is how the framework looks a key up ({@code KeyScope}: the anchor's last uses first) and
 * which keeps every lookup near the values just made. Node ids are global: each graph numbers its
 * nodes from the end of the one before it (primal, then linear, then transposed), so an operand
 * names a value of any graph without a tag, and a later graph refers to primal values by id, never
 * by copy.
 *
 * <ul>
 *   <li>{@link #build}: the primal graph from the operation sequence, inputs x0..x3 first.
 *   <li>{@link #linearize}: a forward sweep calling the Scalar set's JVP rules (Add: da + db; Mul:
 *       da·b + a·db; Sin: cos(x)·dx; Cos: (−sin x)·dx), absent tangents symbolic (folded, never
 *       emitted). The primal operations the rules emit (cos x, sin x, −sin x) go into the linear
 *       graph as primal-role nodes; the others carry tangent flow and are marked linear.
 *   <li>{@link #transpose}: a reverse sweep over the linear graph calling each linear node's
 *       transpose rule (Add passes its cotangent to both operands, Mul by a primal multiplies, Neg
 *       negates), fan-out summed with Add through a per-value current cotangent; primal-role nodes
 *       are read by reference, never transposed.
 *   <li>{@link #merge}: what y and dy/dx0..dy/dx3 need of the three graphs, in one program whose
 *       inputs are x0..x3 and the seed: reachability by an iterative depth-first walk (an
 *       explicit stack, so depth is bounded by the heap, not the thread's stack), operands emitted
 *       before users, CSE by interning every node again in the merged program (so a primal
 *       operation a rule emitted and the primal graph holds, such as cos x, is one instruction).
 *   <li>{@link #compile}: a slot per value by a linear scan over last uses, as the framework's
 *       compiler does (a result never shares a slot with an argument of its own instruction), and
 *       an operand-slot array per instruction, which {@link Program#evaluate} runs.
 * </ul>
 */
public final class GradientPipelineFloor {
  /** Opcodes: 0..3 are RandDAG's kinds. */
  static final int ADD = 0;
  static final int MUL = 1;
  static final int SIN = 2;
  static final int COS = 3;
  static final int NEG = 4;
  /** An input; operand a is its position among the inputs of its graph or program. */
  static final int INPUT = 5;

  /** The compiled program's inputs: x0..x3, then the cotangent seed of y. */
  static final int PROGRAM_INPUTS = 5;

  /** How a graph finds a node equal to the one being built. */
  public enum Interning {
    /**
     * An open-addressing table (linear probing) of node indices, keyed by (opcode, a, b): a lookup
     * reads a slot at a random place of a table as large as the graph.
     */
    TABLE,
    /**
     * A list per value of the nodes that have it as first operand, newest first: a lookup reads
     * the first operand's list head and the nodes on it, made shortly before in a sweep.
     */
    USE_LISTS
  }

  private final int[] kinds;
  private final int[] others;
  private final Interning interning;

  /**
   * The operation sequence of RandDAG(n, seed), read from {@link RandDag#generate}; every graph of
   * the pipeline is interned by {@code interning}.
   */
  public GradientPipelineFloor(int n, long seed, Interning interning) {
    this.interning = interning;
    RandDag dag = RandDag.generate(n, seed);
    kinds = new int[n];
    others = new int[n];
    for (int i = 0; i < n; i++) {
      kinds[i] = dag.kind(i);
      others[i] = dag.other(i);
    }
  }

  public int size() {
    return kinds.length;
  }

  /** The whole pipeline, from the operation sequence to the compiled gradient program. */
  public Program gradientProgram() {
    Nodes primal = build();
    Nodes linear = linearize(primal);
    return compile(merge(primal, linear, transpose(linear)));
  }

  /** The primal graph: inputs x0..x3 (ids 0..3), then one interned node per step; output y. */
  public Nodes build() {
    int n = kinds.length;
    Nodes g = new Nodes(0, n + 4, false, interning);
    int[] value = new int[n + 4]; // the id of each RandDAG value, after interning
    for (int i = 0; i < 4; i++) {
      value[i] = g.node(INPUT, i, -1);
    }
    for (int i = 0; i < n; i++) {
      int last = value[3 + i];
      int kind = kinds[i];
      value[4 + i] = kind <= MUL ? g.node(kind, last, value[others[i]]) : g.node(kind, last, -1);
    }
    g.outputs = new int[] {value[n + 3]};
    return g;
  }

  /**
   * The linear graph of {@code primal} at y with respect to x0..x3: tangent inputs dx0..dx3 (the
   * graph's first four nodes), one output dy. The sweep takes the primal nodes in build order, with
   * no walk from y first: build appends operands before users, and every node of RandDAG is read by
   * the next (its last value), so the order the framework computes from y is this one.
   *
   * @throws IllegalStateException if dy is symbolically zero
   */
  public static Nodes linearize(Nodes primal) {
    int count = primal.size;
    // the rules emit 1 to 3 nodes per primal operation: about 5/2 on average, the framework's guess
    Nodes lin = new Nodes(primal.end(), count * 5 / 2 + 16, true, primal.interning);
    int[] tangent = new int[count]; // by primal index: the id of its tangent, -1 if zero
    Arrays.fill(tangent, -1);
    int[] op = primal.op;
    int[] a = primal.a;
    int[] b = primal.b;
    for (int k = 0; k < count; k++) {
      int x = a[k];
      int y = b[k];
      switch (op[k]) {
        case INPUT -> tangent[k] = lin.linear(INPUT, x, -1);
        case ADD -> tangent[k] = sum(lin, tangent[x], tangent[y]);
        case MUL -> {
          int dx = tangent[x];
          int dy = tangent[y];
          int left = dx < 0 ? -1 : lin.linear(MUL, dx, y);
          int right = dy < 0 ? -1 : lin.linear(MUL, x, dy);
          tangent[k] = sum(lin, left, right);
        }
        case SIN -> {
          int dx = tangent[x];
          tangent[k] = dx < 0 ? -1 : lin.linear(MUL, lin.node(COS, x, -1), dx);
        }
        case COS -> {
          int dx = tangent[x];
          tangent[k] = dx < 0 ? -1 : lin.linear(MUL, lin.node(NEG, lin.node(SIN, x, -1), -1), dx);
        }
        default -> throw new IllegalStateException("no JVP rule for opcode " + op[k]);
      }
    }
    int dy = tangent[primal.outputs[0]];
    if (dy < 0) {
      throw new IllegalStateException("dy is symbolically zero");
    }
    lin.outputs = new int[] {dy};
    return lin;
  }

  /** The tangent sum {@code da + db}, a zero (-1) operand being the identity. */
  private static int sum(Nodes g, int da, int db) {
    return da < 0 ? db : db < 0 ? da : g.linear(ADD, da, db);
  }

  /**
   * The transpose of {@code linear}: one input, the cotangent seed of dy (program input 4); outputs
   * the cotangents of dx0..dx3.
   *
   * @throws IllegalStateException if a cotangent of an input is symbolically zero
   */
  public static Nodes transpose(Nodes linear) {
    int count = linear.size;
    // a product per linear Mul (half the linear graph), none per Add, and the fan-out sums: about
    // two nodes per three of the linear graph, and an eighth more so the columns do not regrow
    Nodes t = new Nodes(linear.end(), count * 3 / 4 + 16, false, linear.interning);
    int[] ct = new int[count]; // by linear index: the id of its current cotangent, -1 if none
    Arrays.fill(ct, -1);
    ct[linear.outputs[0] - linear.base] = t.node(INPUT, PROGRAM_INPUTS - 1, -1);
    int[] op = linear.op;
    int[] a = linear.a;
    int[] b = linear.b;
    for (int k = count - 1; k >= 0; k--) {
      int c = ct[k];
      if (c < 0 || op[k] == INPUT) {
        // no cotangent reaches it (a primal-role node never has one), or it is a tangent input,
        // whose cotangent is a result
        continue;
      }
      int x = a[k];
      int y = b[k];
      switch (op[k]) {
        case ADD -> {
          if (linear.isLinear(x)) {
            accumulate(t, linear, ct, x, c);
          }
          if (linear.isLinear(y)) {
            accumulate(t, linear, ct, y, c);
          }
        }
        case MUL -> {
          if (linear.isLinear(x)) {
            accumulate(t, linear, ct, x, t.node(MUL, c, y));
          } else {
            accumulate(t, linear, ct, y, t.node(MUL, x, c));
          }
        }
        case NEG -> accumulate(t, linear, ct, x, t.node(NEG, c, -1));
        default -> throw new IllegalStateException("no transpose rule for opcode " + op[k]);
      }
    }
    t.outputs = new int[4];
    for (int i = 0; i < 4; i++) {
      if (ct[i] < 0) {
        throw new IllegalStateException("dy/dx" + i + " is symbolically zero");
      }
      t.outputs[i] = ct[i];
    }
    return t;
  }

  /**
   * Adds cotangent {@code c} to linear value {@code v}: the first contribution is the value's
   * cotangent, each later one is summed onto it with Add.
   */
  private static void accumulate(Nodes t, Nodes linear, int[] ct, int v, int c) {
    int k = v - linear.base;
    ct[k] = ct[k] < 0 ? c : t.node(ADD, ct[k], c);
  }

  /**
   * The program y, dy/dx0..dy/dx3 of inputs x0..x3 and the seed: the nodes of the three graphs
   * these outputs reach, operands first, interned as one graph. Its nodes are numbered from 0, the
   * five inputs first.
   *
   * @throws IllegalStateException if an output reaches an input other than the five
   */
  public static Nodes merge(Nodes primal, Nodes linear, Nodes transposed) {
    int end = transposed.end();
    // the primal, the transposed graph and the linear graph's primal-role nodes (a third of it),
    // with room to spare: one node too many would double the columns
    Nodes m =
        new Nodes(
            0, primal.size + transposed.size + linear.size / 2 + 16, false, primal.interning);
    int[] merged = new int[end]; // by global id: 1 + its index in m once emitted, 0 before
    for (int i = 0; i < 4; i++) {
      merged[i] = 1 + m.node(INPUT, i, -1); // primal inputs are ids 0..3
    }
    merged[transposed.base] = 1 + m.node(INPUT, PROGRAM_INPUTS - 1, -1); // the seed
    int[] roots = new int[PROGRAM_INPUTS];
    roots[0] = primal.outputs[0];
    System.arraycopy(transposed.outputs, 0, roots, 1, 4);

    // the walk's stack, two ints a frame: a node id and how many of its operands it has visited;
    // it grows as deep as the walk goes (about n: the primal chain), never sized for every id
    int[] stack = new int[512];
    for (int root : roots) {
      if (merged[root] != 0) {
        continue;
      }
      stack[0] = root;
      stack[1] = 0;
      int top = 0; // the index of the top frame's id
      while (top >= 0) {
        int id = stack[top];
        Nodes g = id < linear.base ? primal : id < transposed.base ? linear : transposed;
        int k = id - g.base;
        int o = g.op[k];
        int x = g.a[k];
        int y = g.b[k];
        if (o == INPUT) {
          throw new IllegalStateException("the outputs read an undeclared input, id " + id);
        }
        // the next operand not emitted yet, if any: operand 0 first, then operand 1
        int next = -1;
        if (stack[top + 1] == 0) {
          stack[top + 1] = 1;
          if (merged[x] == 0) {
            next = x;
          }
        }
        if (next < 0 && stack[top + 1] == 1 && y >= 0) {
          stack[top + 1] = 2;
          if (merged[y] == 0) {
            next = y;
          }
        }
        if (next >= 0) {
          top += 2;
          if (top == stack.length) {
            stack = Arrays.copyOf(stack, 2 * stack.length);
          }
          stack[top] = next;
          stack[top + 1] = 0;
        } else {
          merged[id] = 1 + m.node(o, merged[x] - 1, y < 0 ? -1 : merged[y] - 1);
          top -= 2;
        }
      }
    }
    m.outputs = new int[roots.length];
    for (int i = 0; i < roots.length; i++) {
      m.outputs[i] = merged[roots[i]] - 1;
    }
    return m;
  }

  /**
   * The merged program compiled: each instruction its result slot and operand slots, slots reused
   * by a linear scan over last uses (a backward pass marks which values are read and which operand
   * is the last read of its value; the forward pass takes slots from a free list and frees them
   * there).
   */
  public static Program compile(Nodes m) {
    int count = m.size;
    int[] op = m.op;
    int[] a = m.a;
    int[] b = m.b;
    int instructions = count - PROGRAM_INPUTS;
    long[] read = new long[(count + 63) >>> 6];
    long[] lastRead = new long[(2 * instructions + 63) >>> 6];
    for (int out : m.outputs) {
      set(read, out); // live to the end
    }
    for (int k = count - 1; k >= PROGRAM_INPUTS; k--) {
      int p = 2 * (k - PROGRAM_INPUTS);
      // of two operands reading one value, the first is its last read
      if (!get(read, a[k])) {
        set(read, a[k]);
        set(lastRead, p);
      }
      if (b[k] >= 0 && !get(read, b[k])) {
        set(read, b[k]);
        set(lastRead, p + 1);
      }
    }

    int[] slot = new int[count];
    int[] free = new int[count];
    int freeCount = 0;
    for (int i = 0; i < PROGRAM_INPUTS; i++) {
      slot[i] = i;
    }
    for (int i = PROGRAM_INPUTS - 1; i >= 0; i--) {
      if (!get(read, i)) {
        free[freeCount++] = i;
      }
    }
    int slotCount = PROGRAM_INPUTS;
    int[] ops = new int[instructions];
    int[] args = new int[2 * instructions];
    int[] results = new int[instructions];
    for (int k = PROGRAM_INPUTS; k < count; k++) {
      int i = k - PROGRAM_INPUTS;
      int s = freeCount > 0 ? free[--freeCount] : slotCount++;
      slot[k] = s;
      ops[i] = op[k];
      results[i] = s;
      int p = 2 * i;
      args[p] = slot[a[k]];
      if (get(lastRead, p)) {
        free[freeCount++] = args[p];
      }
      if (b[k] >= 0) {
        args[p + 1] = slot[b[k]];
        if (get(lastRead, p + 1)) {
          free[freeCount++] = args[p + 1];
        }
      } else {
        args[p + 1] = -1;
      }
      if (!get(read, k)) {
        free[freeCount++] = s; // a result nothing reads
      }
    }
    int[] outputSlots = new int[m.outputs.length];
    for (int i = 0; i < outputSlots.length; i++) {
      outputSlots[i] = slot[m.outputs[i]];
    }
    return new Program(ops, args, results, outputSlots, slotCount);
  }

  private static boolean get(long[] bits, int i) {
    return (bits[i >>> 6] & (1L << i)) != 0;
  }

  private static void set(long[] bits, int i) {
    bits[i >>> 6] |= 1L << i;
  }

  /**
   * A graph as columns: node {@code k} has id {@code base + k}, opcode {@code op[k]} and operand
   * ids {@code a[k]}, {@code b[k]} ({@code -1} for none). Nodes are interned: {@link #node} returns
   * the id of an equal node if there is one. The columns grow by doubling if the expected size was
   * too small. An input's operand a is its position, not an id: on a use list it shares the list of
   * the id of that number, and its opcode tells it apart.
   */
  public static final class Nodes {
    final int base;
    int[] op;
    int[] a;
    int[] b;
    /** Per node, whether it carries tangent or cotangent flow; null in a graph without roles. */
    boolean[] linear;
    int size;
    final Interning interning;
    /** TABLE: open addressing, linear probing; 1 + a node's index, 0 for empty; load ≤ 1/2. */
    private int[] table;
    /** USE_LISTS: per id of this graph or an earlier one, 1 + its newest use's index, 0 none. */
    private int[] newestUse;
    /** USE_LISTS: per node, the index of the next older use of its first operand, -1 none. */
    private int[] olderUse;
    int[] outputs;

    Nodes(int base, int expected, boolean roles, Interning interning) {
      this.base = base;
      this.interning = interning;
      op = new int[expected];
      a = new int[expected];
      b = new int[expected];
      linear = roles ? new boolean[expected] : null;
      if (interning == Interning.TABLE) {
        table = new int[Integer.highestOneBit(Math.max(expected, 8) - 1) << 2];
      } else {
        newestUse = new int[base + expected];
        olderUse = new int[expected];
      }
    }

    /** The id after this graph's last: the base of the graph emitted from it. */
    int end() {
      return base + size;
    }

    public int size() {
      return size;
    }

    /** Whether id {@code v} is a value of this graph that carries tangent flow. */
    boolean isLinear(int v) {
      return v >= base && linear[v - base];
    }

    /** The id of node (o, x, y), which carries tangent flow: appended as linear if new. */
    int linear(int o, int x, int y) {
      int id = node(o, x, y);
      linear[id - base] = true;
      return id;
    }

    /** The id of node (o, x, y): an equal node's if this graph has one, else a new node's. */
    int node(int o, int x, int y) {
      if (size == op.length) {
        grow();
      }
      return interning == Interning.TABLE ? nodeByTable(o, x, y) : nodeByUses(o, x, y);
    }

    private int nodeByTable(int o, int x, int y) {
      int mask = table.length - 1;
      for (int h = hash(o, x, y) & mask; ; h = (h + 1) & mask) {
        int entry = table[h];
        if (entry == 0) {
          table[h] = 1 + size;
          return append(o, x, y);
        }
        int k = entry - 1;
        if (op[k] == o && a[k] == x && b[k] == y) {
          return base + k;
        }
      }
    }

    private int nodeByUses(int o, int x, int y) {
      for (int k = newestUse[x] - 1; k >= 0; k = olderUse[k]) {
        if (op[k] == o && b[k] == y) {
          return base + k;
        }
      }
      olderUse[size] = newestUse[x] - 1;
      newestUse[x] = 1 + size;
      return append(o, x, y);
    }

    private int append(int o, int x, int y) {
      op[size] = o;
      a[size] = x;
      b[size] = y;
      return base + size++;
    }

    private void grow() {
      int capacity = 2 * op.length;
      op = Arrays.copyOf(op, capacity);
      a = Arrays.copyOf(a, capacity);
      b = Arrays.copyOf(b, capacity);
      if (linear != null) {
        linear = Arrays.copyOf(linear, capacity);
      }
      if (interning == Interning.USE_LISTS) {
        newestUse = Arrays.copyOf(newestUse, base + capacity);
        olderUse = Arrays.copyOf(olderUse, capacity);
        return;
      }
      table = new int[2 * table.length];
      int mask = table.length - 1;
      for (int k = 0; k < size; k++) {
        int h = hash(op[k], a[k], b[k]) & mask;
        while (table[h] != 0) {
          h = (h + 1) & mask;
        }
        table[h] = 1 + k;
      }
    }

    private static int hash(int o, int x, int y) {
      int h = x * 0x9E3779B1 + y * 0x85EBCA77 + o;
      h ^= h >>> 15;
      h *= 0x2C1B3C6D;
      return h ^ (h >>> 16);
    }
  }

  /**
   * A compiled program: instruction {@code i} applies {@code ops[i]} to the slots {@code args[2i]}
   * and {@code args[2i + 1]} ({@code -1} for none) and writes slot {@code results[i]}. Inputs
   * x0..x3 are slots 0..3 and the seed slot 4; the outputs y, dy/dx0..dy/dx3 are read from {@code
   * outputSlots} when the program ends.
   */
  public record Program(int[] ops, int[] args, int[] results, int[] outputSlots, int slotCount) {
    public int instructionCount() {
      return ops.length;
    }

    /** Runs the program: {y, dy/dx0, .., dy/dx3} at {@code x} (x0..x3) and the seed of y. */
    public double[] evaluate(double[] x, double seed) {
      double[] f = new double[slotCount];
      System.arraycopy(x, 0, f, 0, 4);
      f[4] = seed;
      for (int i = 0; i < ops.length; i++) {
        int p = 2 * i;
        f[results[i]] =
            switch (ops[i]) {
              case ADD -> f[args[p]] + f[args[p + 1]];
              case MUL -> f[args[p]] * f[args[p + 1]];
              case SIN -> Trig.sin(f[args[p]]);
              case COS -> Trig.cos(f[args[p]]);
              case NEG -> -f[args[p]];
              default -> throw new IllegalStateException("no evaluation of opcode " + ops[i]);
            };
      }
      double[] out = new double[outputSlots.length];
      for (int i = 0; i < out.length; i++) {
        out[i] = f[outputSlots[i]];
      }
      return out;
    }
  }
}
