package io.github.tidu4j.processor;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.reading.DeclarationReader;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * Finds {@code @PrimitiveSet} interfaces declared inside a method, an initializer or a lambda (a
 * local interface), or inside a local or anonymous class. javac hands processors only the types
 * that are members of packages and classes, so such a set would silently generate nothing; the
 * generated code could not name it anyway. Reads the source trees, as the elements of local types
 * do not exist while processors run; the annotation is recognised by its name as written. Where
 * the compiler offers no source trees (not javac, or Gradle's incremental processing, which wraps
 * the processing environment), the check is off.
 */
final class LocalSetScanner {
  private final Trees trees;

  private LocalSetScanner(Trees trees) {
    this.trees = trees;
  }

  /** A scanner, or {@code null} if the compiler offers no source trees (not javac). */
  static LocalSetScanner create(ProcessingEnvironment env) {
    try {
      return new LocalSetScanner(Trees.instance(env));
    } catch (IllegalArgumentException | LinkageError e) {
      return null;
    }
  }

  /** Reports {@code [tidu4j:LocalSet]} on every set declared locally within {@code type}. */
  void scan(TypeElement type) {
    TreePath path = trees.getPath(type);
    if (path == null) {
      return;
    }
    CompilationUnitTree unit = path.getCompilationUnit();
    new TreePathScanner<Void, String>() {
      @Override
      public Void visitClass(ClassTree tree, String where) {
        if (where != null && isSet(tree)) {
          trees.printMessage(
              Diagnostic.Kind.ERROR,
              Message.LOCAL_SET.format(tree.getSimpleName(), where),
              tree,
              unit);
        }
        return super.visitClass(tree, where);
      }

      @Override
      public Void visitMethod(MethodTree tree, String where) {
        return super.visitMethod(tree, where != null ? where : "inside the method " + tree.getName());
      }

      @Override
      public Void visitBlock(BlockTree tree, String where) {
        return super.visitBlock(tree, where != null ? where : "inside an initializer block");
      }

      @Override
      public Void visitLambdaExpression(LambdaExpressionTree tree, String where) {
        return super.visitLambdaExpression(tree, where != null ? where : "inside a lambda");
      }

      @Override
      public Void visitNewClass(NewClassTree tree, String where) {
        return super.visitNewClass(tree, where != null ? where : "inside an anonymous class");
      }
    }.scan(new TreePath(path.getParentPath(), path.getLeaf()), null);
  }

  private static boolean isSet(ClassTree tree) {
    for (AnnotationTree annotation : tree.getModifiers().getAnnotations()) {
      String name = annotation.getAnnotationType().toString();
      if (name.equals("PrimitiveSet") || name.equals(DeclarationReader.PRIMITIVE_SET)) {
        return true;
      }
    }
    return false;
  }
}
