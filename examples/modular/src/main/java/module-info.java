/**
 * A user's own named module declaring a tidu4j primitive set: the processor generates {@code
 * TrigOp}, {@code TrigEmit}, {@code TrigEvaluator}, {@code TrigKernels} and the fluent {@code
 * TrigBuilder}/{@code TrigValue} into this module, and the bytecode backend defines its program
 * classes here too.
 *
 * <p>{@code io.github.tidu4j.ad} brings {@code io.github.tidu4j.graph} (and, through it, ASM) along;
 * nothing needs {@code --add-modules}. The annotations are source-retained: {@code static}. Both
 * requirements are {@code transitive} only because this module exports the set's package: its
 * public types ({@code Trig} with its annotations, the generated {@code TrigOp}, {@code Main})
 * name tidu4j's types, and {@code -Xlint:exports} warns about any that a reader of this module
 * could not see. A module that exports no such package drops both {@code transitive}s.
 */
module com.example.modular {
  requires transitive io.github.tidu4j.ad; // brings io.github.tidu4j.graph and, through it, ASM
  requires static transitive io.github.tidu4j.annotations; // source-retained: compile time only

  exports com.example.modular;
}
