package io.github.tidu4j.processor.validation;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.TypeName;
import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.Dispatch;
import io.github.tidu4j.processor.model.JointKernelModel;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuleRole;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code @JointKernel} methods: each is {@code static void name(T x, T[] out, int at)} over the
 * set's operand {@code T}, and lists two or more distinct primitives of the set, each unary with
 * one output and a static kernel, and in no other joint kernel. Whether its results are those of
 * the primitives' kernels no processor can check; the set's tests must.
 */
final class JointKernelValidator implements Validator {

  @Override
  public void validate(PrimitiveSetModel set, ValidationReport report) {
    String setName = set.setType().simpleName();
    Map<Integer, String> claimedBy = new HashMap<>();
    for (JointKernelModel joint : set.jointKernels()) {
      checkSignature(set, setName, joint, report);
      checkPrimitives(set, setName, joint, claimedBy, report);
    }
  }

  private static void checkSignature(
      PrimitiveSetModel set, String setName, JointKernelModel joint, ValidationReport report) {
    TypeName operand = set.operand().type();
    String problem = null;
    if (joint.dispatch() != Dispatch.STATIC) {
      problem =
          "generated code calls it without an instance, so it must be a static method (not "
              + joint.dispatch().name().toLowerCase(java.util.Locale.ROOT) + ")";
    } else if (!joint.parameterTypes()
        .equals(List.of(operand, ArrayTypeName.of(operand), TypeName.INT))) {
      problem = "it must take the argument, the array the results go to and the index of the first";
    } else if (!joint.returnType().equals(TypeName.VOID)) {
      problem = "it returns its results in the array, and nothing itself";
    } else if (!joint.typeParameters().isEmpty()) {
      problem = "it must not be generic";
    } else if (!joint.checkedExceptions().isEmpty()) {
      problem =
          "it declares checked exceptions (" + String.join(", ", joint.checkedExceptions())
              + "), which the primitives' kernels cannot throw";
    }
    if (problem != null) {
      String type = set.operand().text();
      report.add(
          Message.JOINT_KERNEL_SIGNATURE,
          joint.location(),
          joint.name(),
          setName,
          (joint.dispatch() == Dispatch.STATIC ? "static " : "") + joint.signatureText(),
          problem,
          joint.name(),
          type,
          type);
    }
  }

  private static void checkPrimitives(
      PrimitiveSetModel set,
      String setName,
      JointKernelModel joint,
      Map<Integer, String> claimedBy,
      ValidationReport report) {
    if (joint.listed().size() < 2) {
      report.add(
          Message.JOINT_KERNEL_PRIMITIVE,
          joint.valueLocation(),
          joint.name(),
          setName,
          joint.listed().isEmpty() ? "no primitive" : "only " + joint.listed().get(0),
          "a joint kernel computes two or more primitives of one argument",
          "list every primitive it computes, e.g. @JointKernel({Sin.class, Cos.class}), or make"
              + " it a plain helper method");
      return;
    }
    Set<Integer> seen = new HashSet<>();
    for (int i = 0; i < joint.listed().size(); i++) {
      String listed = joint.listed().get(i);
      int index = joint.primitiveIndexes().get(i);
      String problem = null;
      String fix = null;
      if (index < 0) {
        problem = listed + " is not a primitive of " + setName;
        fix = "list @Primitive interfaces nested in " + setName;
      } else if (!seen.add(index)) {
        problem = listed + " is listed twice";
        fix = "list each primitive once, in the order of the results in out";
      } else {
        PrimitiveModel primitive = set.primitives().get(index);
        boolean staticKernel =
            primitive
                .rule(RuleRole.EVAL)
                .map(eval -> eval.dispatch() == Dispatch.STATIC)
                .orElse(false);
        if (primitive.arity() != 1 || primitive.outputs() != 1) {
          problem =
              listed + " takes " + primitive.arity() + " input(s) and gives " + primitive.outputs()
                  + " output(s)";
          fix = "list only unary primitives with one output";
        } else if (!staticKernel) {
          problem = listed + "'s eval is not a static method (it reads attributes)";
          fix = "list only primitives whose eval is static";
        } else if (claimedBy.containsKey(index)) {
          problem = listed + " is in joint kernel " + claimedBy.get(index) + " too";
          fix = "list each primitive in one joint kernel only";
        } else {
          claimedBy.put(index, joint.name());
        }
      }
      if (problem != null) {
        report.add(
            Message.JOINT_KERNEL_PRIMITIVE,
            joint.valueLocation(),
            joint.name(),
            setName,
            listed,
            problem,
            fix);
      }
    }
  }
}
