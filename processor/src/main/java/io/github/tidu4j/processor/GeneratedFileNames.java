package io.github.tidu4j.processor;

import com.palantir.javapoet.TypeSpec;
import io.github.tidu4j.processor.diagnostics.Diagnostic;
import io.github.tidu4j.processor.diagnostics.Location;
import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The file names of the classes generated for a set, against the {@value #MAX_BYTES} bytes a file
 * name may take (ext4, XFS, Btrfs, APFS and NTFS all stop there). javac writes each class, nested
 * ones included, to a file named for its binary name ({@code CalcOp.class}, {@code
 * CalcOp$SinOp.class}), and the processor writes each top-level one's source first ({@code
 * CalcOp.java}). A name past the limit fails only when its file is written, after the set's other
 * files, which name it, have been written, so javac would report every use of the missing class
 * after the write error. Checking the names before any file of the set is written gives one error,
 * on the declaration whose name is too long, and no other.
 */
final class GeneratedFileNames {
  /** The most bytes of a file name on the common file systems. */
  static final int MAX_BYTES = 255;

  private GeneratedFileNames() {}

  /** Whether a class of simple or binary ({@code Outer$Inner}) name {@code name} can be written. */
  static boolean fits(String name) {
    return bytes(classFile(name)) <= MAX_BYTES;
  }

  /**
   * The errors for the classes of {@code types}, generated for {@code set}, whose class files would
   * have names too long: one per declaration whose name is to blame, naming the first such class:
   * a primitive, if its nested operation class would fit were the primitive named {@code X}, the
   * set (through its prefix) otherwise; empty if every name fits.
   */
  static List<Diagnostic> check(PrimitiveSetModel set, List<TypeSpec> types) {
    List<Diagnostic> errors = new ArrayList<>();
    String setName = set.setType().simpleName();
    boolean setBlamed = false;
    Set<String> primitivesBlamed = new HashSet<>();
    for (TypeSpec type : types) {
      for (String binary : binaryNames(type)) {
        if (fits(binary)) {
          continue;
        }
        PrimitiveModel primitive = owner(set, binary);
        if (primitive == null || !fits(renamed(binary, primitive.className(), "XOp"))) {
          // too long whatever the primitive is called: the set's prefix makes it so
          if (!setBlamed) {
            setBlamed = true;
            errors.add(setError(setName, set.packageName(), binary, set.prefixLocation()));
          }
        } else if (primitivesBlamed.add(primitive.name())) {
          errors.add(
              error(
                  "primitive " + primitive.interfaceType().simpleName() + " of set " + setName,
                  set.packageName(),
                  binary,
                  "shorten the interface's name, or give the primitive a shorter"
                      + " @Primitive(name = ...), from which its generated names derive",
                  primitive.nameLocation()));
        }
      }
    }
    return errors;
  }

  /**
   * The error for the set {@code setName}, whose generated class {@code binary} (a binary name in
   * {@code packageName}) would have a class file name too long.
   */
  static Diagnostic setError(String setName, String packageName, String binary, Location at) {
    return error(
        "primitive set " + setName,
        packageName,
        binary,
        "shorten the set's name, or set a shorter @PrimitiveSet(prefix = ...), from which the"
            + " names of its generated classes derive",
        at);
  }

  private static Diagnostic error(
      String subject, String packageName, String binary, String fix, Location at) {
    String qualified = (packageName.isEmpty() ? "" : packageName + ".") + binary.replace('$', '.');
    String file = classFile(binary);
    return new Diagnostic(
        Message.NAME_TOO_LONG,
        Message.NAME_TOO_LONG.format(subject, qualified, file, bytes(file), MAX_BYTES, fix),
        at);
  }

  /** The primitive whose operation class is, or encloses, the nested class {@code binary}. */
  private static PrimitiveModel owner(PrimitiveSetModel set, String binary) {
    String[] parts = binary.split("\\$");
    for (PrimitiveModel primitive : set.primitives()) {
      for (int i = 1; i < parts.length; i++) {
        if (parts[i].equals(primitive.className())) {
          return primitive;
        }
      }
    }
    return null;
  }

  /** {@code binary} with its nested name {@code from} (not the top-level one) made {@code to}. */
  private static String renamed(String binary, String from, String to) {
    String[] parts = binary.split("\\$");
    for (int i = 1; i < parts.length; i++) {
      if (parts[i].equals(from)) {
        parts[i] = to;
      }
    }
    return String.join("$", parts);
  }

  /** The binary names of {@code type} and of every type nested in it, outermost first. */
  private static List<String> binaryNames(TypeSpec type) {
    List<String> names = new ArrayList<>();
    Deque<Named> pending = new ArrayDeque<>();
    pending.add(new Named(type.name(), type));
    while (!pending.isEmpty()) {
      Named next = pending.removeFirst();
      names.add(next.binary());
      for (TypeSpec nested : next.type().typeSpecs()) {
        pending.add(new Named(next.binary() + "$" + nested.name(), nested));
      }
    }
    return names;
  }

  /** A generated type with its binary name. */
  private record Named(String binary, TypeSpec type) {}

  private static String classFile(String binary) {
    return binary + ".class";
  }

  private static int bytes(String fileName) {
    return fileName.getBytes(StandardCharsets.UTF_8).length;
  }
}
