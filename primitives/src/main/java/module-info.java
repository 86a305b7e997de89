/**
 * The shipped primitive sets: the unboxed scalar set and the f64/complex128 tensor set with its
 * functional ({@code TensorAutodiff}) and eager APIs.
 *
 * <p>The declaration annotations are source-retained, needed only to compile: {@code static}. They
 * are also {@code transitive} because the sets' public interfaces carry them; without it {@code
 * -Xlint:exports} warns that their module is not exported along with this one.
 *
 * <p>{@code jdk.incubator.vector} is deliberately not required, not even {@code static}: a user's
 * module requiring this one would then compile with javac's "incubating module" warning, an error
 * under {@code -Werror}. {@code VectorMath}'s vectorised kernels, its only user, are compiled with
 * {@code --add-modules jdk.incubator.vector --add-reads
 * io.github.tidu4j.primitives=jdk.incubator.vector} (primitives/pom.xml), and at run time {@code
 * VectorMath} adds the read edge itself where the application resolves the module.
 */
module io.github.tidu4j.primitives {
  requires transitive io.github.tidu4j.ad;
  requires static transitive io.github.tidu4j.annotations;

  exports io.github.tidu4j.primitives;
  exports io.github.tidu4j.primitives.einsum;
  exports io.github.tidu4j.primitives.func;
  exports io.github.tidu4j.primitives.scalar;
  exports io.github.tidu4j.primitives.tensor;
}
