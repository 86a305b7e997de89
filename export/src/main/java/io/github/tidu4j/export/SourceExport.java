package io.github.tidu4j.export;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.KernelDescriptor;
import io.github.tidu4j.graph.bytecode.KernelSet;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Modifier;

/**
 * Writes a compiled program as one readable Java class that calls the set's own kernel methods in
 * straight lines, on unboxed values, and depends on nothing but the set's declaration and {@code
 * java.base}: no tidu4j class is named in the result.
 *
 * <pre>{@code
 * String source = SourceExport.of(kernels).export(program, "com.example", "Gradient").toString();
 * // com.example.Gradient.evaluate(new double[] {x, y}) computes what the interpreter computes
 * }</pre>
 *
 * <p><b>Layout.</b> The class has {@code public static double[] evaluate(double[] inputs)} and
 * {@code evaluateInto(inputs, outputs)} (for a {@code double} set; the operand type in general),
 * an {@code int} constant per input named after its key ({@code INPUT_<KEY>}, sanitised to an
 * upper-case identifier, collisions numbered in input order) and per output ({@code OUTPUT_<i>}: a
 * compiled program keeps no output keys). The instructions are cut into private static methods
 * of {@value #STEP_INSTRUCTIONS} instructions, far below the JIT's 8,000-byte huge-method limit;
 * values live in locals within a method and cross methods through one per-call frame array
 * indexed by program slot, written only for values a later method reads.
 *
 * <p><b>Attributes.</b> A kernel that reads attributes is a default method of the primitive's
 * interface. For each distinct such operation (by {@code equals}) the class holds a private static
 * nested class implementing that interface whose abstract no-argument accessors return literals
 * of the operation's values, read by calling the accessors on the operation, and one static final
 * instance of it. Supported attribute types: primitives, {@code String} and enum constants; any
 * other type (or an interface with abstract methods taking arguments) fails with an error naming
 * the primitive.
 *
 * <p><b>Limits.</b> The result is one class. Its constant pool grows with the number of methods,
 * distinct kernels, attribute instances and large slot indices; a program whose estimate exceeds
 * {@value #POOL_LIMIT} entries fails with a {@link GraphException} saying so, rather than giving
 * source that javac rejects. Generation is deterministic: the same program gives the same source.
 *
 * @param <Op> the operation type
 */
public final class SourceExport<Op extends GraphOperation> {
  /** Instructions per generated step method: each costs at most about 30 bytes of bytecode. */
  static final int STEP_INSTRUCTIONS = 200;

  /** Step calls per driver method, 6 bytes each. */
  static final int DRIVER_CALLS = 1_000;

  /** The constant pool entries the generated class may use, below the class file's 65,535. */
  static final int POOL_LIMIT = 60_000;

  private final KernelSet<Op> kernels;

  private SourceExport(KernelSet<Op> kernels) {
    this.kernels = Objects.requireNonNull(kernels, "kernels");
  }

  /** An exporter of programs over {@code kernels}. */
  public static <Op extends GraphOperation> SourceExport<Op> of(KernelSet<Op> kernels) {
    return new SourceExport<>(kernels);
  }

  /**
   * The source of class {@code packageName.className} computing {@code program}.
   *
   * @throws GraphException naming the primitive if an instruction has no fitting kernel or an
   *     attribute of an unsupported type, or if the program is too large for one class
   * @throws IllegalArgumentException if {@code className} is not a Java identifier
   */
  public JavaFile export(CompiledProgram<Op> program, String packageName, String className) {
    if (!SourceVersion.isName(className) || className.contains(".")) {
      throw new IllegalArgumentException(className + " is not a simple Java class name");
    }
    return new Writer(program, packageName, className).write();
  }

  private final class Writer {
    private final CompiledProgram<Op> program;
    private final String packageName;
    private final String className;
    private final TypeName operand;
    private final ArrayTypeName array;
    private final int n;
    private final KernelDescriptor[] kernelOf;
    private final Class<?>[] owners;
    /** The owners as JavaPoet names, one instance per distinct owner. */
    private final ClassName[] ownerNames;
    /** For result {@code r} of instruction {@code i}: the last position reading it, or -1. */
    private final int[][] lastUse;
    private final Map<Op, String> receivers = new LinkedHashMap<>();
    /** The first instruction of each receiver, in {@link #receivers}' order. */
    private final List<Integer> receiverInstructions = new ArrayList<>();
    private final Map<Owner, Class<?>> ownerClasses = new HashMap<>();
    private final TypeSpec.Builder type;

    Writer(CompiledProgram<Op> program, String packageName, String className) {
      this.program = program;
      this.packageName = packageName;
      this.className = className;
      this.operand = TypeName.get(kernels.operandType());
      this.array = ArrayTypeName.of(operand);
      this.n = program.instructionCount();
      this.kernelOf = new KernelDescriptor[n];
      this.owners = new Class<?>[n];
      this.ownerNames = new ClassName[n];
      this.lastUse = new int[n][];
      this.type = TypeSpec.classBuilder(className).addModifiers(Modifier.PUBLIC, Modifier.FINAL);
    }

    JavaFile write() {
      resolveKernels();
      analyseUses();
      checkPool();
      addConstants();
      List<String> steps = addSteps();
      addEntryPoints(steps);
      type.addJavadoc(
          "Computes a program of $L instructions over {@code $L}: $L input(s), $L output(s).\n\n"
              + "<p>Generated by tidu4j's source export; calls only the set's own kernels.\n",
          n,
          operand,
          program.inputCount(),
          program.outputCount());
      type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
      return JavaFile.builder(packageName, type.build()).skipJavaLangImports(true).build();
    }

    private void resolveKernels() {
      List<KernelDescriptor> table = kernels.table();
      Map<Class<?>, ClassName> names = new HashMap<>();
      for (int i = 0; i < n; i++) {
        Op op = program.operation(i);
        int opcode = kernels.opcodeOf(op);
        if (opcode < 0 || opcode >= table.size()) {
          throw new GraphException(
              op.name() + " (instruction " + i + ") has opcode " + opcode
                  + " but the kernel table has " + table.size() + " kernels");
        }
        KernelDescriptor k = table.get(opcode);
        if (k.inputArity() != program.argumentCount(i)
            || k.outputArity() != program.resultCount(i)) {
          throw new GraphException(
              op.name() + " (instruction " + i + ") takes " + program.argumentCount(i)
                  + " input(s) and gives " + program.resultCount(i) + " output(s), but its kernel "
                  + k.primitiveName() + " takes " + k.inputArity() + " and gives "
                  + k.outputArity());
        }
        kernelOf[i] = k;
        owners[i] = ownerClass(k, op);
        ownerNames[i] = names.computeIfAbsent(owners[i], ClassName::get);
        if (!k.isStatic() && !receivers.containsKey(op)) {
          if (!owners[i].isInstance(op)) {
            throw new GraphException(
                op.name() + " (instruction " + i + ") is not a " + owners[i].getName()
                    + " whose instance kernel " + k.methodName() + " it maps to");
          }
          receivers.put(op, "OP_" + receivers.size());
          receiverInstructions.add(i);
        }
      }
    }

    /** The class declaring {@code k}, as {@code op}'s class loader sees it; looked up once. */
    private Class<?> ownerClass(KernelDescriptor k, Op op) {
      ClassLoader loader = op.getClass().getClassLoader();
      Owner key = new Owner(k.ownerInternalName(), loader);
      Class<?> known = ownerClasses.get(key);
      if (known != null) {
        return known;
      }
      String name = k.ownerInternalName().replace('/', '.');
      try {
        Class<?> owner = Class.forName(name, false, loader);
        ownerClasses.put(key, owner);
        return owner;
      } catch (ClassNotFoundException e) {
        throw new GraphException(
            k.primitiveName() + ": kernel owner " + name + " is not visible from "
                + op.getClass().getName() + "'s class loader");
      }
    }

    /** Backwards over the program: where each defined value is last read (outputs at {@code n}). */
    private void analyseUses() {
      int[] last = new int[program.slotCount()];
      Arrays.fill(last, -1);
      for (int o = 0; o < program.outputCount(); o++) {
        last[program.outputSlot(o)] = n;
      }
      for (int i = n - 1; i >= 0; i--) {
        int results = program.resultCount(i);
        lastUse[i] = new int[results];
        for (int r = 0; r < results; r++) {
          int s = program.resultSlot(i, r);
          lastUse[i][r] = last[s];
          last[s] = -1;
        }
        for (int j = 0; j < program.argumentCount(i); j++) {
          int s = program.argumentSlot(i, j);
          if (last[s] < 0) {
            last[s] = i;
          }
        }
      }
    }

    private void checkPool() {
      int steps = (n + STEP_INSTRUCTIONS - 1) / STEP_INSTRUCTIONS + 1;
      int drivers = steps / DRIVER_CALLS + 1;
      Set<KernelDescriptor> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
      Set<String> kernelsUsed = new HashSet<>();
      for (KernelDescriptor k : kernelOf) {
        if (distinct.add(k)) {
          kernelsUsed.add(k.ownerInternalName() + '.' + k.methodName());
        }
      }
      long estimate =
          64L
              + 3L * (steps + drivers)
              + 6L * kernelsUsed.size()
              + 8L * receivers.size()
              + 2L * Math.max(0, program.slotCount() - Short.MAX_VALUE);
      if (estimate > POOL_LIMIT) {
        throw new GraphException(
            "a program of " + n + " instructions, " + program.slotCount() + " slots and "
                + receivers.size() + " attribute instances needs about " + estimate
                + " constant pool entries; one exported class holds at most " + POOL_LIMIT);
      }
    }

    private void addConstants() {
      Set<String> taken = new HashSet<>();
      List<Object> keys = program.inputKeys();
      for (int i = 0; i < keys.size(); i++) {
        String name = unique("INPUT_" + sanitise(String.valueOf(keys.get(i))), taken);
        type.addField(
            FieldSpec.builder(int.class, name, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The position of input {@code $L}.\n", javadocText(keys.get(i)))
                .initializer("$L", i)
                .build());
      }
      for (int o = 0; o < program.outputCount(); o++) {
        String name = unique("OUTPUT_" + o, taken);
        type.addField(
            FieldSpec.builder(int.class, name, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The position of output $L.\n", o)
                .initializer("$L", o)
                .build());
      }
      int index = 0;
      for (Map.Entry<Op, String> e : receivers.entrySet()) {
        Op op = e.getKey();
        int first = receiverInstructions.get(index);
        String nested = "Attributes" + index++;
        type.addType(attributeClass(nested, owners[first], op, kernelOf[first]));
        type.addField(
            FieldSpec.builder(
                    ownerNames[first], e.getValue(), Modifier.PRIVATE, Modifier.STATIC,
                    Modifier.FINAL)
                .initializer("new $N()", nested)
                .build());
      }
    }

    private TypeSpec attributeClass(String name, Class<?> owner, Op op, KernelDescriptor k) {
      TypeSpec.Builder b =
          TypeSpec.classBuilder(name)
              .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
              .addSuperinterface(ClassName.get(owner))
              .addJavadoc("The attributes of {@code $L}.\n", javadocText(op));
      Method[] methods = owner.getMethods();
      Arrays.sort(methods, (x, y) -> x.getName().compareTo(y.getName()));
      for (Method m : methods) {
        if (!java.lang.reflect.Modifier.isAbstract(m.getModifiers())) {
          continue;
        }
        if (m.getParameterCount() != 0) {
          throw new GraphException(
              k.primitiveName() + ": abstract method " + m.getName() + " of " + owner.getName()
                  + " takes arguments; only attribute accessors can be exported");
        }
        Object value;
        try {
          m.setAccessible(true);
          value = m.invoke(op);
        } catch (IllegalAccessException | InvocationTargetException | RuntimeException e) {
          throw new GraphException(
              k.primitiveName() + ": cannot read attribute " + m.getName() + " of " + op + ": "
                  + e);
        }
        b.addMethod(
            MethodSpec.methodBuilder(m.getName())
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(m.getReturnType())
                .addStatement("return $L", literal(k, m, value))
                .build());
      }
      return b.build();
    }

    private CodeBlock literal(KernelDescriptor k, Method m, Object value) {
      Class<?> t = m.getReturnType();
      if (t == double.class) {
        double d = (Double) value;
        if (Double.isNaN(d) || Double.isInfinite(d)) {
          return CodeBlock.of(
              "Double.longBitsToDouble(0x$LL)", Long.toHexString(Double.doubleToRawLongBits(d)));
        }
        return CodeBlock.of("$L", Double.toString(d));
      }
      if (t == float.class) {
        float f = (Float) value;
        if (Float.isNaN(f) || Float.isInfinite(f)) {
          return CodeBlock.of(
              "Float.intBitsToFloat(0x$L)", Integer.toHexString(Float.floatToRawIntBits(f)));
        }
        return CodeBlock.of("$LF", Float.toString(f));
      }
      if (t == int.class || t == boolean.class) {
        return CodeBlock.of("$L", value);
      }
      if (t == long.class) {
        return CodeBlock.of("$LL", value);
      }
      if (t == short.class || t == byte.class) {
        return CodeBlock.of("($T) $L", t, value);
      }
      if (t == char.class) {
        return CodeBlock.of("(char) $L", (int) (Character) value);
      }
      if (t == String.class && value != null) {
        return CodeBlock.of("$S", value);
      }
      if (t.isEnum() && value != null) {
        return CodeBlock.of("$T.$N", t, ((Enum<?>) value).name());
      }
      throw new GraphException(
          k.primitiveName() + ": attribute " + m.getName() + " is a " + t.getName()
              + (value == null ? " holding null" : "")
              + "; exported attributes are primitives, non-null Strings and enum constants");
    }

    /** The steps, in order: each a method computing {@link #STEP_INSTRUCTIONS} instructions. */
    private List<String> addSteps() {
      List<String> names = new ArrayList<>();
      for (int first = 0; first < n; first += STEP_INSTRUCTIONS) {
        int end = Math.min(n, first + STEP_INSTRUCTIONS);
        String name = "step" + first;
        names.add(name);
        type.addMethod(step(name, first, end));
      }
      return names;
    }

    /**
     * One step method. Its body is one code block whose format is the statements' text, with
     * {@code $T} only where a type is named (so that JavaPoet manages imports): formatting a code
     * block per statement and per argument costs JavaPoet tens of microseconds per instruction.
     */
    private MethodSpec step(String name, int first, int end) {
      StringBuilder format = new StringBuilder();
      List<Object> types = new ArrayList<>();
      Map<Integer, String> local = new HashMap<>();
      for (int i = first; i < end; i++) {
        KernelDescriptor k = kernelOf[i];
        format.append("// ").append(escape(javadocText(program.operation(i)))).append('\n');
        boolean single = k.outputArity() == 1;
        type(single ? operand : array, format, types);
        format.append(' ').append(single ? "v" : "r").append(i).append(" = ");
        if (k.isStatic()) {
          format.append("$T.");
          types.add(ownerNames[i]);
        } else {
          format.append(receivers.get(program.operation(i))).append('.');
        }
        format.append(k.methodName()).append('(');
        for (int j = 0; j < program.argumentCount(i); j++) {
          int s = program.argumentSlot(i, j);
          String l = local.get(s);
          format.append(j == 0 ? "" : ", ");
          if (l != null) {
            format.append(l);
          } else {
            format.append("f[").append(s).append(']');
          }
        }
        format.append(");\n");
        if (single) {
          local.put(program.resultSlot(i, 0), "v" + i);
        } else {
          for (int r = 0; r < k.outputArity(); r++) {
            String v = valueName(i, r);
            type(operand, format, types);
            format.append(' ').append(v).append(" = r").append(i).append('[').append(r)
                .append("];\n");
            local.put(program.resultSlot(i, r), v);
          }
        }
      }
      // values a later step or the outputs read go to the frame
      for (int i = first; i < end; i++) {
        for (int r = 0; r < program.resultCount(i); r++) {
          int s = program.resultSlot(i, r);
          String v = valueName(i, r);
          if (lastUse[i][r] >= end && v.equals(local.get(s))) {
            format.append("f[").append(s).append("] = ").append(v).append(";\n");
          }
        }
      }
      return MethodSpec.methodBuilder(name)
          .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
          .addParameter(array, "f")
          .addJavadoc("Instructions $L to $L.\n", first, end - 1)
          .addCode(CodeBlock.builder().add(format.toString(), types.toArray()).build())
          .build();
    }

    /**
     * Appends {@code t} to a code block format: as its text if it names no class (a primitive or
     * an array of primitives, which JavaPoet writes as their keywords), else as {@code $T} with
     * {@code t} added to {@code types} so that JavaPoet decides how to name it.
     */
    private static void type(TypeName t, StringBuilder format, List<Object> types) {
      TypeName element = t;
      while (element instanceof ArrayTypeName a) {
        element = a.componentType();
      }
      if (element.isPrimitive()) {
        format.append(t);
      } else {
        format.append("$T");
        types.add(t);
      }
    }

    /** The local holding result {@code r} of instruction {@code i}. */
    private String valueName(int i, int r) {
      return kernelOf[i].outputArity() == 1 ? "v" + i : "v" + i + "_" + r;
    }

    private void addEntryPoints(List<String> steps) {
      String arrayText = operand + "[]";
      MethodSpec.Builder into =
          MethodSpec.methodBuilder("evaluateInto")
              .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
              .addParameter(array, "inputs")
              .addParameter(array, "outputs")
              .addJavadoc(
                  "Computes the outputs from {@code inputs} into {@code outputs}.\n\n"
                      + "@param inputs the $L input(s), in the order of the {@code INPUT_} "
                      + "constants\n@param outputs receives the $L output(s)\n"
                      + "@throws IllegalArgumentException if an array has the wrong length\n",
                  program.inputCount(),
                  program.outputCount())
              .beginControlFlow("if (inputs.length != $L)", program.inputCount())
              .addStatement(
                  "throw new IllegalArgumentException($S + inputs.length)",
                  "expected " + program.inputCount() + " inputs, got ")
              .endControlFlow()
              .beginControlFlow("if (outputs.length != $L)", program.outputCount())
              .addStatement(
                  "throw new IllegalArgumentException($S + outputs.length)",
                  "expected " + program.outputCount() + " outputs, got ")
              .endControlFlow()
              .addStatement("$T f = new $L[$L]", array, operand, Math.max(1, program.slotCount()));
      for (int i = 0; i < program.inputCount(); i++) {
        into.addStatement("f[$L] = inputs[$L]", program.inputSlot(i), i);
      }
      if (steps.size() <= DRIVER_CALLS) {
        for (String s : steps) {
          into.addStatement("$N(f)", s);
        }
      } else {
        for (int d = 0; d * DRIVER_CALLS < steps.size(); d++) {
          MethodSpec.Builder driver =
              MethodSpec.methodBuilder("steps" + d)
                  .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                  .addParameter(array, "f");
          for (String s :
              steps.subList(d * DRIVER_CALLS, Math.min(steps.size(), (d + 1) * DRIVER_CALLS))) {
            driver.addStatement("$N(f)", s);
          }
          type.addMethod(driver.build());
          into.addStatement("steps$L(f)", d);
        }
      }
      for (int o = 0; o < program.outputCount(); o++) {
        into.addStatement("outputs[$L] = f[$L]", o, program.outputSlot(o));
      }
      type.addMethod(into.build());
      type.addMethod(
          MethodSpec.methodBuilder("evaluate")
              .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
              .returns(array)
              .addParameter(array, "inputs")
              .addJavadoc(
                  "The outputs computed from {@code inputs}.\n\n"
                      + "@param inputs the $L input(s), in the order of the {@code INPUT_} "
                      + "constants\n@return a new array of the $L output(s), as {@code $L}\n",
                  program.inputCount(),
                  program.outputCount(),
                  arrayText)
              .addStatement("$T outputs = new $L[$L]", array, operand, program.outputCount())
              .addStatement("evaluateInto(inputs, outputs)")
              .addStatement("return outputs")
              .build());
    }
  }

  /** A kernel owner's internal name as seen from one class loader (null: the bootstrap one). */
  private record Owner(String internalName, ClassLoader loader) {}

  /** An upper-case identifier fragment of {@code text}: other characters become underscores. */
  static String sanitise(String text) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      b.append(Character.isJavaIdentifierPart(c) && c < 128 ? Character.toUpperCase(c) : '_');
    }
    return b.length() == 0 ? "_" : b.toString();
  }

  /** {@code name}, or {@code name_2}, {@code name_3}, ...: the first not yet taken. */
  static String unique(String name, Set<String> taken) {
    String candidate = name;
    for (int i = 2; !taken.add(candidate); i++) {
      candidate = name + "_" + i;
    }
    return candidate;
  }

  /** {@code text} as a code block format that stands for itself: {@code $} doubled. */
  static String escape(String text) {
    return text.replace("$", "$$");
  }

  /** {@code value} as text safe inside Javadoc {@code {@code ...}} and line comments. */
  static String javadocText(Object value) {
    return String.valueOf(value)
        .replace("\n", " ")
        .replace("\r", " ")
        .replace("*/", "*&#47;")
        .replace("{", "&#123;")
        .replace("}", "&#125;");
  }
}
