package io.github.tidu4j.primitives.testing;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The length of a method's bytecode, read from its class file: what HotSpot compares with its
 * inlining limits ({@code MaxInlineSize}, {@code FreqInlineSize}). Reads the class file's own
 * structure (JVMS §4): the constant pool for names, then the methods' {@code Code} attributes.
 *
 * <pre>{@code
 * int bytes = BytecodeLength.of(Trig.class, "evaluate");
 * }</pre>
 */
public final class BytecodeLength {
  private BytecodeLength() {}

  /**
   * The bytecode length of the method {@code name} of {@code type} (the first of that name).
   *
   * @throws IllegalArgumentException if {@code type} has no such method with code
   */
  public static int of(Class<?> type, String name) {
    String file = type.getName().substring(type.getName().lastIndexOf('.') + 1) + ".class";
    try (InputStream stream = type.getResourceAsStream(file)) {
      if (stream == null) {
        throw new IllegalArgumentException("no class file " + file + " beside " + type.getName());
      }
      return read(new DataInputStream(new ByteArrayInputStream(stream.readAllBytes())), name, type);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int read(DataInputStream in, String name, Class<?> type) throws IOException {
    in.skipBytes(8); // magic, minor and major version
    int poolCount = in.readUnsignedShort();
    String[] utf8 = new String[poolCount];
    for (int i = 1; i < poolCount; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8[i] = in.readUTF();
        case 7, 8, 16, 19, 20 -> in.skipBytes(2);
        case 15 -> in.skipBytes(3);
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
        case 5, 6 -> {
          in.skipBytes(8);
          i++; // a long or double takes two entries
        }
        default -> throw new IllegalArgumentException("unknown constant pool tag " + tag);
      }
    }
    in.skipBytes(6); // access flags, this class, super class
    in.skipBytes(2 * in.readUnsignedShort()); // interfaces
    skipMembers(in); // fields
    int methods = in.readUnsignedShort();
    for (int m = 0; m < methods; m++) {
      in.skipBytes(2); // access flags
      String methodName = utf8[in.readUnsignedShort()];
      in.skipBytes(2); // descriptor
      int attributes = in.readUnsignedShort();
      for (int a = 0; a < attributes; a++) {
        String attribute = utf8[in.readUnsignedShort()];
        int length = in.readInt();
        if (attribute.equals("Code") && methodName.equals(name)) {
          in.skipBytes(4); // max stack, max locals
          return in.readInt();
        }
        in.skipBytes(length);
      }
    }
    throw new IllegalArgumentException(type.getName() + " has no method " + name + " with code");
  }

  private static void skipMembers(DataInputStream in) throws IOException {
    int members = in.readUnsignedShort();
    for (int m = 0; m < members; m++) {
      in.skipBytes(6); // access flags, name, descriptor
      int attributes = in.readUnsignedShort();
      for (int a = 0; a < attributes; a++) {
        in.skipBytes(2);
        in.skipBytes(in.readInt());
      }
    }
  }
}
