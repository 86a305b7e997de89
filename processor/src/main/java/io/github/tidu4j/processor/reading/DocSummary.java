package io.github.tidu4j.processor.reading;

/**
 * The first sentence of a declaration's Javadoc, made fit for the generated code's Javadoc: what a
 * generated fluent method shows of the primitive or composite it applies, so that an IDE's hover
 * on {@code x.reduceSum(1)} says what it does. A {@code {@link X}} or {@code {@linkplain X label}}
 * becomes {@code {@code X}} or its label (the name need not resolve where the generated class
 * is), and HTML tags are dropped (a cut could leave one open); {@code {@code …}} and the other
 * inline tags are kept whole, and the sentence never ends inside one.
 *
 * <pre>{@code
 * String summary = DocSummary.of(" Sums over {@code axes}, dropped. Its transpose ...\n");
 * // "Sums over {@code axes}, dropped."
 * }</pre>
 */
public final class DocSummary {
  private DocSummary() {}

  /**
   * The first sentence of {@code docComment} (as {@code Elements.getDocComment} gives it), or
   * {@code ""} if it is {@code null} or says nothing before its block tags.
   */
  public static String of(String docComment) {
    if (docComment == null) {
      return "";
    }
    String text = mainDescription(docComment);
    StringBuilder sentence = new StringBuilder();
    int depth = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '{' && depth == 0 && text.startsWith("{@link", i)) {
        int end = closingBrace(text, i);
        if (end < 0) {
          break; // unbalanced: keep what came before
        }
        sentence.append(linkText(text.substring(i, end + 1)));
        i = end;
        continue;
      }
      if (c == '{') {
        depth++;
      } else if (c == '}' && depth > 0) {
        depth--;
      } else if (c == '<' && depth == 0) {
        int close = text.indexOf('>', i);
        if (close > 0) {
          i = close; // an HTML tag, dropped
          continue;
        }
      }
      sentence.append(c);
      boolean atEnd = i + 1 == text.length() || Character.isWhitespace(text.charAt(i + 1));
      if (c == '.' && depth == 0 && atEnd) {
        break;
      }
    }
    if (depth != 0) {
      return ""; // cut inside an inline tag: nothing rather than broken Javadoc
    }
    return sentence.toString().replaceAll("\\s+", " ").strip();
  }

  /** The text before the first block tag ({@code @param}, …) or blank line. */
  private static String mainDescription(String docComment) {
    StringBuilder main = new StringBuilder();
    for (String line : docComment.strip().split("\n", -1)) {
      String stripped = line.strip();
      if (stripped.isEmpty() || stripped.startsWith("@")) {
        break;
      }
      main.append(stripped).append(' ');
    }
    return main.toString();
  }

  /** The index of the brace closing the inline tag opened at {@code open}, or -1. */
  private static int closingBrace(String text, int open) {
    int depth = 0;
    for (int i = open; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '{') {
        depth++;
      } else if (c == '}' && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  /**
   * {@code {@link Max}} as {@code {@code Max}}, {@code {@link #sum}} as {@code {@code sum}}; {@code
   * {@link Max the larger}} as its label (a space inside a method's parameter list is not one).
   */
  private static String linkText(String tag) {
    int start = tag.indexOf(' ');
    if (start < 0) {
      return "";
    }
    String body = tag.substring(start, tag.length() - 1).strip();
    int parens = 0;
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      if (c == '(') {
        parens++;
      } else if (c == ')') {
        parens--;
      } else if (Character.isWhitespace(c) && parens == 0) {
        return body.substring(i + 1).strip();
      }
    }
    String target = body.startsWith("#") ? body.substring(1) : body.replace('#', '.');
    return target.isEmpty() ? "" : "{@code " + target + "}";
  }
}
