package io.github.tidu4j.maven;

/**
 * Why a marked function cannot be exported, with the function named first: the message the build
 * fails with.
 *
 * <pre>{@code
 * throw new ExportFailure(request, "it is not static");
 * // com.example.Functions.softplus cannot be exported: it is not static
 * }</pre>
 */
public final class ExportFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** A failure of {@code request}'s function for {@code reason}. */
  public ExportFailure(ExportRequest request, String reason) {
    super(request.describe() + " cannot be exported: " + reason);
  }

  /** A failure of {@code request}'s function for {@code reason}, caused by {@code cause}. */
  public ExportFailure(ExportRequest request, String reason, Throwable cause) {
    super(request.describe() + " cannot be exported: " + reason, cause);
  }

  /** All of {@code failures}, one message a line, the first as the cause. */
  static ExportFailure of(java.util.List<ExportFailure> failures) {
    if (failures.size() == 1) {
      return failures.get(0);
    }
    StringBuilder message = new StringBuilder(failures.size() + " marked functions cannot be exported:");
    for (ExportFailure f : failures) {
      message.append("\n  ").append(f.getMessage());
    }
    ExportFailure all = new ExportFailure(message.toString(), failures.get(0));
    failures.stream().skip(1).forEach(all::addSuppressed);
    return all;
  }

  private ExportFailure(String message, Throwable cause) {
    super(message, cause);
  }
}
