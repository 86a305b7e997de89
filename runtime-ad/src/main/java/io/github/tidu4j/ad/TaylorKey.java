package io.github.tidu4j.ad;

/**
 * The input key of Taylor coefficient {@code order} of input {@code of} in Taylor pass {@code
 * pass}: the coefficient {@code x_order} of the path {@code x(t) = x_0 + x_1 t + x_2 t² + …} along
 * which {@link AD#taylor} expands.
 *
 * <pre>{@code
 * TaylorGraph<RealOp> t = AD.taylor(Graphs.resolve(f), f.outputKeys(), wrt, 4);
 * TaylorKey x1 = (TaylorKey) t.inputKey(0, 1); // x[1]@pass: the direction of x
 * }</pre>
 *
 * @param of the input key whose coefficient this is
 * @param order the coefficient's order, at least 1 (order 0 is the input itself)
 * @param pass the Taylor pass id
 */
public record TaylorKey(Object of, int order, long pass) {
  /** For example {@code x[2]@5}. */
  @Override
  public String toString() {
    return of + "[" + order + "]@" + pass;
  }
}
