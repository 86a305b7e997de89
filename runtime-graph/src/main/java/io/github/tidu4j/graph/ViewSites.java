package io.github.tidu4j.graph;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Where each key of a {@link ResolvedView} of several graphs is defined, as flat arrays: the
 * view's values are numbered one graph after another (value {@code v} of graph {@code gi} is
 * {@code base(gi) + v}), and each value's <em>site</em> is the first value of the view with its
 * key, in the view's order of graphs and each graph's order of values, which is where {@link
 * ResolvedView#find} finds that key. Each external reference of each graph is resolved to its site
 * once, when the view is made.
 *
 * <p>Sites are found in one pass over the values with no index by key: each key carries a hint
 * ({@link CanonicalKey#externalHint}), the site this pass gave it, checked against the key at that
 * site, so a repeated key is found and a new key recognized without a lookup. Over millions of
 * values an index probed at random costs several cache misses per value; the pass reads the values
 * in order. A hint is a plain {@code int} that a graph builder or another view may overwrite
 * meanwhile: the pass then finds a site whose key no longer holds its number, and finds the sites
 * again through an index by key. Looking a key up afterwards ({@link #siteOf(ValueKey)}) trusts a
 * hint only when the key at its site is that key, and otherwise uses the same index.
 *
 * <p>The pass makes no key a graph's builder deferred when it can tell that no other value has it
 * (see {@link #leavesPending}): the values a walk never reaches then never get one.
 *
 * <p>Most values are their own site: a graph builder merges equal structures itself, so a value
 * repeats an earlier one only where graphs of the view share keys (no value of a gradient's view
 * does). The sites are therefore kept as the exceptions: a bit per value marks a <em>repeat</em>, a
 * value whose site is an earlier value, and the repeats' sites are listed in value order, found by
 * the count of repeats before a value (a count per 64 values). That is about 0.2 bytes per value
 * plus 4 per repeat instead of an {@code int} per value: a walk over the view ({@link
 * LogicalOrder}) keeps an {@code int} per value of its own, and the view's sites stay alive beside
 * it. The external sites are chunks ({@link IntChunks}), not an array per graph, so that a view
 * pins no run of heap regions while walks over it run.
 *
 * <pre>{@code
 * ViewSites sites = new ViewSites(view.graphs());
 * int site = sites.site(sites.base(gi) + value);   // equal keys, one site
 * }</pre>
 */
final class ViewSites {
  private final Graph<?>[] graphs;
  private final int[] base;
  private final int valueCount;
  /** Bit {@code at} set: value {@code at} is a repeat, its site an earlier value. */
  private long[] repeats;
  /** For each 64 values, the number of repeats before them. */
  private int[] repeatsBefore;
  /** The site of each repeat, in value order. */
  private int[] repeatSites;
  /** While the sites are found: the sites of the repeats so far, and the words counted. */
  private IntList sitesOfRepeats;
  private int countedWords;
  /**
   * Each external of each graph, graph by graph from {@link #externalBase}: its site, or -1 if no
   * graph of the view defines its key. In chunks ({@link IntChunks}): a view lives through the
   * walks over it, and an array of its own per graph would pin a run of heap regions there.
   */
  private final IntChunks externalSites;
  /** Where each graph's externals start in {@link #externalSites}, then the end. */
  private final int[] externalBase;
  /**
   * Per graph: the scope of the keys its builder deferred if they are left unmade ({@link
   * #leavesPending}), else {@code null}.
   */
  private final KeyScope[] pending;
  /** key -> its site, made on the first lookup whose hint does not hold; or null. */
  private volatile KeyIndex byKey;

  ViewSites(List<? extends Graph<?>> viewGraphs) {
    graphs = viewGraphs.toArray(new Graph<?>[0]);
    base = new int[graphs.length + 1];
    for (int gi = 0; gi < graphs.length; gi++) {
      base[gi + 1] = base[gi] + graphs[gi].valueCount();
    }
    valueCount = base[graphs.length];
    pending = new KeyScope[graphs.length];
    KeyScope[] scopes = new KeyScope[graphs.length];
    for (int gi = 0; gi < graphs.length; gi++) {
      scopes[gi] = graphs[gi].pendingKeyScope();
    }
    for (int gi = 0; gi < graphs.length; gi++) {
      pending[gi] = leavesPending(scopes, gi) ? scopes[gi] : null;
    }
    indexByHints();
    for (int gi = 0; gi < graphs.length; gi++) {
      if (pending[gi] != null && pending[gi].size() != 0) {
        // a key was made in the scope meanwhile: it may be one of the graph's own
        Arrays.fill(pending, null);
        indexByHints();
        break;
      }
    }
    externalBase = new int[graphs.length + 1];
    for (int gi = 0; gi < graphs.length; gi++) {
      externalBase[gi + 1] = Math.addExact(externalBase[gi], graphs[gi].externalCount());
    }
    externalSites = new IntChunks(externalBase[graphs.length], 0);
    for (int gi = 0; gi < graphs.length; gi++) {
      Graph<?> g = graphs[gi];
      for (int e = 0, n = g.externalCount(); e < n; e++) {
        externalSites.set(externalBase[gi] + e, siteOf(g.external(e)));
      }
    }
    if (Checks.ENABLED) {
      GraphChecks.checkExternalSites(this, graphs);
    }
  }

  /**
   * Whether the keys the builder of graph {@code gi} deferred can be left unmade, each of its
   * values with such a key its own site: so when no key has been made in their scope (it is empty,
   * {@code scopes[gi]}, and no other graph of the view defers keys in it). Then no other value of
   * the view has such a key, nor can any graph refer to one, since a key must exist to be referred
   * to; and the builder made each structure once. A view of the graph of a transform's pass that
   * the next pass leaves behind (the linear graph, once transposed) thus makes none of its keys.
   */
  private static boolean leavesPending(KeyScope[] scopes, int gi) {
    KeyScope scope = scopes[gi];
    if (scope == null || scope.size() != 0) {
      return false;
    }
    for (int other = 0; other < scopes.length; other++) {
      if (other != gi && scopes[other] == scope) {
        return false;
      }
    }
    return true;
  }

  private void indexByHints() {
    clearSites();
    for (int gi = 0; gi < graphs.length; gi++) {
      Graph<?> g = graphs[gi];
      int b = base[gi];
      for (int v = 0, n = g.valueCount(); v < n; v++) {
        int at = b + v;
        ValueKey known = pending[gi] != null ? g.knownKey(v) : g.valueKey(v);
        if (known == null) {
          continue; // a deferred key, its own site (see leavesPending)
        }
        CanonicalKey key = CanonicalKey.of(known);
        int hint = key.externalHint;
        if (hint >= 0 && hint < at && keyAt(hint) == key) {
          addRepeat(at, site(hint));
        } else {
          key.externalHint = at;
        }
      }
    }
    if (hintOverwritten()) {
      // a repeated key may have been taken for new: find the sites by key
      byKey = null;
      KeyIndex index = byKey();
      clearSites();
      for (int v = 0; v < valueCount; v++) {
        ValueKey k = keyAt(v);
        int site = k == null ? v : index.get(k);
        if (site != v) {
          addRepeat(v, site);
        }
      }
    }
    countRepeats();
  }

  /** Every value its own site, until {@link #addRepeat} says otherwise. */
  private void clearSites() {
    int words = (valueCount + 63) >>> 6;
    repeats = new long[words];
    repeatsBefore = new int[words];
    countedWords = 0;
    sitesOfRepeats = new IntList(16);
    repeatSites = null;
  }

  /**
   * Value {@code at}, later than every repeat recorded so far, is a repeat of {@code site}. The
   * words up to {@code at}'s get their count of repeats before them, all recorded already.
   */
  private void addRepeat(int at, int site) {
    int word = at >>> 6;
    for (; countedWords <= word; countedWords++) {
      repeatsBefore[countedWords] = sitesOfRepeats.size();
    }
    repeats[word] |= 1L << at;
    sitesOfRepeats.add(site);
  }

  /** Ends a pass of {@link #addRepeat}: the counts of the words after the last repeat. */
  private void countRepeats() {
    for (; countedWords < repeatsBefore.length; countedWords++) {
      repeatsBefore[countedWords] = sitesOfRepeats.size();
    }
    repeatSites = sitesOfRepeats.toArray();
    sitesOfRepeats = null;
  }

  /** Whether some key's hint no longer names the site {@link #indexByHints} gave it. */
  private boolean hintOverwritten() {
    for (int gi = 0; gi < graphs.length; gi++) {
      Graph<?> g = graphs[gi];
      int b = base[gi];
      for (int v = 0, n = g.valueCount(); v < n; v++) {
        int at = b + v;
        if (isRepeat(at)) {
          continue; // a repeat: the pass found its site by the hint, checked then
        }
        ValueKey key = pending[gi] != null ? g.knownKey(v) : g.valueKey(v);
        if (key != null && CanonicalKey.of(key).externalHint != at) {
          return true;
        }
      }
    }
    return false;
  }

  private KeyIndex byKey() {
    KeyIndex index = byKey;
    if (index == null) {
      index = new KeyIndex(valueCount);
      for (int at = 0; at < valueCount; at++) {
        ValueKey key = keyAt(at);
        if (key != null) {
          index.putIfAbsent(key, at);
        }
      }
      // racy but benign: threads that make it at once read the same keys, or, where a graph's
      // deferred keys are being made meanwhile, one index has some of them and another not,
      // which siteOf answers alike (see pendingSite)
      byKey = index;
    }
    return index;
  }

  /** The number of values of the view's graphs, all counted. */
  int valueCount() {
    return valueCount;
  }

  /** The number of the first value of graph {@code gi}. */
  int base(int gi) {
    return base[gi];
  }

  /** The graph, as its position in the view, that holds value number {@code at}. */
  int graphOf(int at) {
    int lo = 0;
    int hi = graphs.length - 1;
    while (lo < hi) { // the last graph whose first value is at or before at
      int mid = (lo + hi + 1) >>> 1;
      if (base[mid] <= at) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /** The site of value number {@code at}. */
  int site(int at) {
    long word = repeats[at >>> 6];
    long bit = 1L << at;
    if ((word & bit) == 0) {
      return at;
    }
    // the repeats before at: those of the words before its, then those below it in its word
    return siteOfRepeat(repeatsBefore[at >>> 6] + Long.bitCount(word & (bit - 1)));
  }

  /** The site of the {@code r}-th repeat, while the sites are found or after. */
  private int siteOfRepeat(int r) {
    return repeatSites != null ? repeatSites[r] : sitesOfRepeats.get(r);
  }

  /** Whether value number {@code at} is a repeat: not its own site (see {@link #site}). */
  private boolean isRepeat(int at) {
    return (repeats[at >>> 6] & (1L << at)) != 0;
  }

  /** The first repeat numbered {@code from} or later, or -1 if there is none. */
  int nextRepeat(int from) {
    int word = from >>> 6;
    if (word >= repeats.length) {
      return -1;
    }
    long bits = repeats[word] & (-1L << from);
    while (bits == 0) {
      if (++word == repeats.length) {
        return -1;
      }
      bits = repeats[word];
    }
    return (word << 6) + Long.numberOfTrailingZeros(bits);
  }

  /** The site of external {@code e} of graph {@code gi}, or -1 if no graph defines its key. */
  int external(int gi, int e) {
    int start = externalBase[gi];
    return externalSites.get(start + Objects.checkIndex(e, externalBase[gi + 1] - start));
  }

  /** The site of {@code key}, or -1 if no graph of the view defines it. */
  int siteOf(ValueKey key) {
    int hint = CanonicalKey.of(key).externalHint;
    if (hint >= 0 && hint < valueCount && keyAt(hint) == key) {
      return site(hint);
    }
    int site = byKey().get(key); // not defined, or the hint was overwritten since
    return site >= 0 ? site : pendingSite(key);
  }

  /**
   * The site of {@code key} if it is a key a graph's builder deferred, left unmade by this view
   * ({@link #leavesPending}) and made since, which an index by key made before may lack; else -1.
   * No other graph of the view has a key of that graph's scope, and its builder made each
   * structure once, so its first value with the key is the site.
   */
  private int pendingSite(ValueKey key) {
    KeyScope scope = CanonicalKey.of(key).scope();
    if (scope == null) {
      return -1;
    }
    for (int gi = 0; gi < graphs.length; gi++) {
      if (pending[gi] == scope) {
        int v = graphs[gi].localValue(key);
        return v < 0 ? -1 : base[gi] + v;
      }
    }
    return -1;
  }

  /** The key of value number {@code at}, or null if it is a deferred key left unmade. */
  private ValueKey keyAt(int at) {
    int gi = graphOf(at);
    return pending[gi] != null
        ? graphs[gi].knownKey(at - base[gi])
        : graphs[gi].valueKey(at - base[gi]);
  }
}
