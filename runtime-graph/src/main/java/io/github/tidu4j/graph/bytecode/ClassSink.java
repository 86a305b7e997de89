package io.github.tidu4j.graph.bytecode;

import java.util.List;

/**
 * What {@link ClassGenerator} hands each class of a program to as soon as it is written, in
 * program order: its class file and its class data. A {@link ClassDefiner} defines them while the
 * next are written.
 */
interface ClassSink {
  void accept(byte[] classFile, List<Object> classData);
}
