package io.github.tidu4j.graph;

import java.util.Arrays;

/**
 * A builder's record of the nodes whose keys it has not made: the nodes built on the values of
 * a scope confined to the builder's own thread, that is, a transform's pass (see {@link
 * KeyScope#openConfined}).
 *
 * <p>Such a key could only ever be interned in that scope, and until the graph is built only its
 * builder can intern there, so the builder itself can tell whether a structure repeats: it
 * compares the operation, the role and the operands (by key where they have one, else by local
 * id, since a deferred value is never repeated). So a pass makes no key object per node; its
 * graph holds ints, which a collection never copies one by one, and makes the keys, in node order,
 * the first time anyone asks for one (see {@link NodeKinds#makeKeys}). A pass whose graph is
 * only read by node (the next transform, say) never makes them.
 *
 * <p>Repeats are found as {@link KeyScope} finds them: through a short list of the nodes that
 * use each value as their first pass operand, then a table for values with full lists.
 */
final class DeferredKeys {
  private static final int USES_PER_ANCHOR = KeyScope.USES_PER_ANCHOR;

  private final KeyScope scope; // the builder's own, confined scope
  private final IntList operandStart;
  private final IntList operands;
  private final RefList<ValueKey> valueKeys;
  private final RefList<ValueKey> externals;

  private final KindNumbering kinds; // the builder's: every node's kind

  // per value: the newest deferred node (+ 1) whose first pass operand it is; per node: the next
  private int[] lastUse;
  private final IntList nextUse;
  // the deferred nodes anchored on values with full lists: node + 1 and hash, open addressing
  private int[] table;
  private int[] tableHashes;
  private int tableCount;
  // the checks mode's full lookup of the deferred nodes (I4); null unless it is on
  private final DeferredChecks checks = Checks.ENABLED ? new DeferredChecks() : null;

  DeferredKeys(
      KeyScope scope,
      IntList operandStart,
      IntList operands,
      RefList<ValueKey> valueKeys,
      RefList<ValueKey> externals,
      KindNumbering kinds,
      int expectedNodes) {
    this.scope = scope;
    this.operandStart = operandStart;
    this.operands = operands;
    this.valueKeys = valueKeys;
    this.externals = externals;
    this.kinds = kinds;
    this.nextUse = new IntList(expectedNodes);
    this.lastUse = new int[Math.max(16, expectedNodes)];
  }

  /** Records a node whose key was made as it was added; its kind is recorded by the builder. */
  void addKeyed() {
    nextUse.add(0);
  }

  /**
   * The earlier deferred node with this kind and these operands, or -1. An operand is named by
   * its key, or by its local id where it has none yet ({@code keys[j] == null}).
   */
  int find(int kind, ValueKey[] keys, int[] locals, int count) {
    int found = findByAnchor(kind, keys, locals, count);
    if (Checks.ENABLED && checks != null) {
      checks.checkFind(found, kinds.operationOf(kind), kind, keys, locals, count);
    }
    return found;
  }

  // relies on I4: a deferred node is on its anchor's use list, or in the table only if that list
  // is full, so a miss on a list that is not full is a miss in the builder
  private int findByAnchor(int kind, ValueKey[] keys, int[] locals, int count) {
    int anchor = anchorOf(keys, locals, count);
    int length = 0;
    if (anchor >= 0 && anchor < lastUse.length) {
      for (int n = lastUse[anchor]; n != 0; n = nextUse.get(n - 1)) {
        if (sameNode(n - 1, kind, keys, locals, count)) {
          return n - 1;
        }
        length++;
      }
    }
    if (anchor >= 0 && length < USES_PER_ANCHOR) {
      return -1; // the whole list was searched
    }
    if (table == null) {
      return -1;
    }
    int h = tableHash(kind, keys, locals, count);
    int mask = table.length - 1;
    for (int i = h & mask; table[i] != 0; i = (i + 1) & mask) {
      if (tableHashes[i] == h && sameNode(table[i] - 1, kind, keys, locals, count)) {
        return table[i] - 1;
      }
    }
    return -1;
  }

  /**
   * Records deferred node {@code node}, just added with this kind and these operands; its kind is
   * recorded by the builder.
   */
  void addDeferred(int node, int kind, ValueKey[] keys, int[] locals, int count) {
    if (Checks.ENABLED && checks != null) {
      checks.recordAdded(node, kind, keys, locals, count);
    }
    nextUse.add(0);
    int anchor = anchorOf(keys, locals, count);
    int length = 0;
    if (anchor >= 0) {
      if (anchor >= lastUse.length) {
        lastUse = Arrays.copyOf(lastUse, Math.max(anchor + 1, lastUse.length + (lastUse.length >> 1)));
      }
      for (int n = lastUse[anchor]; n != 0 && length < USES_PER_ANCHOR; n = nextUse.get(n - 1)) {
        length++;
      }
      if (length < USES_PER_ANCHOR) {
        nextUse.set(node, lastUse[anchor]);
        lastUse[anchor] = node + 1;
        return;
      }
    }
    putInTable(node, tableHash(kind, keys, locals, count));
  }

  // the anchor: the first operand whose key is deferred (a value of the pass, local by nature),
  // or else the first that is a value of the scope with its key (an input of the pass): chosen by
  // the operands' keys alone, so that one structure has one anchor whether a keyed operand of an
  // older scope is staged as a local value or by key (I4)
  private int anchorOf(ValueKey[] keys, int[] locals, int count) {
    for (int j = 0; j < count; j++) {
      if (keys[j] == null) {
        return locals[j];
      }
    }
    for (int j = 0; j < count; j++) {
      if (locals[j] >= 0 && CanonicalKey.of(keys[j]).scope() == scope) {
        return locals[j];
      }
    }
    return -1;
  }

  // relies on I1: keys are canonical, so operands with keys compare by identity
  private boolean sameNode(int node, int kind, ValueKey[] keys, int[] locals, int count) {
    if (kinds.get(node) != kind) {
      return false; // a kind fixes the operation, hence the operand count (kinds compare by equals)
    }
    int start = operandStart.get(node);
    for (int j = 0; j < count; j++) {
      int encoded = operands.get(start + j);
      ValueKey key = encoded >= 0 ? valueKeys.get(encoded) : externals.get(-encoded - 1);
      if (key != null ? key != keys[j] : keys[j] != null || encoded != locals[j]) {
        return false;
      }
    }
    return true;
  }

  private static int tableHash(int kind, ValueKey[] keys, int[] locals, int count) {
    int h = kind;
    for (int j = 0; j < count; j++) {
      h = 31 * h + (keys[j] != null ? keys[j].hashCode() : Hashing.mix(locals[j] ^ 0x2545f491));
    }
    h = Hashing.mix(h);
    return h == 0 ? 1 : h;
  }

  private void putInTable(int node, int h) {
    if (table == null) {
      table = new int[64];
      tableHashes = new int[64];
    }
    int mask = table.length - 1;
    int i = h & mask;
    while (table[i] != 0) {
      i = (i + 1) & mask;
    }
    table[i] = node + 1;
    tableHashes[i] = h;
    if (++tableCount > table.length >>> 1) {
      int[] oldTable = table;
      int[] oldHashes = tableHashes;
      table = new int[oldTable.length * 2];
      tableHashes = new int[oldTable.length * 2];
      tableCount = 0;
      for (int j = 0; j < oldTable.length; j++) {
        if (oldTable[j] != 0) {
          putInTable(oldTable[j] - 1, oldHashes[j]);
        }
      }
    }
  }
}
