package io.github.tidu4j.processor.writer;

import static io.github.tidu4j.processor.model.RuntimeTypes.COMPILED_PROGRAM;
import static io.github.tidu4j.processor.model.RuntimeTypes.DEAD_SLOTS;
import static io.github.tidu4j.processor.model.RuntimeTypes.GRAPH_EXCEPTION;
import static io.github.tidu4j.processor.model.RuntimeTypes.GRAPH_OPERATION;
import static io.github.tidu4j.processor.model.RuntimeTypes.INTERPRETER;
import static io.github.tidu4j.processor.model.RuntimeTypes.KERNEL_FAILURE;
import static io.github.tidu4j.processor.model.RuntimeTypes.PROGRAM_RUNNER;
import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.PUBLIC;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import io.github.tidu4j.processor.model.Dispatch;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuleMethod;
import io.github.tidu4j.processor.model.RuleRole;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Writes {@code XEvaluator}: runs a {@code CompiledProgram} of the set with a switch over opcodes
 * that calls each kernel directly, over slots of the operand type ({@code double[]} for a {@code
 * double} set: no boxing). The program is decoded once into one {@code int[]} (per instruction:
 * opcode, argument slots, result slots), so the loop allocates nothing per instruction. Switches
 * hold at most {@value #CHUNK} cases; larger sets dispatch by opcode range to one method per chunk,
 * keeping methods small enough for the JIT to compile and inline.
 */
public final class EvaluatorWriter {
  /** The most cases one generated switch holds. */
  public static final int CHUNK = 64;

  /** The most outputs whose results are stored one statement each; more are stored in a loop. */
  static final int UNROLLED_OUTPUTS = 8;

  private final PrimitiveSetModel set;
  private final Optional<ClassName> generated;
  private final Scope scope;
  private final TypeName operand;
  private final TypeName boxed;
  private final ArrayTypeName slots;

  public EvaluatorWriter(PrimitiveSetModel set, Optional<ClassName> generated) {
    this.set = set;
    this.generated = generated;
    this.scope = Scope.of(set, set.evaluatorType(), Set.of());
    this.operand = scope.type(set.operand().type());
    this.boxed = scope.type(set.operand().boxed());
    this.slots = ArrayTypeName.of(operand);
  }

  /** The {@code XEvaluator} type. */
  public TypeSpec write() {
    ClassName op = scope.type(set.opType());
    TypeName program = ParameterizedTypeName.get(COMPILED_PROGRAM, op);
    String setName = set.setType().simpleName();
    TypeSpec.Builder type =
        TypeSpec.classBuilder(set.evaluatorType())
            .addJavadoc(
                "Evaluates compiled programs of the {@link $T} primitives: a switch over opcodes"
                    + " calling each kernel\ndirectly, over {@code $L} slots, with no interface"
                    + " dispatch$L and no allocation per\ninstruction. Gives bit for bit the results of"
                    + " {@link $T}, and the same errors.\n\n",
                scope.type(set.setType()),
                slots,
                set.operand().isPrimitive() ? ", no boxing" : "",
                INTERPRETER)
            .addJavadoc(
                "<p>Immutable and thread-safe: every evaluation has its own slots.\n\n"
                    + "<pre>{@code\n$L evaluator = new $L(program);\n$L outputs ="
                    + " evaluator.evaluate(inputs);\n}</pre>\n",
                set.evaluatorType().simpleName(),
                set.evaluatorType().simpleName(),
                slots);
    Writing.markGenerated(type, generated);
    Writing.suppressWarnings(type, set);
    scope.qualifyShadowed(type);
    type.addModifiers(PUBLIC, FINAL)
        .addSuperinterface(ParameterizedTypeName.get(PROGRAM_RUNNER, boxed))
        .addField(
            FieldSpec.builder(program, "program", PRIVATE, FINAL)
                .addJavadoc("The program, for its inputs' keys and for errors.\n")
                .build())
        .addField(
            FieldSpec.builder(int[].class, "code", PRIVATE, FINAL)
                .addJavadoc(
                    "Each instruction in turn: its opcode, its argument slots, its result slots.\n")
                .build())
        .addField(
            FieldSpec.builder(ArrayTypeName.of(op), "operations", PRIVATE, FINAL)
                .addJavadoc(
                    "The operation of each instruction, for kernels that read attributes and for"
                        + " errors.\n")
                .build())
        .addField(
            FieldSpec.builder(int[].class, "inputSlots", PRIVATE, FINAL)
                .addJavadoc("The slot of each input, in input order.\n")
                .build())
        .addField(
            FieldSpec.builder(int[].class, "outputSlots", PRIVATE, FINAL)
                .addJavadoc("The slot of each output, in output order.\n")
                .build());
    if (clearsDeadSlots()) {
      type.addField(
              FieldSpec.builder(int[].class, "deadStart", PRIVATE, FINAL)
                  .addJavadoc(
                      "Per instruction, where its dead slots begin in {@link #dead}"
                          + " ({@link $T}).\n",
                      DEAD_SLOTS)
                  .build())
          .addField(
              FieldSpec.builder(int[].class, "dead", PRIVATE, FINAL)
                  .addJavadoc(
                      "The slots each instruction leaves dead, cleared after it, so that a run"
                          + " holds only the\nvalues it still needs.\n")
                  .build());
    }
    type.addMethod(constructor(op, program))
        .addMethod(evaluatePositional())
        .addMethod(evaluateByKey())
        .addMethod(runList())
        .addMethod(run());
    int chunks = chunkCount();
    if (chunks > 1) {
      for (int chunk = 0; chunk < chunks; chunk++) {
        type.addMethod(chunkMethod(chunk));
      }
    }
    if (anyMultiOutput()) {
      type.addMethod(checkedResults());
    }
    return type.build();
  }

  private MethodSpec constructor(ClassName op, TypeName program) {
    return MethodSpec.constructorBuilder()
        .addJavadoc(
            "Decodes {@code program} once; evaluations then only read the decoded arrays.\n\n"
                + "@param program a compiled program of the set's operations\n")
        .addModifiers(PUBLIC)
        .addParameter(program, "program")
        .addStatement("this.program = program")
        .addStatement("int instructions = program.instructionCount()")
        .addStatement("int length = 0")
        .beginControlFlow("for (int i = 0; i < instructions; i++)")
        .addStatement("length += 1 + program.argumentCount(i) + program.resultCount(i)")
        .endControlFlow()
        .addStatement("code = new int[length]")
        .addStatement("operations = new $T[instructions]", op)
        .addStatement("int pc = 0")
        // the counts read once per instruction: a first evaluation decodes the program in the
        // interpreter, where each call counts
        .beginControlFlow("for (int i = 0; i < instructions; i++)")
        // read as any operation, so that one of another set passed through raw types is named
        // here rather than failing a cast the compiler inserts
        .addStatement("$T any = program.operation(i)", GRAPH_OPERATION)
        .beginControlFlow("if (!(any instanceof $T operation))", op)
        .addStatement(
            "throw new $T(any.name() + $S + i + $S\n+ any.getClass().getName() + $S"
                + "\n+ $T.class.getName() + $S)",
            GRAPH_EXCEPTION,
            " (instruction ",
            ") is a ",
            ", not an operation of the " + set.setType().simpleName() + " set (",
            op,
            "): a program runs on the evaluator of its own set")
        .endControlFlow()
        .addStatement("operations[i] = operation")
        .addStatement("code[pc++] = operation.opcode()")
        .addStatement("int arguments = program.argumentCount(i)")
        .beginControlFlow("for (int j = 0; j < arguments; j++)")
        .addStatement("code[pc++] = program.argumentSlot(i, j)")
        .endControlFlow()
        .addStatement("int results = program.resultCount(i)")
        .beginControlFlow("for (int r = 0; r < results; r++)")
        .addStatement("code[pc++] = program.resultSlot(i, r)")
        .endControlFlow()
        .endControlFlow()
        .addStatement("inputSlots = new int[program.inputCount()]")
        .beginControlFlow("for (int i = 0; i < inputSlots.length; i++)")
        .addStatement("inputSlots[i] = program.inputSlot(i)")
        .endControlFlow()
        .addStatement("outputSlots = new int[program.outputCount()]")
        .beginControlFlow("for (int o = 0; o < outputSlots.length; o++)")
        .addStatement("outputSlots[o] = program.outputSlot(o)")
        .endControlFlow()
        .addCode(
            clearsDeadSlots()
                ? CodeBlock.builder()
                    .addStatement("$T deadSlots = program.deadSlots()", DEAD_SLOTS)
                    .addStatement("deadStart = deadSlots.start()")
                    .addStatement("dead = deadSlots.slots()")
                    .build()
                : CodeBlock.of(""))
        .build();
  }

  /**
   * Whether the evaluator clears the slots each instruction leaves dead: for a set over a
   * reference type, whose values may hold memory (tensors), so that a run of many inputs does not
   * keep a dead value in every slot it freed; a primitive operand holds nothing.
   */
  private boolean clearsDeadSlots() {
    return !set.operand().isPrimitive();
  }

  private MethodSpec evaluatePositional() {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder("evaluate")
            .addJavadoc(
                "Evaluates the program with input {@code i} bound to {@code inputs[i]}, in the order"
                    + " of\n{@link $T#inputKeys()}.\n\n",
                COMPILED_PROGRAM)
            .addJavadoc("@param inputs the inputs, in order\n")
            .addJavadoc("@return the outputs, in order\n")
            .addJavadoc(
                "@throws $T if the number of inputs is wrong$L, or as {@link $T}\n    words it if a"
                    + " kernel fails\n",
                GRAPH_EXCEPTION,
                set.operand().isPrimitive()
                    ? ""
                    : ", or an input is null or not of\n    its declared type",
                KERNEL_FAILURE)
            .addModifiers(PUBLIC)
            .returns(slots)
            .addParameter(slots, "inputs")
            .varargs()
            .beginControlFlow("if (inputs.length != inputSlots.length)")
            .addStatement("throw program.inputCountError(inputs.length)")
            .endControlFlow()
            .addStatement("$T s = $L", slots, Writing.newArray(operand, "program.slotCount()"))
            .beginControlFlow("for (int i = 0; i < inputs.length; i++)");
    if (!set.operand().isPrimitive()) {
      method.addStatement("program.checkInput(i, inputs[i])");
    }
    return method
        .addStatement("s[inputSlots[i]] = inputs[i]")
        .endControlFlow()
        .addStatement("return run(s)")
        .build();
  }

  private MethodSpec evaluateByKey() {
    TypeName map =
        ParameterizedTypeName.get(
            ClassName.get(Map.class), WildcardTypeName.subtypeOf(Object.class), WildcardTypeName.subtypeOf(boxed));
    return MethodSpec.methodBuilder("evaluate")
        .addJavadoc(
            "Evaluates the program with inputs bound by key. {@code inputs} may also bind any\n"
                + "other input of the graphs the program was materialized from\n"
                + "({@link $T#unusedInputKeys()}); those bindings are ignored.\n\n",
            COMPILED_PROGRAM)
        .addJavadoc("@param inputs the inputs, by key\n")
        .addJavadoc("@return the outputs, in order\n")
        .addJavadoc(
            "@throws $T naming the key if an input is unbound or bound to {@code null}, or if\n"
                + "    {@code inputs} binds a key that is an input of none of the graphs the\n"
                + "    program was materialized from; as {@link $T} words it if a kernel fails\n",
            GRAPH_EXCEPTION,
            KERNEL_FAILURE)
        .addModifiers(PUBLIC)
        .returns(slots)
        .addParameter(map, "inputs")
        .addComment("the runtime binds by key, so every evaluator names bad bindings alike")
        .addStatement("$T[] bound = program.bindInputs(inputs)", Object.class)
        .addStatement("$T s = $L", slots, Writing.newArray(operand, "program.slotCount()"))
        .beginControlFlow("for (int i = 0; i < inputSlots.length; i++)")
        .beginControlFlow("if (!(bound[i] instanceof $T))", rawBoxed())
        .addStatement("throw program.inputClassError(i, bound[i], $T.class)", operand)
        .endControlFlow()
        .addStatement("s[inputSlots[i]] = ($T) bound[i]", boxed)
        .endControlFlow()
        .addStatement("return run(s)")
        .build();
  }

  /** The boxed operand type without type arguments, as {@code instanceof} takes it. */
  private TypeName rawBoxed() {
    return boxed instanceof ParameterizedTypeName p ? p.rawType() : boxed;
  }

  /**
   * {@code ProgramRunner.run}: the positional {@code evaluate} over a list, so the evaluator plugs
   * in wherever the runtime takes a runner. A {@code double} set unboxes the inputs and boxes the
   * outputs here; callers on the hot path use {@code evaluate(double...)}.
   */
  private MethodSpec runList() {
    TypeName list = ParameterizedTypeName.get(ClassName.get(List.class), boxed);
    TypeName inputs =
        ParameterizedTypeName.get(ClassName.get(List.class), WildcardTypeName.subtypeOf(boxed));
    MethodSpec.Builder method =
        MethodSpec.methodBuilder("run")
            .addAnnotation(Override.class)
            .addJavadoc(
                "Evaluates the program with input {@code i} bound to {@code inputs.get(i)}, as\n"
                    + "{@link #evaluate($T...)} does.\n\n",
                operand)
            .addJavadoc("@param inputs the inputs, in order\n")
            .addJavadoc("@return the outputs, in order\n")
            .addJavadoc(
                "@throws $T if the number of inputs is wrong, naming the input if one is null or\n"
                    + "    not of the operand type, or naming the operation if a kernel fails\n",
                GRAPH_EXCEPTION)
            .addModifiers(PUBLIC)
            .returns(list)
            .addParameter(inputs, "inputs");
    method
        .beginControlFlow("if (inputs.size() != program.inputCount())")
        .addStatement("throw program.inputCountError(inputs.size())")
        .endControlFlow()
        .addStatement("$T in = $L", slots, Writing.newArray(operand, "inputs.size()"))
        .beginControlFlow("for (int i = 0; i < in.length; i++)")
        .addComment("read as Object: a raw list may hold a value of any class, named here rather")
        .addComment("than failing a cast")
        .addStatement("$T value = inputs.get(i)", Object.class)
        .beginControlFlow("if (!(value instanceof $T))", rawBoxed())
        .addStatement("throw program.inputClassError(i, value, $T.class)", operand)
        .endControlFlow()
        .addStatement("in[i] = ($T) value", boxed)
        .endControlFlow();
    if (!set.operand().isPrimitive()) {
      return method.addStatement("return $T.asList(evaluate(in))", Arrays.class).build();
    }
    return method
        .addStatement("$T out = evaluate(in)", slots)
        .addStatement("$T values = new $T<>(out.length)", list, ArrayList.class)
        .beginControlFlow("for ($T value : out)", operand)
        .addStatement("values.add(value)")
        .endControlFlow()
        .addStatement("return values")
        .build();
  }

  /** Runs every instruction over {@code s}, then gathers the outputs. */
  private MethodSpec run() {
    MethodSpec.Builder run =
        MethodSpec.methodBuilder("run")
            .addJavadoc(
                "Runs every instruction over the slots {@code s}, then gathers the outputs.\n\n"
                    + "@param s the program's slots, the inputs already in theirs\n"
                    + "@return the outputs, in order\n"
                    + "@throws $T as {@link $T} words it if a kernel fails\n",
                GRAPH_EXCEPTION,
                KERNEL_FAILURE)
            .addModifiers(PRIVATE)
            .returns(slots)
            .addParameter(slots, "s")
            .addStatement("int[] code = this.code")
            .addStatement("int i = 0")
            .beginControlFlow("try");
    int chunks = chunkCount();
    CodeBlock clear =
        clearsDeadSlots()
            ? CodeBlock.builder()
                .beginControlFlow("for (int d = deadStart[i]; d < deadStart[i + 1]; d++)")
                .addStatement("s[dead[d]] = null")
                .endControlFlow()
                .build()
            : CodeBlock.of("");
    if (chunks == 1) {
      run.beginControlFlow("for (int pc = 0; pc < code.length; i++)");
      run.addCode(switchOver(0, false));
      run.addCode(clear);
      run.endControlFlow();
    } else {
      run.beginControlFlow("for (int pc = 0; pc < code.length; i++)");
      run.addStatement("int opcode = code[pc]");
      for (int chunk = 0; chunk < chunks; chunk++) {
        String call = "pc = run" + chunk + "(s, code, pc, i)";
        if (chunk == 0) {
          run.beginControlFlow("if (opcode < $L)", CHUNK);
        } else if (chunk < chunks - 1) {
          run.nextControlFlow("else if (opcode < $L)", CHUNK * (chunk + 1));
        } else {
          run.nextControlFlow("else");
        }
        run.addStatement(call);
      }
      run.endControlFlow();
      run.addCode(clear);
      run.endControlFlow();
    }
    // the failure path alone asks the runtime to say where: the loop itself carries no bookkeeping
    // beyond the instruction counter, and every evaluation tier words the error the same way
    run.nextControlFlow("catch ($T | $T e)", RuntimeException.class, StackOverflowError.class)
        .addStatement("throw $T.of(program, i, slot -> s[slot], e)", KERNEL_FAILURE)
        .endControlFlow();
    return run.addStatement("$T outputs = $L", slots, Writing.newArray(operand, "outputSlots.length"))
        .beginControlFlow("for (int o = 0; o < outputs.length; o++)")
        .addStatement("outputs[o] = s[outputSlots[o]]")
        .endControlFlow()
        .addStatement("return outputs")
        .build();
  }

  private MethodSpec chunkMethod(int chunk) {
    int first = chunk * CHUNK;
    int last = Math.min(set.primitives().size(), first + CHUNK) - 1;
    return MethodSpec.methodBuilder("run" + chunk)
        .addJavadoc(
            "Runs the instruction at {@code pc}, one of opcodes $L to $L.\n\n"
                + "@param s the program's slots\n"
                + "@param code the decoded program\n"
                + "@param pc where the instruction starts in {@code code}\n"
                + "@param i the instruction's index, for errors\n"
                + "@return where the next instruction starts\n",
            first,
            last)
        .addModifiers(PRIVATE)
        .returns(TypeName.INT)
        .addParameter(slots, "s")
        .addParameter(int[].class, "code")
        .addParameter(TypeName.INT, "pc")
        .addParameter(TypeName.INT, "i")
        .addCode(switchOver(chunk, true))
        .build();
  }

  /** The switch over one chunk's opcodes; each case runs its kernel and advances {@code pc}. */
  private CodeBlock switchOver(int chunk, boolean returnsNext) {
    CodeBlock.Builder code = CodeBlock.builder().beginControlFlow("switch (code[pc])");
    int first = chunk * CHUNK;
    int end = Math.min(set.primitives().size(), first + CHUNK);
    for (PrimitiveModel primitive : set.primitives().subList(first, end)) {
      code.beginControlFlow("case $L ->", primitive.opcode());
      code.add(kernelCall(primitive, returnsNext));
      code.endControlFlow();
    }
    code.addStatement(
        "default -> throw new $T(\"unknown opcode \" + code[pc])", IllegalStateException.class);
    return code.endControlFlow().build();
  }

  private CodeBlock kernelCall(PrimitiveModel primitive, boolean returnsNext) {
    RuleMethod eval = primitive.rule(RuleRole.EVAL).orElseThrow();
    int arity = eval.parameters().size();
    List<CodeBlock> operands = new ArrayList<>();
    for (int j = 0; j < arity; j++) {
      operands.add(CodeBlock.of("s[code[pc + $L]]", j + 1));
    }
    CodeBlock arguments = Writing.arguments(operands);
    CodeBlock call =
        eval.dispatch() == Dispatch.STATIC
            ? CodeBlock.of("$T.eval($L)", scope.type(primitive.interfaceType()), arguments)
            : CodeBlock.of(
                "(($T) operations[i]).eval($L)",
                scope.type(set.opType().nestedClass(primitive.className())),
                arguments);
    int results = 1 + arity;
    int width = 1 + arity + primitive.outputs();
    CodeBlock.Builder code = CodeBlock.builder();
    if (primitive.outputs() == 1) {
      code.addStatement(
          "s[code[pc + $L]] = $L",
          results,
          set.operand().isPrimitive()
              ? call
              : CodeBlock.of("$T.nonNull($L)", KERNEL_FAILURE, call));
    } else {
      code.addStatement("$T r = checked(s, $L, $L, i)", slots, call, primitive.outputs());
      if (primitive.outputs() <= UNROLLED_OUTPUTS) {
        for (int r = 0; r < primitive.outputs(); r++) {
          code.addStatement("s[code[pc + $L]] = r[$L]", results + r, r);
        }
      } else {
        // a loop, not one statement per output: the method stays small for any output count
        code.beginControlFlow("for (int k = 0; k < $L; k++)", primitive.outputs())
            .addStatement("s[code[pc + $L + k]] = r[k]", results)
            .endControlFlow();
      }
    }
    if (returnsNext) {
      code.addStatement("return pc + $L", width);
    } else {
      code.addStatement("pc += $L", width);
    }
    return code.build();
  }

  /** Checks a multi-output kernel's result as the interpreter does. */
  private MethodSpec checkedResults() {
    MethodSpec.Builder checked = MethodSpec.methodBuilder("checked")
        .addJavadoc(
            "{@code results}, if it holds the {@code count} outputs of instruction {@code i} run"
                + " over\n{@code s}.\n\n"
                + "@param s the program's slots, for the error\n"
                + "@param results what the instruction's kernel returned\n"
                + "@param count the number of outputs of the instruction's primitive\n"
                + "@param i the instruction's index, for the error\n"
                + "@return {@code results}\n"
                + "@throws $T as {@link $T} words it if {@code results} is null$L\n",
            GRAPH_EXCEPTION,
            KERNEL_FAILURE,
            set.operand().isPrimitive()
                ? "\n    or of another length"
                : ",\n    of another length or holds a null")
        .addModifiers(PRIVATE)
        .returns(slots)
        .addParameter(slots, "s")
        .addParameter(slots, "results")
        .addParameter(TypeName.INT, "count")
        .addParameter(TypeName.INT, "i")
        .beginControlFlow("if (results == null || results.length != count)")
        .addStatement(
            "throw $T.wrongResultCount($Wprogram, i, slot -> s[slot], results == null ? -1 :"
                + " results.length)",
            KERNEL_FAILURE)
        .endControlFlow();
    if (!set.operand().isPrimitive()) {
      checked
          .beginControlFlow("for ($T result : results)", operand)
          .beginControlFlow("if (result == null)")
          .addStatement("throw $T.nullResult(program, i, slot -> s[slot])", KERNEL_FAILURE)
          .endControlFlow()
          .endControlFlow();
    }
    return checked.addStatement("return results").build();
  }

  private int chunkCount() {
    return Math.max(1, (set.primitives().size() + CHUNK - 1) / CHUNK);
  }

  private boolean anyMultiOutput() {
    return set.primitives().stream().anyMatch(p -> p.outputs() > 1);
  }
}
