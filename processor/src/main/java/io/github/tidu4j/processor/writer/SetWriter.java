package io.github.tidu4j.processor.writer;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Writes everything generated for one valid set: {@code XOp}, {@code XEmit}, {@code XEvaluator},
 * {@code XKernels} and, unless the set says {@code fluent = false}, {@code XBuilder}, {@code
 * XValue} and the eager value class {@code EagerX}.
 *
 * <pre>{@code
 * List<TypeSpec> types = new SetWriter(generatedAnnotation(set)).write(model);
 * if (!fileNamesFit(set, model, types)) {
 *   return;
 * }
 * for (TypeSpec type : types) {
 *   JavaFile file = SetWriter.file(model, type.toBuilder().addOriginatingElement(set).build());
 *   write(file, set, model.location());
 * }
 * }</pre>
 */
public final class SetWriter {
  private final Optional<ClassName> generatedAnnotation;

  /**
   * @param generatedAnnotation the {@code @Generated} annotation type available to the code being
   *     compiled, if any
   */
  public SetWriter(Optional<ClassName> generatedAnnotation) {
    this.generatedAnnotation = generatedAnnotation;
  }

  /** The generated types of {@code set}, which must be valid. */
  public List<TypeSpec> write(PrimitiveSetModel set) {
    List<TypeSpec> types =
        new ArrayList<>(
            List.of(
                new OpWriter(set, generatedAnnotation).write(),
                new EmitWriter(set, generatedAnnotation).write(),
                new EvaluatorWriter(set, generatedAnnotation).write(),
                new KernelsWriter(set, generatedAnnotation).write()));
    if (set.fluent()) {
      FluentWriter fluent = new FluentWriter(set, generatedAnnotation);
      types.add(fluent.writeBuilder());
      types.add(fluent.writeValue());
      types.add(new EagerWriter(set, generatedAnnotation).write());
    }
    return types;
  }

  /** The source file of {@code type}, one of {@code set}'s generated types. */
  public static JavaFile file(PrimitiveSetModel set, TypeSpec type) {
    return Writing.file(set.packageName(), type);
  }
}
