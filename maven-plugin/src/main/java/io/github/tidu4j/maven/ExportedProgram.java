package io.github.tidu4j.maven;

import com.palantir.javapoet.JavaFile;
import io.github.tidu4j.annotations.Export;
import io.github.tidu4j.export.SourceExport;
import java.util.List;

/**
 * One transform of a marked function, exported: the program's source files, and how the generated
 * method calls it — the caller's values fill the first {@code positional} inputs, {@code hidden}
 * the rest (cotangent seeds of a gradient), and result {@code r} is program output {@code
 * outputOf[r]}, or {@code 0.0} where that is {@code -1} (a derivative that is zero by structure,
 * which the program does not compute).
 *
 * <pre>{@code
 * // gradient of f(x0, x1): inputs x0, x1 and the seed 1.0; outputs d/dx0, d/dx1
 * new ExportedProgram(Export.Transform.GRADIENT, files, 2, new double[] {1.0}, new int[] {0, 1});
 * }</pre>
 *
 * @param transform what it computes
 * @param sources the program's classes, from {@link
 *     io.github.tidu4j.export.SourceExport#exportFiles}: its main class first, then the part
 *     classes a program too large for one class is split into
 * @param positional how many inputs the caller gives
 * @param hidden the values of the inputs after those
 * @param outputOf for each result, the program output holding it, or {@code -1} for zero
 */
public record ExportedProgram(
    Export.Transform transform, List<JavaFile> sources, int positional, double[] hidden, int[] outputOf) {

  public ExportedProgram {
    sources = List.copyOf(sources);
    if (sources.isEmpty()) {
      throw new IllegalArgumentException("an exported program has at least its main class");
    }
    hidden = hidden.clone();
    outputOf = outputOf.clone();
  }

  /** The program's main class, the one the facade calls. */
  public JavaFile source() {
    return sources.get(0);
  }

  /** The program's main class's binary name. */
  public String className() {
    return SourceExport.className(source());
  }

  @Override
  public double[] hidden() {
    return hidden.clone();
  }

  @Override
  public int[] outputOf() {
    return outputOf.clone();
  }
}
