package io.github.tidu4j.graph;

/**
 * The values of a {@link CompiledProgram} up to one instruction, numbered as a materialized graph
 * numbers them (inputs first, then each instruction's results), with the value each argument slot
 * holds when its instruction runs: the slots are reused, so this is what names an instruction's
 * operands after the fact. Built by one pass over the instructions, only to describe a failure.
 *
 * <p>As an {@link ExpressionTree}, node {@code v >= 0} is value {@code v} and {@link
 * #application()} is the described instruction applied to its operands.
 */
final class ProgramValues implements ExpressionTree<Integer> {
  private static final Integer APPLICATION = -1;

  private final CompiledProgram<?> program;
  private final int instruction;
  private final int inputCount;
  /** The instruction computing value {@code inputCount + d}, and which of its results it is. */
  private final int[] producer;

  private final int[] resultIndex;
  /** Instruction {@code k}'s operand values are {@code operands[operandStart[k] ..]}. */
  private final int[] operandStart;

  private final int[] operands;

  ProgramValues(CompiledProgram<?> program, int instruction) {
    if (instruction < 0 || instruction >= program.instructionCount()) {
      throw new IndexOutOfBoundsException(
          "instruction " + instruction + " of a " + program.instructionCount()
              + "-instruction program");
    }
    this.program = program;
    this.instruction = instruction;
    this.inputCount = program.inputCount();
    int derived = 0;
    int arguments = 0;
    for (int k = 0; k <= instruction; k++) {
      arguments += program.argumentCount(k);
      if (k < instruction) {
        derived += program.resultCount(k);
      }
    }
    producer = new int[derived];
    resultIndex = new int[derived];
    operandStart = new int[instruction + 2];
    operands = new int[arguments];
    int[] valueInSlot = new int[program.slotCount()];
    for (int i = 0; i < inputCount; i++) {
      valueInSlot[program.inputSlot(i)] = i;
    }
    int p = 0;
    int next = 0;
    for (int k = 0; k <= instruction; k++) {
      operandStart[k] = p;
      for (int j = 0; j < program.argumentCount(k); j++) {
        operands[p++] = valueInSlot[program.argumentSlot(k, j)];
      }
      if (k < instruction) {
        for (int r = 0; r < program.resultCount(k); r++) {
          producer[next] = k;
          resultIndex[next] = r;
          valueInSlot[program.resultSlot(k, r)] = inputCount + next;
          next++;
        }
      }
    }
    operandStart[instruction + 1] = p;
  }

  /** The node standing for the described instruction applied to its operands. */
  Integer application() {
    return APPLICATION;
  }

  /** The number of operands of the described instruction. */
  int operandCount() {
    return operandCount(APPLICATION);
  }

  /** Operand {@code j} of the described instruction, as a node. */
  Integer operand(int j) {
    return operand(APPLICATION, j);
  }

  private int instructionOf(int node) {
    return node < 0 ? instruction : producer[node - inputCount];
  }

  @Override
  public Object inputName(Integer node) {
    return node >= 0 && node < inputCount ? program.inputKeys().get(node) : null;
  }

  @Override
  public String operationName(Integer node) {
    return program.operation(instructionOf(node)).name();
  }

  @Override
  public String operationText(Integer node) {
    return GraphPrinter.describe(program.operation(instructionOf(node)));
  }

  @Override
  public int output(Integer node) {
    if (node < 0 || program.resultCount(instructionOf(node)) == 1) {
      return -1;
    }
    return resultIndex[node - inputCount];
  }

  @Override
  public int operandCount(Integer node) {
    int k = instructionOf(node);
    return operandStart[k + 1] - operandStart[k];
  }

  @Override
  public Integer operand(Integer node, int j) {
    return operands[operandStart[instructionOf(node)] + j];
  }
}
