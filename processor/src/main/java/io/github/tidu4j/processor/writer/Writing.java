package io.github.tidu4j.processor.writer;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuntimeTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** What every writer shares: the {@code @Generated} annotation, file settings, small code idioms. */
final class Writing {
  private Writing() {}

  /** {@code @Generated("io.github.tidu4j.processor.PrimitiveSetProcessor")}, if available. */
  static void markGenerated(TypeSpec.Builder type, Optional<ClassName> generated) {
    generated.ifPresent(
        annotation ->
            type.addAnnotation(
                AnnotationSpec.builder(annotation)
                    .addMember("value", "$S", RuntimeTypes.PROCESSOR)
                    .build()));
  }

  /**
   * {@code @SuppressWarnings} for the deprecated user elements generated code must refer to (a
   * deprecated primitive is still implemented and called), so that a build with {@code -Werror}
   * fails only on the user's own uses of them; nothing if none is deprecated.
   */
  static void suppressWarnings(TypeSpec.Builder type, PrimitiveSetModel set) {
    List<String> warnings = new ArrayList<>();
    if (set.usesDeprecated()) {
      warnings.add("deprecation");
    }
    if (set.usesDeprecatedForRemoval()) {
      warnings.add("removal");
    }
    if (warnings.isEmpty()) {
      return;
    }
    CodeBlock value =
        warnings.size() == 1
            ? CodeBlock.of("$S", warnings.get(0))
            : CodeBlock.of(
                "{$L}", CodeBlock.join(warnings.stream().map(w -> CodeBlock.of("$S", w)).toList(), ", "));
    type.addAnnotation(AnnotationSpec.builder(SuppressWarnings.class).addMember("value", value).build());
  }

  /** The file for {@code type} in {@code packageName}, as every generated file is written. */
  static JavaFile file(String packageName, TypeSpec type) {
    return JavaFile.builder(packageName, type).skipJavaLangImports(true).indent("  ").build();
  }

  /** {@code new T[length]}, also where {@code T} is itself an array type ({@code new double[n][]}). */
  static CodeBlock newArray(TypeName component, String length) {
    TypeName base = component;
    int dimensions = 0;
    while (base instanceof ArrayTypeName array) {
      base = array.componentType();
      dimensions++;
    }
    return CodeBlock.of("new $T[$L]$L", base, length, "[]".repeat(dimensions));
  }

  /** {@code a,$W b,$W c}: arguments JavaPoet may wrap. */
  static CodeBlock arguments(List<CodeBlock> arguments) {
    return CodeBlock.join(arguments, ",$W");
  }

  /**
   * A declaration's summary ({@code DocSummary}) as a paragraph of a generated method's Javadoc,
   * after its first line; nothing if the declaration has none.
   */
  static CodeBlock summary(String summary) {
    if (summary.isEmpty()) {
      return CodeBlock.of("");
    }
    // wrapped at words, as a person writes Javadoc (an inline tag may span lines)
    StringBuilder wrapped = new StringBuilder("<p>");
    int lineStart = 0;
    for (String word : summary.split(" ")) {
      if (wrapped.length() - lineStart + 1 + word.length() > SUMMARY_WIDTH
          && wrapped.length() > lineStart + 3) {
        wrapped.append('\n');
        lineStart = wrapped.length();
      } else if (wrapped.length() > 3) {
        wrapped.append(' ');
      }
      wrapped.append(word);
    }
    return CodeBlock.of("\n$L\n", wrapped);
  }

  /** The widest line of a wrapped summary, in characters, before the Javadoc margin. */
  private static final int SUMMARY_WIDTH = 90;
}
