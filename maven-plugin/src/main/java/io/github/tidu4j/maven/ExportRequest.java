package io.github.tidu4j.maven;

import io.github.tidu4j.annotations.Export;
import java.util.List;

/**
 * One method marked {@link Export}, as read from its class file: where it is, and what to export.
 *
 * <pre>{@code
 * ExportRequest r = new ExportRequest("com.example.Functions", "softplus",
 *     "(Lcom/example/ActivationsValue;)Lcom/example/ActivationsValue;", "Softplus",
 *     List.of(Export.Transform.GRADIENT), 2);
 * r.generatedClass();   // com.example.Softplus
 * }</pre>
 *
 * @param owner the binary name of the class declaring the method
 * @param method the method's name
 * @param descriptor the method's JVM descriptor
 * @param name the generated class's simple name
 * @param transforms the transforms to export, in the order given, without repeats
 * @param taylorOrder the highest order of {@link Export.Transform#TAYLOR} coefficients
 */
public record ExportRequest(
    String owner,
    String method,
    String descriptor,
    String name,
    List<Export.Transform> transforms,
    int taylorOrder) {

  public ExportRequest {
    transforms = List.copyOf(transforms);
  }

  /** The binary name of the generated class: {@link #name()} in the owner's package. */
  public String generatedClass() {
    int dot = owner.lastIndexOf('.');
    return dot < 0 ? name : owner.substring(0, dot + 1) + name;
  }

  /** The method for messages, e.g. {@code com.example.Functions.softplus}. */
  public String describe() {
    return owner + "." + method;
  }
}
