package io.github.tidu4j.maven;

import com.palantir.javapoet.JavaFile;
import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.RuleContext;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.func.CompiledFunction;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarBody;
import io.github.tidu4j.ad.func.ScalarDomain;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.func.ScalarType;
import io.github.tidu4j.ad.func.Staged;
import io.github.tidu4j.annotations.Export;
import io.github.tidu4j.export.SourceExport;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.bytecode.KernelSet;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import org.objectweb.asm.Type;

/**
 * Traces a method marked {@link Export} over its primitive set and exports each transform asked
 * for as a program class.
 *
 * <p><b>Accepted methods.</b> {@code static}; one or more parameters, all of one {@code double}
 * primitive set's generated fluent value type ({@code RealValue} for a set {@code Real}, found with
 * {@code RealBuilder}, {@code RealOp} and {@code RealKernels} in its package); returning one such
 * value, an array of them or a {@code List} of them. It is called once, on traced values, through
 * {@link ScalarAutodiff}: it must build its result from its arguments with the value type's
 * methods, and every transform is of that one trace.
 *
 * <p><b>Programs.</b> For {@code f} of {@code n} inputs and {@code m} outputs: {@code VALUE} is
 * {@code f}; {@code GRADIENT} is {@code grad(f)} over every input ({@code m = 1}); {@code JACOBIAN}
 * is the cotangent part of {@code vjp(f)} if {@code m ≤ n}, else the tangent part of {@code
 * jvp(f)}, each run once per row or column by the generated method; {@code HVP} is the tangent
 * part of {@code jvp(grad(f))} ({@code m = 1}); {@code TAYLOR} is {@code taylor(f, order)} along
 * every input. Program inputs are keyed by position ({@code x0…}, then {@code v0…} or {@code
 * ct0…}, then hidden ones), not by the pass-numbered keys of tracing, so the same function gives
 * the same source in any process.
 *
 * <pre>{@code
 * TracedExport t = MarkedFunction.trace(request, projectClassLoader);
 * }</pre>
 */
public final class MarkedFunction {
  private MarkedFunction() {}

  /**
   * Traces {@code request}'s method, loaded through {@code loader}, and exports its transforms.
   *
   * @throws ExportFailure naming the method if it cannot be loaded, has a shape other than the
   *     accepted ones, throws or meets a missing rule when traced, or its transform does not fit
   *     its outputs (a gradient of several)
   */
  public static TracedExport trace(ExportRequest request, ClassLoader loader) {
    Method method = find(request, loader);
    Class<?> value = valueType(request, method);
    checkResult(request, method, value);
    // the set's operand type first: a set over another type has other builders (a tensor set's
    // builder wraps no bare reference), whose missing members would say nothing of the cause
    KernelSet<?> kernels = kernels(request, value, loader);
    if (kernels.operandType() != double.class) {
      throw new ExportFailure(request, "its set, of " + value.getName() + ", is over "
          + kernels.operandType().getName() + "; export takes sets over double");
    }
    Class<?> builder = member(request, value, "builder").getReturnType();
    Method on = member(request, builder, "on", GraphBuilder.class);
    Method wrap = member(request, builder, "value", ValueRef.class);
    Method ref = member(request, value, "ref");
    Class<?> opClass = opClass(request, on);
    if (!Primitive.class.isAssignableFrom(opClass)
        || !EvaluableGraphOperation.class.isAssignableFrom(opClass)) {
      throw new ExportFailure(request, "its set's operation type " + opClass.getName() + " is not"
          + " a Primitive and EvaluableGraphOperation; export takes sets the annotation processor"
          + " generated");
    }
    Tracer tracer = new Tracer(request, method, on, wrap, ref);
    return over(opClass, kernels, tracer);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static TracedExport over(Class<?> opClass, KernelSet<?> kernels, Tracer tracer) {
    return new Transformer(opClass, (KernelSet) kernels, tracer).run();
  }

  private static Method find(ExportRequest request, ClassLoader loader) {
    Class<?> owner;
    try {
      owner = Class.forName(request.owner(), false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new ExportFailure(request, "its class cannot be loaded (" + e + ")", e);
    }
    for (Method m : owner.getDeclaredMethods()) {
      if (m.getName().equals(request.method())
          && Type.getMethodDescriptor(m).equals(request.descriptor())) {
        if (!Modifier.isStatic(m.getModifiers())) {
          throw new ExportFailure(request, "it is not static; mark a static method");
        }
        m.setAccessible(true);
        return m;
      }
    }
    throw new ExportFailure(request, "no method " + request.descriptor() + " in the loaded class");
  }

  private static Class<?> valueType(ExportRequest request, Method method) {
    Class<?>[] params = method.getParameterTypes();
    if (params.length == 0) {
      throw new ExportFailure(request, "it takes no input; take one value per input");
    }
    Class<?> value = params[0];
    for (int i = 0; i < params.length; i++) {
      if (params[i].isArray() && isValueType(params[i].getComponentType())) {
        throw new ExportFailure(request, "parameter " + i + " is " + params[i].getTypeName()
            + "; take one " + params[i].getComponentType().getSimpleName() + " per input (an"
            + " array or varargs has no fixed number of inputs to export)");
      }
      if (!isValueType(params[i])) {
        throw new ExportFailure(request, "parameter " + i + " is " + params[i].getTypeName()
            + "; every parameter must be one primitive set's generated value type (RealValue for"
            + " a set Real)");
      }
      if (params[i] != value) {
        throw new ExportFailure(request, "parameter " + i + " is a " + params[i].getName()
            + " but parameter 0 a " + value.getName() + "; a function's parameters are values of"
            + " one primitive set");
      }
    }
    return value;
  }

  private static boolean isValueType(Class<?> type) {
    if (!type.getSimpleName().endsWith("Value") || type.isPrimitive() || type.isArray()) {
      return false;
    }
    try {
      return type.getMethod("ref").getReturnType() == ValueRef.class;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  private static void checkResult(ExportRequest request, Method method, Class<?> value) {
    Class<?> result = method.getReturnType();
    boolean list = result == List.class
        && method.getGenericReturnType() instanceof ParameterizedType p
        && p.getActualTypeArguments()[0] == value;
    if (result != value && result != value.arrayType() && !list) {
      throw new ExportFailure(request, "it returns " + method.getGenericReturnType().getTypeName()
          + "; return " + value.getSimpleName() + ", " + value.getSimpleName() + "[] or List<"
          + value.getSimpleName() + ">");
    }
  }

  private static Method member(ExportRequest request, Class<?> type, String name, Class<?>... args) {
    try {
      return type.getMethod(name, args);
    } catch (NoSuchMethodException e) {
      throw new ExportFailure(request, type.getName() + " has no public method " + name
          + "; is it a tidu4j-generated value type?", e);
    }
  }

  private static Class<?> opClass(ExportRequest request, Method on) {
    java.lang.reflect.Type graph = on.getGenericParameterTypes()[0];
    if (graph instanceof ParameterizedType p && p.getActualTypeArguments()[0] instanceof Class<?> c) {
      return c;
    }
    throw new ExportFailure(request, on + " does not name its set's operation type");
  }

  private static KernelSet<?> kernels(ExportRequest request, Class<?> value, ClassLoader loader) {
    String name = kernelTable(value.getPackageName(), value.getSimpleName());
    try {
      Object set = Class.forName(name, true, loader).getMethod("kernelSet").invoke(null);
      return (KernelSet<?>) set;
    } catch (InvocationTargetException e) {
      throw new ExportFailure(request, "its set's kernel table " + name + ".kernelSet() cannot be"
          + " read: " + e.getCause(), e.getCause());
    } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
      throw new ExportFailure(request, "its set's kernel table " + name + ".kernelSet() cannot be"
          + " read (" + e + ")", e);
    }
  }

  /** Calls the marked method on traced values and returns its outputs. */
  private record Tracer(ExportRequest request, Method method, Method on, Method wrap, Method ref) {
    List<ValueRef> outputs(GraphBuilder<?> graph, List<ValueRef.Local> args) {
      try {
        Object builder = on.invoke(null, graph);
        Object[] values = new Object[args.size()];
        for (int i = 0; i < values.length; i++) {
          values[i] = wrap.invoke(builder, args.get(i));
        }
        Object result = method.invoke(null, values);
        List<?> items = result instanceof Object[] array ? List.of(array)
            : result instanceof List<?> l ? l
            : Collections.singletonList(result);
        List<ValueRef> refs = new ArrayList<>(items.size());
        for (Object item : items) {
          if (item == null) {
            throw new ExportFailure(request, "it returned null as output " + refs.size());
          }
          refs.add((ValueRef) ref.invoke(item));
        }
        return refs;
      } catch (InvocationTargetException e) {
        throw new ExportFailure(request, "tracing it threw " + e.getCause(), e.getCause());
      } catch (ExceptionInInitializerError e) {
        throw new ExportFailure(
            request, "initializing its class threw " + e.getCause(), e.getCause());
      } catch (IllegalAccessException e) {
        throw new ExportFailure(request, "it cannot be called (" + e + ")", e);
      }
    }
  }

  /**
   * The marked method as a body that calls it once: the first staging traces it into a graph of
   * its own, and every staging (each transform stages the function again) replays that graph into
   * its builder. So every exported program is of one trace, even for a method that is not a pure
   * function of its arguments (one reading a counter or a random number would otherwise give a
   * gradient of another function than its value).
   */
  private static final class TracedOnce<P extends Primitive<P, ?>> implements ScalarBody<P> {
    private final Tracer tracer;
    private Graph<P> traced;

    TracedOnce(Tracer tracer) {
      this.tracer = tracer;
    }

    @Override
    public List<ValueRef> apply(GraphBuilder<P> b, List<ValueRef.Local> args) {
      if (traced == null) {
        GraphBuilder<P> own = Graph.builder();
        List<ValueRef.Local> inputs = new ArrayList<>(args.size());
        for (int i = 0; i < args.size(); i++) {
          inputs.add(own.input("x" + i));
        }
        traced = own.outputs(tracer.outputs(own, inputs)).build();
      }
      ValueRef[] refs = new ValueRef[traced.valueCount()];
      for (int i = 0; i < traced.inputCount(); i++) {
        // the method's arguments first; then any input it declared itself, such as a constant
        refs[traced.inputValue(i)] =
            i < args.size() ? args.get(i) : b.input(traced.inputKeys().get(i));
      }
      for (int node = 0; node < traced.nodeCount(); node++) {
        ValueRef[] operands = new ValueRef[traced.operandCount(node)];
        for (int j = 0; j < operands.length; j++) {
          int local = traced.operandLocal(node, j);
          operands[j] =
              local >= 0 ? refs[local] : ValueRef.external(traced.operandKey(node, j));
        }
        P operation = traced.operation(node);
        int outputs = traced.nodeOutputCount(node);
        if (outputs == 1) {
          refs[traced.nodeOutput(node, 0)] = b.apply(operation, traced.role(node), operands);
        } else {
          List<ValueRef.Local> results = b.applyMulti(operation, traced.role(node), operands);
          for (int slot = 0; slot < outputs; slot++) {
            refs[traced.nodeOutput(node, slot)] = results.get(slot);
          }
        }
      }
      List<ValueRef> outputs = new ArrayList<>(traced.outputCount());
      for (int i = 0; i < traced.outputCount(); i++) {
        outputs.add(refs[traced.outputLocal(i)]);
      }
      return outputs;
    }
  }

  /** The transforms of one traced function over set {@code P}. */
  private static final class Transformer<
      P extends Primitive<P, ?> & EvaluableGraphOperation<Double>> {
    private final SourceExport<P> export;
    private final KernelSet<P> kernels;
    private final java.util.SortedSet<String> owners = new java.util.TreeSet<>();
    private final ExportRequest request;
    private final ScalarAutodiff<P> ad;
    private final ScalarFunction<P> f;
    private final int n;
    private final Class<P> op;

    Transformer(Class<P> op, KernelSet<P> kernels, Tracer tracer) {
      this.op = op;
      this.export = SourceExport.of(kernels);
      this.kernels = kernels;
      this.request = tracer.request();
      this.ad = ScalarAutodiff.of(op);
      this.n = tracer.method().getParameterCount();
      this.f = ad.function(n, new TracedOnce<P>(tracer));
    }

    TracedExport run() {
      int m = stage(f, Export.Transform.VALUE).outputs().size();
      if (m == 0) {
        throw new ExportFailure(request, "it returns no value; return at least one");
      }
      int[] all = IntStream.range(0, n).toArray();
      List<ExportedProgram> programs = new ArrayList<>();
      for (Export.Transform t : request.transforms()) {
        if ((t == Export.Transform.GRADIENT || t == Export.Transform.HVP) && m != 1) {
          throw new ExportFailure(request, t + " takes a function of one output, but it has " + m);
        }
        ScalarFunction<P> g;
        String second;
        switch (t) {
          case VALUE -> {
            g = f;
            second = null;
          }
          case GRADIENT -> {
            g = ad.grad(f, all);
            second = null;
          }
          case JACOBIAN -> {
            g = m <= n
                ? ad.outputs(ad.vjp(f, m, all), range(m, m + n))
                : ad.outputs(ad.jvp(f, all), range(m, 2 * m));
            second = m <= n ? "ct" : "v";
          }
          case HVP -> {
            g = ad.outputs(ad.jvp(ad.grad(f, all), all), range(n, 2 * n));
            second = "v";
          }
          case TAYLOR -> {
            g = ad.taylor(f, request.taylorOrder(), all);
            second = "v";
          }
          default -> throw new IllegalStateException("unknown transform " + t);
        }
        programs.add(program(t, g, second));
      }
      return new TracedExport(request, n, m, programs, List.copyOf(owners));
    }

    private ExportedProgram program(Export.Transform t, ScalarFunction<P> g, String second) {
      Staged<P, ScalarType, Double> staged = stage(g, t);
      CompiledProgram<P> program;
      try {
        program = CompiledFunction.compile(staged, ScalarDomain.INSTANCE, ProgramRunner.interpreter())
            .program();
      } catch (GraphException e) {
        throw new ExportFailure(request, "its " + t + " program cannot be compiled: "
            + e.getMessage(), e);
      }
      for (int i = 0; i < program.instructionCount(); i++) {
        owners.add(kernels.table().get(kernels.opcodeOf(program.operation(i)))
            .ownerInternalName().replace('/', '.'));
      }
      List<String> keys = new ArrayList<>();
      for (int i = 0; i < staged.arity(); i++) {
        keys.add(i < n ? "x" + i : second + (i - n));
      }
      for (int i = 0; i < staged.constants().size(); i++) {
        keys.add("c" + i);
      }
      for (int i = 0; i < staged.seeds().size(); i++) {
        keys.add("seed" + i);
      }
      List<Double> hidden = staged.hiddenValues(ScalarDomain.INSTANCE);
      int[] outputOf = new int[staged.outputs().size()];
      int live = 0;
      for (int r = 0; r < outputOf.length; r++) {
        ValueKey key = staged.outputs().get(r);
        outputOf[r] = key == null ? -1 : live++;
      }
      String name = request.name() + label(t) + "Program";
      String pkg = packageOf(request.generatedClass());
      List<JavaFile> sources;
      try {
        sources = export.exportFiles(program.withInputKeys(keys), pkg, name);
      } catch (GraphException e) {
        throw new ExportFailure(request, "its " + t + " program cannot be exported: "
            + e.getMessage(), e);
      }
      return new ExportedProgram(t, sources, staged.arity(),
          hidden.stream().mapToDouble(Double::doubleValue).toArray(), outputOf);
    }

    private Staged<P, ScalarType, Double> stage(ScalarFunction<P> g, Export.Transform t) {
      try {
        return g.traceable().stageNamed(Collections.nCopies(g.arity(), ScalarType.F64));
      } catch (ADRuleError e) {
        if (e.reason() == ADRuleError.Reason.MISSING_CONTEXT) {
          // the error's own advice names run-time APIs; @Export has no context to pass
          throw new ExportFailure(request, "its " + t + " cannot be traced: " + e.primitiveName()
              + "'s " + e.ruleKind() + " rule takes its set's rule context ("
              + RuleContext.typeOf(op).getName() + "), and an exported function has none to"
              + " give it: export functions whose rules take no context, or differentiate this one"
              + " at run time with ScalarAutodiff.withContext(ctx)", e);
        }
        throw new ExportFailure(request, "its " + t + " cannot be traced: " + e.getMessage(), e);
      } catch (GraphException | IllegalArgumentException e) {
        throw new ExportFailure(request, "its " + t + " cannot be traced: " + e.getMessage(), e);
      }
    }
  }

  /**
   * The binary name of the kernel table of the set whose value type is {@code valueType} in
   * package {@code packageName} ({@code ""}: the default package).
   */
  static String kernelTable(String packageName, String valueType) {
    String table = valueType.substring(0, valueType.length() - "Value".length()) + "Kernels";
    return packageName.isEmpty() ? table : packageName + "." + table;
  }

  /** The part of a transform's name in class names: {@code Gradient}, {@code Hvp}, … */
  static String label(Export.Transform t) {
    String s = t.name();
    return s.charAt(0) + s.substring(1).toLowerCase(java.util.Locale.ROOT);
  }

  static String packageOf(String binaryName) {
    int dot = binaryName.lastIndexOf('.');
    return dot < 0 ? "" : binaryName.substring(0, dot);
  }

  private static int[] range(int from, int to) {
    return IntStream.range(from, to).toArray();
  }
}
