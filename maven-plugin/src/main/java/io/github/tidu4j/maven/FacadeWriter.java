package io.github.tidu4j.maven;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import io.github.tidu4j.annotations.Export;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes the class a marked function's user calls: one static method per exported transform
 * ({@code value}, {@code gradient}, {@code jacobian}, {@code hvp}, {@code taylor}), each filling
 * its program's inputs (the caller's values, then the hidden ones such as a gradient's unit seed),
 * running it, and laying its outputs out (zeros where a derivative is zero by structure). Like the
 * programs, it names no tidu4j class.
 *
 * <pre>{@code
 * JavaFile facade = FacadeWriter.write(MarkedFunction.trace(request, loader));
 * }</pre>
 */
public final class FacadeWriter {
  private FacadeWriter() {}

  /** The class {@code traced.request().generatedClass()}. */
  public static JavaFile write(TracedExport traced) {
    ExportRequest r = traced.request();
    String pkg = MarkedFunction.packageOf(r.generatedClass());
    TypeSpec.Builder type = TypeSpec.classBuilder(r.name())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addJavadoc("The exported transforms of {@code $L}, a function of $L input(s) and $L"
            + " output(s).\n\n<p>Generated at build time by tidu4j's export goal; each method runs a"
            + " straight-line program\nthat calls only the primitive set's own kernels.\n",
            r.describe(), traced.inputs(), traced.outputs())
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    for (ExportedProgram p : traced.programs()) {
      type.addMethod(method(traced, p, ClassName.get(pkg, p.source().typeSpec().name())));
    }
    type.addMethod(MethodSpec.methodBuilder("put")
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .addParameter(double[].class, "inputs")
        .addParameter(int.class, "at")
        .addParameter(double[].class, "values")
        .addParameter(int.class, "count")
        .addParameter(String.class, "name")
        .beginControlFlow("if (values == null)")
        .addStatement("throw new $T(name + $S)", NullPointerException.class, " is null")
        .endControlFlow()
        .beginControlFlow("if (values.length != count)")
        .addStatement("throw new $T(name + $S + values.length + $S + count + $S)",
            IllegalArgumentException.class, " has ", " value(s), but ", " are expected")
        .endControlFlow()
        .addStatement("$T.arraycopy(values, 0, inputs, at, count)", System.class)
        .build());
    return JavaFile.builder(pkg, type.build()).skipJavaLangImports(true).build();
  }

  private static MethodSpec method(TracedExport traced, ExportedProgram p, ClassName program) {
    int n = traced.inputs();
    int m = traced.outputs();
    int positional = p.positional();
    double[] hidden = p.hidden();
    MethodSpec.Builder method = MethodSpec.methodBuilder(MarkedFunction.label(p.transform())
            .substring(0, 1).toLowerCase(java.util.Locale.ROOT)
            + MarkedFunction.label(p.transform()).substring(1))
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(double[].class);
    boolean twoArrays = p.transform() == Export.Transform.HVP
        || p.transform() == Export.Transform.TAYLOR;
    if (twoArrays) {
      method.addParameter(double[].class, "x").addParameter(double[].class, "v");
    } else {
      method.addParameter(double[].class, "x").varargs(true);
    }
    method.addJavadoc(javadoc(p.transform(), n, m, traced.request().taylorOrder()));
    CodeBlock.Builder code = CodeBlock.builder();
    code.addStatement("double[] in = new double[$L]", positional + hidden.length);
    code.addStatement("put(in, 0, x, $L, $S)", n, "x");
    if (twoArrays) {
      code.addStatement("put(in, $L, v, $L, $S)", n, positional - n, "v");
    }
    for (int h = 0; h < hidden.length; h++) {
      code.addStatement("in[$L] = $L", positional + h, literal(hidden[h]));
    }
    int[] outputOf = p.outputOf();
    if (p.transform() == Export.Transform.JACOBIAN) {
      boolean rows = m <= n;
      int unit = rows ? m : n;
      code.addStatement("double[] jacobian = new double[$L]", m * n);
      code.beginControlFlow("for (int k = 0; k < $L; k++)", unit);
      code.addStatement("in[$L + k] = 1.0", n);
      code.addStatement("double[] out = $T.evaluate(in)", program);
      code.addStatement("in[$L + k] = 0.0", n);
      // a row holds ∂y_k/∂x_r; a column ∂y_r/∂x_k: one copy per run of results the program has
      for (int[] run : runs(outputOf)) {
        if (rows) {
          code.addStatement(
              "$T.arraycopy(out, $L, jacobian, k * $L + $L, $L)", System.class, run[1], n, run[0],
              run[2]);
        } else {
          code.beginControlFlow("for (int i = 0; i < $L; i++)", run[2]);
          code.addStatement("jacobian[($L + i) * $L + k] = out[$L + i]", run[0], n, run[1]);
          code.endControlFlow();
        }
      }
      code.endControlFlow();
      code.addStatement("return jacobian");
    } else {
      code.addStatement("double[] out = $T.evaluate(in)", program);
      if (isIdentity(outputOf)) {
        code.addStatement("return out");
      } else {
        code.addStatement("double[] result = new double[$L]", outputOf.length);
        for (int[] run : runs(outputOf)) {
          code.addStatement(
              "$T.arraycopy(out, $L, result, $L, $L)", System.class, run[1], run[0], run[2]);
        }
        code.addStatement("return result");
      }
    }
    return method.addCode(code.build()).build();
  }

  private static String javadoc(Export.Transform t, int n, int m, int order) {
    String inputs = "@param x the function's " + n + " input(s)\n";
    return switch (t) {
      case VALUE -> "The function's " + m + " output(s) at {@code x}.\n\n" + inputs
          + "@return the outputs, in order\n";
      case GRADIENT -> "The gradient at {@code x}: the " + n + " partial derivatives of the"
          + " output.\n\n" + inputs + "@return the partial derivatives, input by input\n";
      case JACOBIAN -> "The " + m + " × " + n + " Jacobian at {@code x}, row by row: {@code"
          + " J[i * " + n + " + j]} is the derivative of output {@code i} by input {@code j}.\n\n"
          + inputs + "@return the Jacobian\n";
      case HVP -> "The Hessian-vector product {@code H(x)·v} of the output.\n\n" + inputs
          + "@param v the direction, one value per input\n@return {@code H(x)·v}, one value per"
          + " input\n";
      case TAYLOR -> "The Taylor coefficients {@code y_k = y^(k)(0) / k!}, {@code k = 0 … " + order
          + "}, of {@code y(t) = f(x + t·v)}: " + (order + 1) + " per output, output by output.\n\n"
          + inputs + "@param v the direction, one value per input\n@return the coefficients\n";
    };
  }

  /**
   * The runs of results the program computes, as {@code {first result, its program output,
   * length}}: results a program output gives ({@code outputOf[r] >= 0}) follow one another in
   * the program's outputs, so the facade copies each run at once, with as many statements as
   * there are runs rather than results (a statement per result passes javac's 64 KB method limit
   * at a few thousand results). A result with none (a structural zero) stays 0.
   */
  static List<int[]> runs(int[] outputOf) {
    List<int[]> runs = new ArrayList<>();
    int r = 0;
    while (r < outputOf.length) {
      if (outputOf[r] < 0) {
        r++;
        continue;
      }
      int first = r;
      while (r + 1 < outputOf.length && outputOf[r + 1] == outputOf[r] + 1) {
        r++;
      }
      runs.add(new int[] {first, outputOf[first], r - first + 1});
      r++;
    }
    return runs;
  }

  private static boolean isIdentity(int[] outputOf) {
    for (int r = 0; r < outputOf.length; r++) {
      if (outputOf[r] != r) {
        return false;
      }
    }
    return true;
  }

  /** {@code value} as Java source: a literal, or its bits for a value with none. */
  private static String literal(double value) {
    return Double.isFinite(value)
        ? Double.toString(value)
        : "Double.longBitsToDouble(0x" + Long.toHexString(Double.doubleToRawLongBits(value)) + "L)";
  }
}
