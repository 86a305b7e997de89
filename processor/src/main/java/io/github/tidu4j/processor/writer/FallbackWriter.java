package io.github.tidu4j.processor.writer;

import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.PUBLIC;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Writes stand-ins for the types of a set that has errors: empty classes with the generated names,
 * so that the rules naming {@code XEmit} and the code naming {@code XOp} or {@code XEvaluator} find
 * a type, and the set's own errors are the only ones the compiler shows (javac resolves the types in
 * signatures before it reports anything, and stops before it reads method bodies once a processor
 * has reported an error). A stand-in has no members: it never runs, since a compilation with errors
 * produces no classes.
 *
 * <pre>{@code
 * for (TypeSpec type : new FallbackWriter(generatedAnnotation(set)).write(names, setName)) {
 *   JavaFile file =
 *       FallbackWriter.file(packageName, type.toBuilder().addOriginatingElement(set).build());
 *   write(file, set, Location.of(set));
 * }
 * }</pre>
 */
public final class FallbackWriter {
  private final Optional<ClassName> generatedAnnotation;

  /**
   * @param generatedAnnotation the {@code @Generated} annotation type available to the code being
   *     compiled, if any
   */
  public FallbackWriter(Optional<ClassName> generatedAnnotation) {
    this.generatedAnnotation = generatedAnnotation;
  }

  /**
   * The stand-ins named {@code names} (simple names in one package) for the set declared as {@code
   * set} (its qualified name, for the documentation).
   */
  public List<TypeSpec> write(List<String> names, String set) {
    List<TypeSpec> types = new ArrayList<>();
    for (String name : names) {
      TypeSpec.Builder type =
          TypeSpec.classBuilder(name)
              .addModifiers(PUBLIC, FINAL)
              .addJavadoc(
                  "Stands in for the {@code $L} that tidu4j generates for {@code $L}, whose"
                      + " declaration\nhas errors, reported where they are: it lets code naming"
                      + " this type compile far\nenough that those errors are the only ones shown."
                      + " Once they are fixed, the real\n{@code $L} is generated in its place.\n",
                  name,
                  set,
                  name)
              .addMethod(
                  MethodSpec.constructorBuilder()
                      .addJavadoc("Not instantiable: a stand-in never runs.\n")
                      .addModifiers(PRIVATE)
                      .build());
      Writing.markGenerated(type, generatedAnnotation);
      types.add(type.build());
    }
    return types;
  }

  /** The file of {@code type}, a stand-in of package {@code packageName}. */
  public static JavaFile file(String packageName, TypeSpec type) {
    return Writing.file(packageName, type);
  }
}
