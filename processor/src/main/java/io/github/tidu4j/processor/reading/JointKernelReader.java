package io.github.tidu4j.processor.reading;

import com.palantir.javapoet.TypeName;
import io.github.tidu4j.processor.diagnostics.Location;
import io.github.tidu4j.processor.model.ImmutableJointKernelModel;
import io.github.tidu4j.processor.model.JointKernelModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Reads a set's {@code @JointKernel} methods into {@link JointKernelModel}s: the method's shape and
 * which of the set's primitives its annotation lists. Validation is {@code JointKernelValidator}'s.
 */
final class JointKernelReader {
  /** The annotation's qualified name. */
  static final String JOINT_KERNEL = "io.github.tidu4j.annotations.JointKernel";

  private JointKernelReader() {}

  /** The joint kernels declared directly in {@code set}, in declaration order. */
  static List<JointKernelModel> read(TypeElement set, TypeInspector inspector) {
    List<Element> primitives = new ArrayList<>();
    for (Element enclosed : set.getEnclosedElements()) {
      if (enclosed instanceof TypeElement nested
          && DeclarationReader.annotation(nested, DeclarationReader.PRIMITIVE).isPresent()) {
        primitives.add(nested);
      }
    }
    List<JointKernelModel> joints = new ArrayList<>();
    for (ExecutableElement method : ElementFilter.methodsIn(set.getEnclosedElements())) {
      DeclarationReader.annotation(method, JOINT_KERNEL)
          .ifPresent(annotation -> joints.add(read(method, annotation, primitives, inspector)));
    }
    return joints;
  }

  private static JointKernelModel read(
      ExecutableElement method,
      AnnotationMirror annotation,
      List<Element> primitives,
      TypeInspector inspector) {
    AnnotationValue value = null;
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        annotation.getElementValues().entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals("value")) {
        value = entry.getValue();
      }
    }
    ImmutableJointKernelModel.Builder joint =
        ImmutableJointKernelModel.builder()
            .name(method.getSimpleName().toString())
            .dispatch(DeclarationReader.dispatch(method))
            .returnType(TypeName.get(method.getReturnType()))
            .descriptor(inspector.descriptor(method))
            .location(Location.of(method))
            .valueLocation(
                value == null ? Location.of(method, annotation) : Location.of(method, annotation, value));
    // Class<?>[] value(): a list of class values, or one class value written without braces
    List<?> classes =
        value == null
            ? List.of()
            : value.getValue() instanceof List<?> list ? list : List.of(value);
    for (Object item : classes) {
      Object listed = item instanceof AnnotationValue v ? v.getValue() : item;
      if (listed instanceof DeclaredType type) {
        Element element = type.asElement();
        joint.addListed(element.getSimpleName().toString())
            .addPrimitiveIndexes(primitives.indexOf(element));
      } else {
        joint.addListed(listed instanceof TypeMirror type ? type.toString() : "a class that does not resolve")
            .addPrimitiveIndexes(-1);
      }
    }
    List<String> parameterTexts = new ArrayList<>();
    for (VariableElement parameter : method.getParameters()) {
      joint.addParameterTypes(TypeName.get(parameter.asType()));
      parameterTexts.add(TypeInspector.display(parameter.asType()));
    }
    joint.signatureText(
        TypeInspector.display(method.getReturnType()) + " " + method.getSimpleName() + "("
            + String.join(", ", parameterTexts) + ")");
    for (var parameter : method.getTypeParameters()) {
      joint.addTypeParameters(parameter.getSimpleName().toString());
    }
    for (TypeMirror thrown : method.getThrownTypes()) {
      if (!inspector.isUnchecked(thrown)) {
        joint.addCheckedExceptions(TypeInspector.display(thrown));
      }
    }
    return joint.build();
  }
}
