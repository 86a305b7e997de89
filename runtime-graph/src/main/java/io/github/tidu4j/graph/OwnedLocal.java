package io.github.tidu4j.graph;

/**
 * A {@link ValueRef.Local} a {@link GraphBuilder} handed out, which remembers the builder by its
 * identity object (not the builder, which a kept reference must not keep alive), so that another
 * builder refuses it. References the transforms make for themselves are plain {@code Local}s, a
 * field smaller.
 */
final class OwnedLocal extends ValueRef.Local {
  private final Object builder;

  OwnedLocal(int id, Object builder) {
    super(id);
    this.builder = builder;
  }

  @Override
  public boolean isOf(GraphBuilder<?> builder) {
    return this.builder == builder.identity;
  }
}
