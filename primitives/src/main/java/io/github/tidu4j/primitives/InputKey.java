package io.github.tidu4j.primitives;

import io.github.tidu4j.ad.ADKey;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The input keys of graphs built with {@link TensorBuilder} (and, where given to its {@code
 * input}, {@link io.github.tidu4j.primitives.scalar.ScalarBuilder}): a {@link User} input, named by the user, a
 * {@link Constant} (a tensor closed over by a traced function, bound when it runs), or the {@link
 * Tangent} of an input in one differentiation pass. Keys are values (records), print
 * readably in graph dumps, and implement {@link ADKey}, so {@code AD.linearize} names the tangent
 * of input {@code x} {@code dx@3} rather than the runtime's generic {@code d[x]@3}.
 *
 * <pre>{@code
 * InputKey x = InputKey.user("x");             // prints "x"
 * Object dx = x.tangentOf(3);                  // InputKey.Tangent, prints "dx@3"
 * Object ddx = ((InputKey) dx).tangentOf(5);   // prints "d(dx@3)@5"
 * Interpreter.eval(program, Map.of(x, Tensor.vector(1, 2)));
 * }</pre>
 */
public sealed interface InputKey extends ADKey
    permits InputKey.User, InputKey.Tangent, InputKey.Constant {

  /** The key of the user input named {@code name}. */
  static User user(String name) {
    return new User(name);
  }

  /** A new {@link Constant} carrying {@code value}, numbered uniquely in this process. */
  static Constant constant(Tensor value) {
    return new Constant(Constants.NEXT_ID.incrementAndGet(), value);
  }

  /** The tangent of this input in pass {@code pass}: a {@link Tangent}. */
  @Override
  default Object tangentOf(long pass) {
    return new Tangent(this, pass);
  }

  /**
   * An input declared by the user, by name; prints as its name.
   *
   * @param name not empty
   */
  record User(String name) implements InputKey {
    public User {
      Objects.requireNonNull(name, "name");
      if (name.isEmpty()) {
        throw new IllegalArgumentException("an input name must not be empty");
      }
    }

    // equals and hashCode written out, as a record derives them: the derived ones link through
    // method handles, which costs a fresh JVM milliseconds on its first call
    @Override
    public boolean equals(Object o) {
      return o instanceof User other && name.equals(other.name);
    }

    @Override
    public int hashCode() {
      return name.hashCode();
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * The tangent input of {@code of} in differentiation pass {@code pass}; prints as {@code dx@3},
   * or {@code d(dx@3)@5} for the tangent of a tangent.
   */
  record Tangent(InputKey of, long pass) implements InputKey {
    public Tangent {
      Objects.requireNonNull(of, "of");
    }

    // equals and hashCode written out, as a record derives them: the derived ones link through
    // method handles, which costs a fresh JVM milliseconds on its first call
    @Override
    public boolean equals(Object o) {
      return o instanceof Tangent other && of.equals(other.of) && pass == other.pass;
    }

    @Override
    public int hashCode() {
      return 31 * of.hashCode() + Long.hashCode(pass);
    }

    @Override
    public String toString() {
      return (of instanceof User ? "d" + of : "d(" + of + ")") + "@" + pass;
    }
  }

  /**
   * A constant of a traced function: an input that carries its own value, numbered uniquely in
   * the process so two traces never share one; equal by number. Prints as {@code const7}.
   *
   * @param id the number
   * @param value the tensor to bind the input to
   */
  record Constant(long id, Tensor value)
      implements InputKey, io.github.tidu4j.graph.ConstantInput<Tensor> {
    public Constant {
      Objects.requireNonNull(value, "value");
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Constant c && c.id == id;
    }

    @Override
    public int hashCode() {
      return Long.hashCode(id);
    }

    @Override
    public String toString() {
      return "const" + id;
    }
  }
}

/** The counter numbering {@link InputKey.Constant}s (interfaces cannot hold private state). */
final class Constants {
  static final AtomicLong NEXT_ID = new AtomicLong();

  private Constants() {}
}
