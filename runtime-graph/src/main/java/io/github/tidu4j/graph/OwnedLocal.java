package io.github.tidu4j.graph;

/**
 * A {@link ValueRef.Local} a {@link GraphBuilder} handed out ({@link GraphBuilder#input}, {@link
 * GraphBuilder#apply}, {@link GraphBuilder#local}), which remembers the builder by its identity
 * object (not the builder, which a kept reference must not keep alive), so that another builder
 * refuses it: the transforms hand rules such references to their tangents, cotangents and emitted
 * values. A reference made by id alone ({@code new ValueRef.Local(id)}, as the transforms use
 * internally, a field smaller) is accepted by every builder.
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
