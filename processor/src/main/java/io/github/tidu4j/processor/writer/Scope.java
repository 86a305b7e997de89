package io.github.tidu4j.processor.writer;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import io.github.tidu4j.processor.model.AttributeModel;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.PrimitiveSetModel;
import io.github.tidu4j.processor.model.RuntimeTypes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The names a user's declarations bring into the scope of one generated file, and how the file's
 * code keeps clear of them, so that any legal name works. Three kinds of user names can change
 * what a simple name in generated code means:
 *
 * <ul>
 *   <li>types of the set's package named like {@code java.lang} types (a {@code
 *       com.example.String}), which shadow them in the whole file;
 *   <li>member types and fields of a primitive interface, which its generated operation class
 *       inherits, and attribute names, which become its fields and parameters: a member type
 *       {@code List} shadows {@code java.util.List}, a field {@code Double} shadows the type
 *       {@code Double} in {@code Double.hashCode(h)};
 *   <li>kernel parameter names, which become emitter parameters.
 * </ul>
 *
 * <p>A type whose simple name one of them takes is written qualified ({@code java.lang.String},
 * {@code com.example.Steps.Diff}); a variable generated from an attribute or operand name is
 * renamed only where it would take the first name of a package a qualified name starts with
 * ({@code java}, {@code com}); and generated locals take names no user name takes ({@link
 * #fresh}). Where no user name clashes, the code is exactly what it would be without this.
 */
final class Scope {
  private final String packageName;
  private final ClassName file;
  private final Set<String> shadowed;

  private Scope(String packageName, ClassName file, Set<String> shadowed) {
    this.packageName = packageName;
    this.file = file;
    this.shadowed = shadowed;
  }

  /** The scope of generated type {@code file} of {@code set}, where {@code names} are in scope. */
  static Scope of(PrimitiveSetModel set, ClassName file, Set<String> names) {
    Set<String> shadowed = new TreeSet<>(set.javaLangShadows());
    shadowed.addAll(set.generatedJavaLangNames());
    shadowed.addAll(names);
    return new Scope(set.packageName(), file, shadowed);
  }

  /**
   * The names a primitive's generated operation class has in scope that the user chose: its
   * member types and fields, and its attribute fields.
   */
  static Set<String> operationNames(PrimitiveModel primitive, Map<String, String> variables) {
    Set<String> names = new HashSet<>(primitive.memberTypeNames());
    names.addAll(primitive.fieldNames());
    names.addAll(variables.values());
    return names;
  }

  /** Marks the shadowed names on {@code type}, the file's top-level type, for JavaPoet to qualify. */
  void qualifyShadowed(TypeSpec.Builder type) {
    if (!shadowed.isEmpty()) {
      type.alwaysQualify(shadowed.toArray(String[]::new));
    }
  }

  /**
   * {@code type}, with every class it names written qualified where its first written name is
   * shadowed. JavaPoet qualifies top-level types of other packages by itself ({@link
   * #qualifyShadowed}); this covers the types of the set's own package, which JavaPoet always
   * writes by simple name, and nested types of other packages, which it writes from their
   * imported top-level name.
   */
  TypeName type(TypeName type) {
    if (type instanceof ClassName c) {
      return type(c);
    }
    if (type instanceof ArrayTypeName array) {
      TypeName component = type(array.componentType());
      return component == array.componentType() ? type : ArrayTypeName.of(component);
    }
    if (type instanceof ParameterizedTypeName parameterized) {
      List<TypeName> arguments = new ArrayList<>();
      boolean changed = false;
      for (TypeName argument : parameterized.typeArguments()) {
        TypeName qualified = type(argument);
        changed |= qualified != argument;
        arguments.add(qualified);
      }
      ClassName raw = type(parameterized.rawType());
      return changed || raw != parameterized.rawType()
          ? ParameterizedTypeName.get(raw, arguments.toArray(TypeName[]::new))
          : type;
    }
    if (type instanceof WildcardTypeName wildcard && !wildcard.upperBounds().isEmpty()) {
      if (!wildcard.lowerBounds().isEmpty()) {
        return WildcardTypeName.supertypeOf(type(wildcard.lowerBounds().get(0)));
      }
      TypeName bound = type(wildcard.upperBounds().get(0));
      return bound == wildcard.upperBounds().get(0) ? type : WildcardTypeName.subtypeOf(bound);
    }
    return type;
  }

  /** {@code type} written qualified if its first written name is shadowed; see {@link #type(TypeName)}. */
  ClassName type(ClassName type) {
    if (type.packageName().isEmpty() || !shadowed.contains(firstWrittenName(type))) {
      return type;
    }
    List<String> names = type.simpleNames();
    String[] nested = names.subList(1, names.size()).toArray(String[]::new);
    // a class of the unnamed package with a qualified name as its simple name: JavaPoet writes
    // it as it is, and never imports it
    return ClassName.get("", type.packageName() + "." + names.get(0), nested);
  }

  /**
   * {@code type} as code: {@code $T}, or its canonical name where its first written name is
   * shadowed. For a class nested in the file's own type, JavaPoet writes the shortest name that
   * resolves among the file's types, whatever {@link #type(ClassName)} gives, so this spells it
   * out.
   */
  CodeBlock code(ClassName type) {
    ClassName qualified = type(type);
    return qualified == type ? CodeBlock.of("$T", type) : CodeBlock.of("$L", qualified.canonicalName());
  }

  /** The name JavaPoet writes first for {@code type} in this file. */
  private String firstWrittenName(ClassName type) {
    List<String> names = type.simpleNames();
    if (type.topLevelClassName().equals(file) && names.size() > 1) {
      return names.get(1); // a class nested in the file's type: written from its own name
    }
    return names.get(0);
  }

  /**
   * The variable names of {@code primitive}'s attributes, by attribute name: the attribute's own,
   * unless a qualified name in generated code would start with it, or generated code names a
   * field of that name ({@code INTERNER}).
   */
  static Map<String, String> attributeVariables(PrimitiveSetModel set, PrimitiveModel primitive) {
    Set<String> taken = new HashSet<>(reserved(set));
    Set<String> names = new HashSet<>();
    for (AttributeModel attribute : primitive.attributes()) {
      names.add(attribute.name());
    }
    Map<String, String> variables = new LinkedHashMap<>();
    for (AttributeModel attribute : primitive.attributes()) {
      String name = attribute.name();
      if (taken.contains(name)) {
        Set<String> avoid = new HashSet<>(taken);
        avoid.addAll(names);
        name = fresh(name, avoid);
      }
      taken.add(name);
      variables.put(attribute.name(), name);
    }
    return variables;
  }

  /**
   * Names no variable derived from a user's name may take: the first names of the packages whose
   * types generated code may write qualified, and the static field the operation factories use.
   */
  static Set<String> reserved(PrimitiveSetModel set) {
    Set<String> reserved = new HashSet<>(List.of("java", "javax", "INTERNER"));
    reserved.add(root(RuntimeTypes.PRIMITIVE.packageName()));
    reserved.add(root(set.packageName()));
    addRoots(set.operand().type(), reserved);
    addRoots(set.contextType(), reserved);
    set.abstractType().ifPresent(type -> addRoots(type, reserved));
    for (PrimitiveModel primitive : set.primitives()) {
      for (AttributeModel attribute : primitive.attributes()) {
        addRoots(attribute.type(), reserved);
      }
    }
    reserved.remove("");
    return reserved;
  }

  private static void addRoots(TypeName type, Set<String> roots) {
    if (type instanceof ClassName c) {
      roots.add(root(c.packageName()));
    } else if (type instanceof ArrayTypeName array) {
      addRoots(array.componentType(), roots);
    } else if (type instanceof ParameterizedTypeName parameterized) {
      addRoots(parameterized.rawType(), roots);
      for (TypeName argument : parameterized.typeArguments()) {
        addRoots(argument, roots);
      }
    }
  }

  private static String root(String packageName) {
    int dot = packageName.indexOf('.');
    return dot < 0 ? packageName : packageName.substring(0, dot);
  }

  /**
   * {@code name}, or, if {@code taken} holds it, the first of {@code name_}, {@code name_2}, ...
   * that it does not hold.
   */
  static String fresh(String name, Set<String> taken) {
    if (!taken.contains(name)) {
      return name;
    }
    String candidate = name + "_";
    for (int i = 2; taken.contains(candidate); i++) {
      candidate = name + "_" + i;
    }
    return candidate;
  }
}
