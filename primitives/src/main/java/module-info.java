/**
 * The shipped primitive sets: the unboxed scalar set and the f64/complex128 tensor set with its
 * functional ({@code TensorAutodiff}) and eager APIs.
 *
 * <p>The declaration annotations are source-retained, needed only to compile: {@code static}. They
 * are also {@code transitive} because the sets' public interfaces carry them; without it {@code
 * -Xlint:exports} warns that their module is not exported along with this one.
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
