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
import io.github.tidu4j.graph.JointKernelDescriptor;
import io.github.tidu4j.graph.KernelDescriptor;
import io.github.tidu4j.graph.ValueDescription;
import io.github.tidu4j.graph.ValueType;
import io.github.tidu4j.graph.bytecode.JointGroups;
import io.github.tidu4j.graph.bytecode.KernelSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntFunction;
import javax.lang.model.element.Modifier;

/**
 * Writes one program's export: reads its kernels and the last use of each value once, then writes
 * either one class ({@link #single}) or a main class and part classes ({@link #parted}). The
 * layout is described on {@link SourceExport}.
 *
 * @param <Op> the operation type
 */
final class ExportWriter<Op extends GraphOperation> {
  private final KernelSet<Op> kernels;
  private final CompiledProgram<Op> program;
  private final String packageName;
  private final String className;
  private final int poolLimit;
  /** What reads an input's type in the exported class; null if none was given. */
  private final TypeReader typeReader;
  /** The positions of the inputs with a declared type, which the class checks. */
  private final int[] typedInputs;
  private final TypeName operand;
  private final ArrayTypeName array;
  private final int n;
  private final KernelDescriptor[] kernelOf;
  private final Class<?>[] owners;
  /** The owners as JavaPoet names, one instance per distinct owner. */
  private final ClassName[] ownerNames;
  /**
   * The instructions that share a joint kernel call: the first calls it, writing every member's
   * result to a block of frame cells after the slots ({@link #frameSize}), and each member reads
   * its result from there.
   */
  private final JointGroups joints;
  /** The class declaring each joint kernel whose call is shared, as its first caller sees it. */
  private final Map<JointKernelDescriptor, ClassName> jointOwners = new HashMap<>();
  /** For result {@code r} of instruction {@code i}: the last position reading it, or -1. */
  private final int[][] lastUse;
  /** The attribute-reading operations, each with its receiver's index, in program order. */
  private final Map<Op, Integer> receivers = new LinkedHashMap<>();
  /** The first instruction of each receiver, by receiver index. */
  private final List<Integer> receiverInstructions = new ArrayList<>();
  private final Map<Owner, Class<?>> ownerClasses = new HashMap<>();
  /** The nested attribute class of each receiver, written once, by receiver index. */
  private final List<TypeSpec> attributeClasses = new ArrayList<>();

  ExportWriter(
      KernelSet<Op> kernels,
      CompiledProgram<Op> program,
      String packageName,
      String className,
      int poolLimit,
      TypeReader typeReader) {
    this.kernels = kernels;
    this.program = program;
    this.packageName = packageName;
    this.className = className;
    this.poolLimit = poolLimit;
    this.typeReader = typeReader;
    this.typedInputs = typedInputs(program, typeReader);
    this.operand = TypeName.get(kernels.operandType());
    this.array = ArrayTypeName.of(operand);
    this.n = program.instructionCount();
    this.kernelOf = new KernelDescriptor[n];
    this.owners = new Class<?>[n];
    this.ownerNames = new ClassName[n];
    this.lastUse = new int[n][];
    resolveKernels();
    this.joints = JointGroups.of(program, kernels);
    resolveJointOwners();
    analyseUses();
  }

  // ---- reading the program

  /**
   * The positions of {@code program}'s typed inputs.
   *
   * @throws GraphException naming the first if there are some and no {@code reader}
   */
  private static int[] typedInputs(CompiledProgram<?> program, TypeReader reader) {
    int[] typed = new int[program.inputCount()];
    int count = 0;
    for (int i = 0; i < typed.length; i++) {
      Optional<ValueType> type = program.inputType(i);
      if (type.isPresent()) {
        if (reader == null) {
          throw new GraphException(
              "input " + ValueDescription.text(program.inputKeys().get(i)) + " is declared "
                  + type.get() + ", and an exported class checks the values bound to typed"
                  + " inputs only with a reader of a value's type: give the exporter one"
                  + " (SourceExport.withTypeReader, e.g. the set's domain constant), or export a"
                  + " program compiled from untyped inputs");
        }
        typed[count++] = i;
      }
    }
    return Arrays.copyOf(typed, count);
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
        receivers.put(op, receivers.size());
        receiverInstructions.add(i);
      }
    }
  }

  /** The class declaring {@code k}, as {@code op}'s class loader sees it; looked up once. */
  private Class<?> ownerClass(KernelDescriptor k, Op op) {
    return ownerClass(k.ownerInternalName(), k.primitiveName() + ": kernel owner", op);
  }

  /**
   * The class named {@code internalName}, as {@code op}'s class loader sees it; looked up once.
   * {@code what} names it in the error if it is not visible.
   */
  private Class<?> ownerClass(String internalName, String what, Op op) {
    ClassLoader loader = op.getClass().getClassLoader();
    Owner key = new Owner(internalName, loader);
    Class<?> known = ownerClasses.get(key);
    if (known != null) {
      return known;
    }
    String name = internalName.replace('/', '.');
    try {
      Class<?> owner = Class.forName(name, false, loader);
      ownerClasses.put(key, owner);
      return owner;
    } catch (ClassNotFoundException e) {
      throw new GraphException(
          what + " " + name + " is not visible from " + op.getClass().getName()
              + "'s class loader");
    }
  }

  /** The class declaring each joint kernel a call is shared for, seen as its first caller sees it. */
  private void resolveJointOwners() {
    for (int i = 0; i < n; i++) {
      if (joints.makesCall(i) && !jointOwners.containsKey(joints.kernel(i))) {
        JointKernelDescriptor joint = joints.kernel(i);
        Class<?> owner =
            ownerClass(
                joint.ownerInternalName(),
                "joint kernel " + joint.methodName() + ": owner",
                program.operation(i));
        jointOwners.put(joint, ClassName.get(owner));
      }
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
      if (joints.shares(i) && !joints.makesCall(i)) {
        continue; // a later member of a joint call reads its result, not its argument
      }
      for (int j = 0; j < program.argumentCount(i); j++) {
        int s = program.argumentSlot(i, j);
        if (last[s] < 0) {
          last[s] = i;
        }
      }
    }
  }

  /** The frame: a cell per slot, then the blocks of the shared joint kernel calls. */
  private int frameSize() {
    return Math.max(1, program.slotCount() + joints.cellCount());
  }

  /**
   * The constant pool entries one class holding the whole program would use, at most: its steps
   * and drivers, its distinct kernels, its attribute instances and its slot indices too large for
   * {@code sipush}.
   */
  long singleClassPoolEstimate() {
    int steps = (n + SourceExport.STEP_INSTRUCTIONS - 1) / SourceExport.STEP_INSTRUCTIONS + 1;
    int drivers = steps / SourceExport.DRIVER_CALLS + 1;
    Set<KernelDescriptor> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
    Set<String> kernelsUsed = new HashSet<>();
    for (KernelDescriptor k : kernelOf) {
      if (distinct.add(k)) {
        kernelsUsed.add(kernelRef(k));
      }
    }
    for (JointKernelDescriptor joint : jointOwners.keySet()) {
      kernelsUsed.add(jointRef(joint));
    }
    return ExportPart.POOL_BASE
        + ExportPart.POOL_PER_METHOD * (long) (steps + drivers)
        + ExportPart.POOL_PER_KERNEL * (long) kernelsUsed.size()
        + ExportPart.POOL_PER_RECEIVER * (long) receivers.size()
        + ExportPart.POOL_PER_INT * (long) Math.max(0, frameSize() - Short.MAX_VALUE)
        + 2L * typedInputs.length; // each typed input's name and type
  }

  private static String kernelRef(KernelDescriptor k) {
    return k.ownerInternalName() + '.' + k.methodName();
  }

  private static String jointRef(JointKernelDescriptor joint) {
    return joint.ownerInternalName() + '.' + joint.methodName();
  }

  /** Whether {@link #single} fits the pool limit. */
  boolean fitsOneClass() {
    return singleClassPoolEstimate() <= poolLimit;
  }

  // ---- one class

  /**
   * The program as one class.
   *
   * @throws GraphException if its constant pool estimate is above the limit
   */
  JavaFile single() {
    long estimate = singleClassPoolEstimate();
    if (estimate > poolLimit) {
      throw new GraphException(
          "a program of " + n + " instructions, " + program.slotCount() + " slots and "
              + receivers.size() + " attribute instances needs about " + estimate
              + " constant pool entries; one exported class holds at most " + poolLimit
              + " (SourceExport.exportFiles splits it over several classes)");
    }
    TypeSpec.Builder type =
        TypeSpec.classBuilder(className).addModifiers(Modifier.PUBLIC, Modifier.FINAL);
    addPositionConstants(type);
    for (int r = 0; r < receivers.size(); r++) {
      addReceiver(type, r);
    }
    List<CodeBlock> calls = new ArrayList<>();
    for (int first = 0; first < n; first += SourceExport.STEP_INSTRUCTIONS) {
      Step s = step(first, Math.min(n, first + SourceExport.STEP_INSTRUCTIONS));
      type.addMethod(s.method());
      calls.add(CodeBlock.of("$N(f)", s.method().name()));
    }
    addEntryPoints(type, calls);
    type.addJavadoc(
        "Computes a program of $L instructions over {@code $L}: $L input(s), $L output(s).\n\n"
            + "<p>Generated by tidu4j's source export; calls only the set's own kernels.\n",
        n,
        operand,
        program.inputCount(),
        program.outputCount());
    type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    return file(type);
  }

  private JavaFile file(TypeSpec.Builder type) {
    return JavaFile.builder(packageName, type.build()).skipJavaLangImports(true).build();
  }

  // ---- several classes

  /**
   * The program as a main class {@code className} and part classes {@code className + "Part" +
   * k} (k from 1), each part holding consecutive steps and closed when its constant pool could not
   * take the next one.
   *
   * @throws GraphException if one step alone does not fit the pool limit
   */
  List<JavaFile> parted() {
    List<JavaFile> parts = new ArrayList<>();
    List<CodeBlock> calls = new ArrayList<>();
    ExportPart part = null;
    for (int first = 0; first < n; first += SourceExport.STEP_INSTRUCTIONS) {
      Step s = step(first, Math.min(n, first + SourceExport.STEP_INSTRUCTIONS));
      if (part != null && !part.fits(s, poolLimit)) {
        parts.add(closePart(part, calls));
        part = null;
      }
      if (part == null) {
        part = new ExportPart(className + "Part" + (parts.size() + 1));
        if (!part.fits(s, poolLimit)) {
          throw new GraphException(
              "instructions " + s.first() + " to " + (s.end() - 1) + " alone need more than "
                  + poolLimit + " constant pool entries");
        }
      }
      part.add(s);
    }
    if (part != null) {
      parts.add(closePart(part, calls));
    }
    TypeSpec.Builder main =
        TypeSpec.classBuilder(className).addModifiers(Modifier.PUBLIC, Modifier.FINAL);
    addPositionConstants(main);
    addEntryPoints(main, calls);
    main.addJavadoc(
        "Computes a program of $L instructions over {@code $L}: $L input(s), $L output(s).\n\n"
            + "<p>Generated by tidu4j's source export; calls only the set's own kernels.\n"
            + "The instructions are in $L package-private part classes, {@code $LPart1} to\n"
            + "{@code $LPart$L}, run in order on one frame.\n",
        n,
        operand,
        program.inputCount(),
        program.outputCount(),
        parts.size(),
        className,
        className,
        parts.size());
    main.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    List<JavaFile> files = new ArrayList<>();
    files.add(file(main));
    files.addAll(parts);
    return List.copyOf(files);
  }

  /** The part's class; adds the call running it to {@code calls}. */
  private JavaFile closePart(ExportPart part, List<CodeBlock> calls) {
    TypeSpec.Builder type = TypeSpec.classBuilder(part.name()).addModifiers(Modifier.FINAL);
    for (int r : part.receivers()) {
      addReceiver(type, r);
    }
    List<CodeBlock> steps = new ArrayList<>();
    for (Step s : part.steps()) {
      type.addMethod(s.method());
      steps.add(CodeBlock.of("$N(f)", s.method().name()));
    }
    MethodSpec.Builder run =
        MethodSpec.methodBuilder("run")
            .addModifiers(Modifier.STATIC)
            .addParameter(array, "f")
            .addJavadoc(
                "Runs instructions $L to $L on frame {@code f}.\n", part.first(), part.last());
    addCalls(type, run, steps);
    type.addMethod(run.build());
    type.addJavadoc(
        "Instructions $L to $L of {@code $L}, on its frame.\n",
        part.first(),
        part.last(),
        className);
    type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    calls.add(CodeBlock.of("$T.run(f)", ClassName.get(packageName, part.name())));
    return file(type);
  }

  // ---- members shared by both layouts

  private void addPositionConstants(TypeSpec.Builder type) {
    Set<String> taken = new HashSet<>();
    List<Object> keys = program.inputKeys();
    for (int i = 0; i < keys.size(); i++) {
      String name =
          SourceExport.unique("INPUT_" + SourceExport.sanitise(String.valueOf(keys.get(i))), taken);
      type.addField(
          FieldSpec.builder(int.class, name, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
              .addJavadoc(
                  "The position of input {@code $L}.\n", SourceExport.javadocText(keys.get(i)))
              .initializer("$L", i)
              .build());
    }
    for (int o = 0; o < program.outputCount(); o++) {
      String name = SourceExport.unique("OUTPUT_" + o, taken);
      type.addField(
          FieldSpec.builder(int.class, name, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
              .addJavadoc("The position of output $L.\n", o)
              .initializer("$L", o)
              .build());
    }
  }

  /** Adds receiver {@code r}'s nested attribute class and its instance {@code OP_r}. */
  private void addReceiver(TypeSpec.Builder type, int r) {
    int first = receiverInstructions.get(r);
    String nested = "Attributes" + r;
    while (attributeClasses.size() <= r) {
      int k = attributeClasses.size();
      int at = receiverInstructions.get(k);
      attributeClasses.add(
          AttributeClass.of("Attributes" + k, owners[at], program.operation(at), kernelOf[at]));
    }
    type.addType(attributeClasses.get(r));
    type.addField(
        FieldSpec.builder(
                ownerNames[first], "OP_" + r, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
            .initializer("new $N()", nested)
            .build());
  }

  /**
   * Adds to {@code caller} the {@code calls}, each taking the frame {@code f}: directly, or
   * through driver methods {@code steps0}, {@code steps1}, ... of {@link
   * SourceExport#DRIVER_CALLS} calls each added to {@code type} when there are more.
   */
  private void addCalls(TypeSpec.Builder type, MethodSpec.Builder caller, List<CodeBlock> calls) {
    if (calls.size() <= SourceExport.DRIVER_CALLS) {
      for (CodeBlock c : calls) {
        caller.addStatement(c);
      }
      return;
    }
    for (int d = 0; d * SourceExport.DRIVER_CALLS < calls.size(); d++) {
      MethodSpec.Builder driver =
          MethodSpec.methodBuilder("steps" + d)
              .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
              .addParameter(array, "f");
      int end = Math.min(calls.size(), (d + 1) * SourceExport.DRIVER_CALLS);
      for (CodeBlock c : calls.subList(d * SourceExport.DRIVER_CALLS, end)) {
        driver.addStatement(c);
      }
      type.addMethod(driver.build());
      caller.addStatement("steps$L(f)", d);
    }
  }

  /**
   * Adds to {@code caller} the {@code count} statements {@code copy} gives, copying values
   * between arrays {@code from} and {@code to}: directly, or through methods {@code prefix + 0},
   * {@code prefix + 1}, ... of {@link SourceExport#COPY_STATEMENTS} statements each added to
   * {@code type} when there are more, so that a program of thousands of inputs or outputs keeps
   * its entry point below the JVM's 64 KB method limit and each copy method below the JIT's.
   */
  private void addCopies(
      TypeSpec.Builder type,
      MethodSpec.Builder caller,
      String prefix,
      String from,
      String to,
      int count,
      IntFunction<CodeBlock> copy) {
    if (count <= SourceExport.COPY_STATEMENTS) {
      for (int i = 0; i < count; i++) {
        caller.addStatement(copy.apply(i));
      }
      return;
    }
    for (int c = 0; c * SourceExport.COPY_STATEMENTS < count; c++) {
      MethodSpec.Builder method =
          MethodSpec.methodBuilder(prefix + c)
              .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
              .addParameter(array, from)
              .addParameter(array, to);
      int end = Math.min(count, (c + 1) * SourceExport.COPY_STATEMENTS);
      for (int i = c * SourceExport.COPY_STATEMENTS; i < end; i++) {
        method.addStatement(copy.apply(i));
      }
      type.addMethod(method.build());
      caller.addStatement("$N$L($N, $N)", prefix, c, from, to);
    }
  }

  /**
   * {@code checkType(input, declared, value)}: throws naming the input if the text of {@code
   * value}'s type, as the type reader reads it, is not {@code declared}.
   */
  private MethodSpec checkTypeMethod() {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder("checkType")
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
            .addParameter(String.class, "input")
            .addParameter(String.class, "declared")
            .addParameter(operand, "value")
            .addJavadoc(
                "Throws naming {@code input} if {@code value}'s type is not {@code declared}.\n");
    if (operand.isPrimitive()) {
      method.addStatement(
          "$T actual = $T.valueOf($T.$N.typeOf(value))",
          String.class,
          String.class,
          typeReader.owner(),
          typeReader.field());
    } else {
      method.addStatement(
          "$T actual = value == null ? $S : $T.valueOf($T.$N.typeOf(value))",
          String.class,
          "null",
          String.class,
          typeReader.owner(),
          typeReader.field());
    }
    return method
        .beginControlFlow("if (!actual.equals(declared))")
        .addStatement(
            "throw new $T($S + input + $S + actual + $S + declared)",
            IllegalArgumentException.class,
            "input ",
            " is ",
            ", but the program takes ")
        .endControlFlow()
        .build();
  }

  private void addEntryPoints(TypeSpec.Builder type, List<CodeBlock> calls) {
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
            .addStatement("$T f = new $L[$L]", array, operand, frameSize());
    if (typedInputs.length > 0) {
      type.addMethod(checkTypeMethod());
      addCopies(
          type,
          into,
          "checkInputs",
          "inputs",
          "f",
          typedInputs.length,
          k -> {
            int i = typedInputs[k];
            return CodeBlock.of(
                "checkType($S, $S, inputs[$L])",
                ValueDescription.text(program.inputKeys().get(i)),
                program.inputType(i).orElseThrow().toString(),
                i);
          });
    }
    addCopies(
        type,
        into,
        "copyInputs",
        "inputs",
        "f",
        program.inputCount(),
        i -> CodeBlock.of("f[$L] = inputs[$L]", program.inputSlot(i), i));
    addCalls(type, into, calls);
    addCopies(
        type,
        into,
        "copyOutputs",
        "f",
        "outputs",
        program.outputCount(),
        o -> CodeBlock.of("outputs[$L] = f[$L]", o, program.outputSlot(o)));
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

  // ---- steps

  /**
   * One step method, computing instructions {@code first} to {@code end - 1}, with what its class's
   * constant pool needs. Its body is one code block whose format is the statements' text, with
   * {@code $T} only where a class is named (so that JavaPoet manages imports): formatting a code
   * block per statement and per argument costs JavaPoet tens of microseconds per instruction.
   */
  private Step step(int first, int end) {
    StringBuilder format = new StringBuilder();
    List<Object> types = new ArrayList<>();
    Map<Integer, String> local = new HashMap<>();
    Set<KernelDescriptor> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
    Set<String> kernelRefs = new HashSet<>();
    Set<Integer> receiversUsed = new HashSet<>();
    Set<Integer> largeInts = new HashSet<>();
    for (int i = first; i < end; i++) {
      KernelDescriptor k = kernelOf[i];
      format.append("// ")
          .append(SourceExport.escape(SourceExport.javadocText(program.operation(i))))
          .append('\n');
      if (joints.shares(i)) {
        sharedCall(i, format, types, local, kernelRefs, largeInts);
        continue;
      }
      if (distinct.add(k)) {
        kernelRefs.add(kernelRef(k));
      }
      boolean single = k.outputArity() == 1;
      type(single ? operand : array, format, types);
      format.append(' ').append(single ? "v" : "r").append(i).append(" = ");
      if (k.isStatic()) {
        format.append("$T.");
        types.add(ownerNames[i]);
      } else {
        int r = receivers.get(program.operation(i));
        receiversUsed.add(r);
        format.append("OP_").append(r).append('.');
      }
      format.append(k.methodName()).append('(');
      for (int j = 0; j < program.argumentCount(i); j++) {
        format.append(j == 0 ? "" : ", ");
        appendArgument(program.argumentSlot(i, j), local, format, largeInts);
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
          noteInt(s, largeInts);
        }
      }
    }
    MethodSpec method =
        MethodSpec.methodBuilder("step" + first)
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
            .addParameter(array, "f")
            .addJavadoc("Instructions $L to $L.\n", first, end - 1)
            .addCode(CodeBlock.builder().add(format.toString(), types.toArray()).build())
            .build();
    return new Step(first, end, method, kernelRefs, receiversUsed, largeInts);
  }

  /**
   * Instruction {@code i}, a member of a shared joint kernel call: the first member makes the
   * call, writing every member's result to the group's block of frame cells; each reads its own.
   */
  private void sharedCall(
      int i,
      StringBuilder format,
      List<Object> types,
      Map<Integer, String> local,
      Set<String> kernelRefs,
      Set<Integer> largeInts) {
    int slots = program.slotCount();
    if (joints.makesCall(i)) {
      JointKernelDescriptor joint = joints.kernel(i);
      kernelRefs.add(jointRef(joint));
      format.append("$T.").append(joint.methodName()).append('(');
      types.add(jointOwners.get(joint));
      appendArgument(program.argumentSlot(i, 0), local, format, largeInts);
      int block = slots + joints.blockCell(i);
      format.append(", f, ").append(block).append(");\n");
      noteInt(block, largeInts);
    }
    int cell = slots + joints.resultCell(i);
    type(operand, format, types);
    format.append(" v").append(i).append(" = f[").append(cell).append("];\n");
    noteInt(cell, largeInts);
    local.put(program.resultSlot(i, 0), "v" + i);
  }

  /** Appends the value slot {@code s} holds: its local in this step, else its frame cell. */
  private static void appendArgument(
      int s, Map<Integer, String> local, StringBuilder format, Set<Integer> largeInts) {
    String l = local.get(s);
    if (l != null) {
      format.append(l);
    } else {
      format.append("f[").append(s).append(']');
      noteInt(s, largeInts);
    }
  }

  /** Records {@code value} if the class file holds it as a constant ({@code ldc}). */
  private static void noteInt(int value, Set<Integer> largeInts) {
    if (value > Short.MAX_VALUE) {
      largeInts.add(value);
    }
  }

  /**
   * Appends {@code t} to a code block format: as its text if it names no class (a primitive or an
   * array of primitives, which JavaPoet writes as their keywords), else as {@code $T} with {@code
   * t} added to {@code types} so that JavaPoet decides how to name it.
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

  /** A kernel owner's internal name as seen from one class loader (null: the bootstrap one). */
  private record Owner(String internalName, ClassLoader loader) {}
}
