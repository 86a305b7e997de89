package io.github.tidu4j.graph;

/**
 * The note for an input key that is not found where another key that prints the same is: a graph
 * declared {@code InputKey.user("v")} and a map binds the string {@code "v"}, say. Both print
 * {@code v}, so a message listing the keys taken would name the missing key among them; the note
 * says which types differ, so the user names the key the graph declared.
 */
public final class LookalikeKeys {
  private LookalikeKeys() {}

  /**
   * {@code ""} if no key of {@code given} prints like a key of {@code declared} without being
   * equal to it; otherwise a clause, starting with {@code "; "}, naming the first such pair and
   * both types.
   *
   * @param declared keys a graph declares (its inputs)
   * @param given keys the user gave where the declared ones were expected
   */
  public static String note(Iterable<?> declared, Iterable<?> given) {
    for (Object wanted : declared) {
      String text = String.valueOf(wanted);
      for (Object key : given) {
        if (key != null && wanted != null && !key.equals(wanted)
            && String.valueOf(key).equals(text)) {
          return "; the graph's input "
              + text
              + " is a "
              + wanted.getClass().getName()
              + " and the "
              + text
              + " given a "
              + key.getClass().getName()
              + ": they print alike but are different keys, so use the key the graph declared";
        }
      }
    }
    return "";
  }
}
