package io.github.tidu4j.graph;

import java.util.Arrays;

/**
 * The kinds of the nodes of a graph being built: its distinct (operation, role) pairs, numbered as
 * they first appear, and each node's number, what {@link NodeKinds} keeps once the graph is built.
 *
 * <p>A node's number is one byte while the graph has at most 256 kinds (a graph holds few: its
 * operations times the primary role and a linearized role per active mask its transforms
 * emitted), and an {@code int} past that. Kinds compare their operation and role by {@code equals},
 * so one structure has one kind, which {@link DeferredKeys} compares nodes by.
 *
 * <p>A kind is numbered once its pair has passed {@link OperationKey#checkShape} with its
 * operation's input arity, so a builder that finds a node's kind {@linkplain #shapedKind already
 * numbered} with that many operands knows its shape is right without calling the operation's
 * arity methods again, and {@link OperationKey#ofShaped} makes the node's key with the hash codes
 * the kind keeps.
 *
 * <pre>{@code
 * KindNumbering kinds = new KindNumbering(16);
 * kinds.add(kinds.shapedKind(ScalarOp.SIN, OperationRole.primary(), 1)); // node 0
 * NodeKinds frozen = kinds.freeze(null); // no key deferred
 * }</pre>
 */
final class KindNumbering {
  /** Distinct kinds a byte numbers. */
  static final int BYTE_KINDS = 256;

  // the distinct (operation, role) pairs, and a table of kind + 1 by their hash
  private GraphOperation[] operations = new GraphOperation[8];
  private OperationRole[] roles = new OperationRole[8];
  // each kind's operation's input and output arities: a builder reads them per node, and an
  // operation's arity methods are megamorphic calls
  private int[] inputArities = new int[8];
  private int[] outputArities = new int[8];
  // each kind's operation's and role's hash codes, which make a keyed node's key's hash: an
  // operation's hashCode is a megamorphic call too
  private int[] operationHashes = new int[8];
  private int[] roleHashes = new int[8];
  private int kindCount;
  private int[] kindTable = new int[16];
  // a direct-mapped cache of kinds by the identities of their operation and role, tried first:
  // its probe calls no hashCode (an operation's is a megamorphic call, one per node), compares by
  // identity, and hits on every node but a graph's first of each kind, so its branch is
  // predictable even where neighbouring nodes' kinds are not; the table by equals, behind it, is
  // what makes one kind per equal pair
  private static final int CACHE = 64;
  private final GraphOperation[] cachedOperations = new GraphOperation[CACHE];
  private final OperationRole[] cachedRoles = new OperationRole[CACHE];
  private final int[] cachedKinds = new int[CACHE];
  // per node: its kind, in bytes while there are at most BYTE_KINDS kinds (then wide is null),
  // else in ints (then bytes is null)
  private byte[] bytes;
  private int[] wide;
  private int size;

  KindNumbering(int expectedNodes) {
    bytes = new byte[Math.max(16, expectedNodes)];
  }

  /**
   * The kind of a node of (operation, role) on {@code count} operands, numbered on first use:
   * checked by {@link OperationKey#checkShape} unless the pair has a kind already and {@code
   * count} is its operation's input arity (as it was when the kind was numbered).
   *
   * @throws GraphException if the operation takes another number of operands, naming it; then
   *     nothing is numbered
   */
  int shapedKind(GraphOperation operation, OperationRole role, int count) {
    int kind = kindOf(operation, role, false);
    if (kind < 0 || inputArities[kind] != count) {
      OperationKey.checkShape(operation, count, role);
      kind = kindOf(operation, role, true);
    }
    return kind;
  }

  // the kind of (operation, role); if it has none, numbered if number is set, else -1
  private int kindOf(GraphOperation operation, OperationRole role, boolean number) {
    // identity hashes are random bits already, so no mixing: the slot is ready a few cycles after
    // the two headers are read
    int slot = (System.identityHashCode(operation) ^ System.identityHashCode(role)) & (CACHE - 1);
    if (cachedOperations[slot] == operation && cachedRoles[slot] == role) {
      return cachedKinds[slot];
    }
    int kind = find(operation, role, number);
    if (kind < 0) {
      return -1;
    }
    cachedOperations[slot] = operation;
    cachedRoles[slot] = role;
    cachedKinds[slot] = kind;
    return kind;
  }

  // the kind of (operation, role) by equals, from the table; if new, numbered if number is set,
  // else -1
  private int find(GraphOperation operation, OperationRole role, boolean number) {
    int h = hash(operation, role);
    int mask = kindTable.length - 1;
    for (int i = h & mask; ; i = (i + 1) & mask) {
      int entry = kindTable[i];
      if (entry == 0) {
        return number ? newKind(operation, role, i) : -1;
      }
      int kind = entry - 1;
      if ((roles[kind] == role || roles[kind].equals(role))
          && (operations[kind] == operation || operations[kind].equals(operation))) {
        return kind;
      }
    }
  }

  private int newKind(GraphOperation operation, OperationRole role, int slot) {
    if (kindCount == operations.length) {
      operations = Arrays.copyOf(operations, kindCount * 2);
      roles = Arrays.copyOf(roles, kindCount * 2);
      inputArities = Arrays.copyOf(inputArities, kindCount * 2);
      outputArities = Arrays.copyOf(outputArities, kindCount * 2);
      operationHashes = Arrays.copyOf(operationHashes, kindCount * 2);
      roleHashes = Arrays.copyOf(roleHashes, kindCount * 2);
    }
    operations[kindCount] = operation;
    roles[kindCount] = role;
    inputArities[kindCount] = operation.inputArity();
    outputArities[kindCount] = operation.outputArity();
    operationHashes[kindCount] = operation.hashCode();
    roleHashes[kindCount] = role.hashCode();
    kindTable[slot] = ++kindCount;
    if (kindCount > kindTable.length >>> 1) {
      rehash();
    }
    return kindCount - 1;
  }

  private static int hash(GraphOperation operation, OperationRole role) {
    return hash(operation.hashCode(), role.hashCode());
  }

  private static int hash(int operationHash, int roleHash) {
    return Hashing.mix(operationHash * 31 + roleHash);
  }

  private void rehash() {
    kindTable = new int[kindTable.length * 2];
    int mask = kindTable.length - 1;
    for (int kind = 0; kind < kindCount; kind++) {
      int i = hash(operationHashes[kind], roleHashes[kind]) & mask; // the hash codes kept
      while (kindTable[i] != 0) {
        i = (i + 1) & mask;
      }
      kindTable[i] = kind + 1;
    }
  }

  /** The operation of kind {@code kind}. */
  GraphOperation operationOf(int kind) {
    return operations[kind];
  }

  /** The output arity of the operation of kind {@code kind}. */
  int outputArity(int kind) {
    return outputArities[kind];
  }

  /** The hash code of the operation of kind {@code kind}. */
  int operationHash(int kind) {
    return operationHashes[kind];
  }

  /** The hash code of the role of kind {@code kind}. */
  int roleHash(int kind) {
    return roleHashes[kind];
  }

  /** Records {@code kind}, from {@link #shapedKind}, as the kind of the next node. */
  void add(int kind) {
    if (bytes != null) {
      if (kind < BYTE_KINDS) {
        if (size == bytes.length) {
          bytes = Arrays.copyOf(bytes, grown(size));
        }
        bytes[size++] = (byte) kind;
        return;
      }
      widen();
    }
    if (size == wide.length) {
      wide = Arrays.copyOf(wide, grown(size));
    }
    wide[size++] = kind;
  }

  private static int grown(int length) {
    return length + (length >> 1) + 1;
  }

  // past BYTE_KINDS kinds: every node's kind as an int from now on
  private void widen() {
    wide = new int[Math.max(bytes.length, size + 1)];
    for (int node = 0; node < size; node++) {
      wide[node] = bytes[node] & 0xff;
    }
    bytes = null;
  }

  /** The kind of node {@code node}. */
  int get(int node) {
    return bytes != null ? bytes[node] & 0xff : wide[node];
  }

  /**
   * The kinds of the graph built: each node's, as the graph keeps them (the arrays themselves
   * when nearly full, see {@link Slack}), with the keys its builder deferred belonging to {@code
   * scope} (null if it deferred none). The numbering is not used afterwards.
   */
  NodeKinds freeze(KeyScope scope) {
    return bytes != null
        ? new NodeKinds(Slack.kept(bytes, size), null, distinctOperations(), distinctRoles(), scope)
        : new NodeKinds(null, Slack.kept(wide, size), distinctOperations(), distinctRoles(), scope);
  }

  /** The kinds so far, for making the keys deferred so far; the numbering goes on. */
  NodeKinds snapshot() {
    return bytes != null
        ? new NodeKinds(bytes, null, distinctOperations(), distinctRoles(), null)
        : new NodeKinds(null, wide, distinctOperations(), distinctRoles(), null);
  }

  private GraphOperation[] distinctOperations() {
    return Arrays.copyOf(operations, kindCount);
  }

  private OperationRole[] distinctRoles() {
    return Arrays.copyOf(roles, kindCount);
  }
}
