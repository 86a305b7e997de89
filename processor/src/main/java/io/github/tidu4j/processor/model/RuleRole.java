package io.github.tidu4j.processor.model;

/**
 * The methods a primitive declares by name: its kernel, its two differentiation rules and its
 * optional Taylor rule.
 */
public enum RuleRole {
  /** The evaluation kernel. */
  EVAL("eval"),
  /** The forward (Jacobian-vector product) rule. */
  JVP("jvp"),
  /** The transpose rule of a linear use. */
  TRANSPOSE("transpose"),
  /** The optional Taylor rule: coefficient k of the outputs from the coefficients below. */
  TAYLOR("taylor");

  private final String methodName;

  RuleRole(String methodName) {
    this.methodName = methodName;
  }

  /** The method name that declares it. */
  public String methodName() {
    return methodName;
  }

  /** The role of a method named {@code name}, or {@code null}. */
  public static RuleRole ofMethodName(String name) {
    for (RuleRole role : values()) {
      if (role.methodName.equals(name)) {
        return role;
      }
    }
    return null;
  }
}
