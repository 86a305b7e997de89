package io.github.tidu4j.graph.bytecode;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.TraceClassVisitor;

/** The readable dump; a class of its own so asm-util is loaded only when it is asked for. */
final class Textify {
  private Textify() {}

  static String text(byte[] classFile) {
    StringWriter text = new StringWriter();
    new ClassReader(classFile).accept(new TraceClassVisitor(new PrintWriter(text)), 0);
    return text.toString();
  }
}
