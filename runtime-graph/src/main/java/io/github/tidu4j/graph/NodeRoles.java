package io.github.tidu4j.graph;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The {@link OperationRole} of each node of a {@link MaterializedGraph}, one byte per node: a graph
 * holds few distinct roles (the primary role and a linearized role per active mask its transforms
 * emitted), so each is stored once and a node holds its number. Past 256 distinct roles, each node
 * holds its role itself. What a materialized graph keeps, instead of its nodes' sources, to make
 * its keys when one is asked for.
 *
 * <p>Roles are numbered per kind of a source graph ({@link #codesOf}), not per node: a node's
 * kind gives its role's number from a table as small as its graph's kinds.
 */
final class NodeRoles {
  /** Distinct roles a byte can number. */
  private static final int BYTE_CODES = 256;

  /** The distinct roles, by number; null once past {@link #BYTE_CODES}. */
  private OperationRole[] distinct = new OperationRole[4];
  private int distinctCount;
  /** The number of the last role added, checked first: neighbouring nodes often share a role. */
  private int last = -1;
  /** Role -> number, made once the list is too long to scan; or null. */
  private Map<OperationRole, Integer> numbers;
  private byte[] codes;
  /** Each node's role, once there are more than {@link #BYTE_CODES} distinct; or null. */
  private OperationRole[] perNode;

  NodeRoles(int nodeCount) {
    codes = new byte[nodeCount];
  }

  /** Records {@code role} as the role of node {@code k}; nodes are recorded in order, once. */
  void set(int k, OperationRole role) {
    if (perNode != null) {
      perNode[k] = role;
      return;
    }
    int code = last >= 0 && distinct[last] == role ? last : number(role);
    if (code < 0) {
      OperationRole[] each = new OperationRole[codes.length];
      for (int j = 0; j < k; j++) {
        each[j] = get(j); // by number: perNode is not set yet
      }
      each[k] = role;
      perNode = each;
      codes = null;
      distinct = null;
      numbers = null;
      return;
    }
    last = code;
    codes[k] = (byte) code;
  }

  /**
   * The number of the role of each kind of {@code g}, by kind, for {@link #setCode}; null if they
   * would be past {@link #BYTE_CODES} (then each node's role is {@linkplain #set set} itself).
   */
  int[] codesOf(Graph<?> g) {
    if (perNode != null) {
      return null;
    }
    int[] codes = new int[g.kindCount()];
    for (int kind = 0; kind < codes.length; kind++) {
      int code = number(g.kindRole(kind));
      if (code < 0) {
        return null;
      }
      codes[kind] = code;
    }
    return codes;
  }

  /** Whether roles are numbered: the numbers {@link #codesOf} gave may be {@linkplain #setCode set}. */
  boolean numbered() {
    return perNode == null;
  }

  /**
   * Records the role numbered {@code code} by {@link #codesOf} as the role of node {@code k}, while
   * roles are {@linkplain #numbered() numbered}.
   */
  void setCode(int k, int code) {
    codes[k] = (byte) code;
  }

  /** The number of {@code role}, added if new; -1 if it would be past {@link #BYTE_CODES}. */
  private int number(OperationRole role) {
    if (numbers != null) {
      Integer code = numbers.get(role);
      if (code != null) {
        return code;
      }
    } else {
      for (int i = 0; i < distinctCount; i++) {
        if (distinct[i].equals(role)) {
          return i;
        }
      }
    }
    if (distinctCount == BYTE_CODES) {
      return -1;
    }
    if (distinctCount == distinct.length) {
      distinct = Arrays.copyOf(distinct, distinctCount * 2);
    }
    int code = distinctCount++;
    distinct[code] = role;
    if (numbers == null && distinctCount > 8) {
      numbers = new HashMap<>();
      for (int i = 0; i < distinctCount; i++) {
        numbers.put(distinct[i], i);
      }
    } else if (numbers != null) {
      numbers.put(role, code);
    }
    return code;
  }

  /** The role of node {@code k}. */
  OperationRole get(int k) {
    return perNode != null ? perNode[k] : distinct[codes[k] & 0xff];
  }
}
