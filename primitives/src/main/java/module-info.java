/**
 * The shipped primitive sets: the unboxed scalar set and the f64/complex128 tensor set with its
 * functional ({@code TensorAutodiff}) and eager APIs.
 *
 * <p>The declaration annotations are source-retained, needed only to compile: {@code static}. They
 * are also {@code transitive} because the sets' public interfaces carry them; without it {@code
 * -Xlint:exports} warns that their module is not exported along with this one.
 *
 * <p>{@code jdk.incubator.vector} is {@code static}: only {@code VectorMath}'s vectorised kernels
 * use it, and only where the application resolves it ({@code --add-modules jdk.incubator.vector});
 * without it they are never loaded. javac warns that the module is incubating.
 */
module io.github.tidu4j.primitives {
  requires transitive io.github.tidu4j.ad;
  requires static transitive io.github.tidu4j.annotations;
  requires static jdk.incubator.vector;

  exports io.github.tidu4j.primitives;
  exports io.github.tidu4j.primitives.einsum;
  exports io.github.tidu4j.primitives.func;
  exports io.github.tidu4j.primitives.scalar;
  exports io.github.tidu4j.primitives.tensor;
}
