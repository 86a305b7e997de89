package io.github.tidu4j.processor.reading;

import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import javax.tools.JavaFileObject;
import java.util.Optional;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Tells, from the source of an annotation value that does not resolve, whether no later round can
 * mend it: a constant {@code Settings.PERFIX} of a class {@code Settings} that exists but has no
 * member of that name (no processor can add a field to an existing class). A constant of a class
 * that does not exist yet may still be generated, so that is not sure. Needs javac's source trees;
 * without them (another compiler, Gradle's incremental processing) nothing is sure and such sets
 * wait for the last round.
 */
public final class ValueSources {
  private final Trees trees;
  private final Elements elements;

  private ValueSources(Trees trees, Elements elements) {
    this.trees = trees;
    this.elements = elements;
  }

  /** The sources of {@code env}, or none if the compiler offers no source trees. */
  public static Optional<ValueSources> of(ProcessingEnvironment env) {
    try {
      return Optional.of(new ValueSources(Trees.instance(env), env.getElementUtils()));
    } catch (IllegalArgumentException | LinkageError e) {
      return Optional.empty();
    }
  }

  /**
   * The name of the source file declaring {@code type}, a top-level type, if the file is named for
   * another type: {@code type} is then an auxiliary class, which code in other files (all the
   * generated code) may use only with javac's {@code auxiliaryclass} lint warning. Empty where the
   * file is named for it or is not a source file of this compilation.
   */
  Optional<String> auxiliaryFileOf(TypeElement type) {
    TreePath path = trees.getPath(type);
    if (path == null) {
      return Optional.empty();
    }
    JavaFileObject file = path.getCompilationUnit().getSourceFile();
    if (file == null
        || file.isNameCompatible(type.getSimpleName().toString(), JavaFileObject.Kind.SOURCE)) {
      return Optional.empty();
    }
    String name = file.getName();
    int directory = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
    return Optional.of(name.substring(directory + 1));
  }

  /** Whether {@code element} is declared in a source of this compilation (not a class file). */
  boolean hasSource(Element element) {
    return trees.getPath(element) != null;
  }

  /**
   * Whether {@code member} of a type declared in a source of this compilation is written in that
   * source, rather than implicitly declared (a record's {@code equals}, which the model lists as
   * it does a written one); empty if the type has no source here.
   */
  Optional<Boolean> isWritten(Element member) {
    if (!hasSource(member.getEnclosingElement())) {
      return Optional.empty();
    }
    return Optional.of(trees.getTree(member) != null);
  }

  /**
   * The class name a class literal {@code value} is written with ({@code Vectr} for {@code operand
   * = Vectr.class}), for a message about a class that does not resolve: javac hands a processor no
   * name for such a value. Empty if the source is not at hand or the value is not a class literal.
   */
  Optional<String> classLiteralName(
      Element element, AnnotationMirror annotation, AnnotationValue value) {
    return expression(element, annotation, value)
        .filter(
            path ->
                path.getLeaf() instanceof MemberSelectTree select
                    && select.getIdentifier().contentEquals("class"))
        .map(path -> ((MemberSelectTree) path.getLeaf()).getExpression().toString());
  }

  /** The fix, if {@code value} names a member no type has and no processor can add. */
  Optional<String> sureMistake(Element element, AnnotationMirror annotation, AnnotationValue value) {
    Optional<TreePath> expression = expression(element, annotation, value);
    if (expression.isEmpty()
        || !(expression.get().getLeaf() instanceof MemberSelectTree select)) {
      return Optional.empty();
    }
    TreePath path = expression.get();
    Element qualifier = trees.getElement(new TreePath(path, select.getExpression()));
    // a class not generated yet comes as an error type standing in for it: not sure
    if (!(qualifier instanceof TypeElement type) || type.asType().getKind() == TypeKind.ERROR) {
      return Optional.empty();
    }
    String name = select.getIdentifier().toString();
    boolean declared =
        ElementFilter.fieldsIn(elements.getAllMembers(type)).stream()
            .anyMatch(field -> field.getSimpleName().contentEquals(name));
    if (declared) {
      return Optional.empty();
    }
    return Optional.of(
        type.getSimpleName() + " has no field " + name + "; name one of its constants, or write a"
            + " literal");
  }

  /**
   * The path to the expression {@code value} is written as ({@code Vectr.class} of {@code operand
   * = Vectr.class}); empty for no value or no source.
   */
  private Optional<TreePath> expression(
      Element element, AnnotationMirror annotation, AnnotationValue value) {
    if (value == null) {
      return Optional.empty();
    }
    TreePath path = trees.getPath(element, annotation, value);
    if (path == null) {
      return Optional.empty();
    }
    return Optional.of(
        path.getLeaf() instanceof AssignmentTree assignment
            ? new TreePath(path, assignment.getExpression())
            : path);
  }
}
