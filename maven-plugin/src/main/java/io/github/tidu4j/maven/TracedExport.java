package io.github.tidu4j.maven;

import java.util.List;

/**
 * A marked function traced and transformed: its shape and one exported program per transform
 * asked for, in the order asked.
 *
 * <pre>{@code
 * TracedExport t = MarkedFunction.trace(request, loader);
 * t.programs().get(0).source().writeTo(directory);
 * }</pre>
 *
 * @param request the marked method
 * @param inputs the number of inputs {@code n} of the function
 * @param outputs the number of outputs {@code m}
 * @param programs the exported programs
 * @param kernelOwners the binary names of the classes declaring the kernels the programs call,
 *     sorted
 */
public record TracedExport(
    ExportRequest request,
    int inputs,
    int outputs,
    List<ExportedProgram> programs,
    List<String> kernelOwners) {

  public TracedExport {
    programs = List.copyOf(programs);
    kernelOwners = List.copyOf(kernelOwners);
  }
}
