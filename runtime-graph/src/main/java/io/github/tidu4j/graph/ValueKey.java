package io.github.tidu4j.graph;

import java.util.Objects;
import java.util.function.BiPredicate;

/**
 * The identity of a value across graphs: an {@link Input} named by a user-chosen input key, or a
 * {@link Derived} output of an operation, named by its {@link OperationKey} and output slot.
 *
 * <p>Keys are structural and hash-consed: every structurally distinct key exists once (while
 * reachable), so {@code equals} is {@code ==} and {@code hashCode} is a precomputed field. Nothing
 * ever compares or hashes a key by walking its ancestry. Equal computations in different graphs
 * get the same key, which is what lets graphs refer to each other's values ({@link
 * ValueRef.External}), share work when merged, and be traced through by later transforms.
 *
 * <pre>{@code
 * ValueKey x = ValueKey.input("x");
 * OperationKey sinX = OperationKey.of(Ops.SIN, List.of(x), OperationRole.primary());
 * ValueKey y = sinX.output(0);
 * assert y == OperationKey.of(Ops.SIN, List.of(ValueKey.input("x")), OperationRole.primary()).output(0);
 * }</pre>
 */
public sealed interface ValueKey permits ValueKey.Input, ValueKey.Derived {

  /**
   * The canonical key of the input named {@code inputKey}. Input keys are chosen by the primitive
   * set that builds the graphs (a name, a tangent of some pass, ...) and must have value semantics.
   */
  static Input input(Object inputKey) {
    return Input.intern(inputKey, null);
  }

  /** A graph input, named by an input key with value semantics. */
  final class Input extends CanonicalKey implements ValueKey {
    // a batch per input key: input keys are few, and made by unrelated callers (KeyBatches)
    private static final WeakInterner<Input> INTERNER = new WeakInterner<>(new SameName(), 1);

    private final Object key;

    private Input(Object key, int hash, KeyScope scope) {
      super(hash, 0, scope); // scope: where keys built on this input are interned; null: global
      this.key = key;
    }

    /** The canonical input key; if it is new, it is created in {@code scope}. */
    static Input intern(Object key, KeyScope scope) {
      Objects.requireNonNull(key, "input key");
      int hash = Hashing.mix(key.hashCode() ^ 0x5bd1e995);
      Input input = INTERNER.intern(new Input(key, hash, scope), hash);
      if (Checks.ENABLED) {
        KeyChecks.checkInput(input, key, hash);
      }
      return input;
    }

    static int internedCount() {
      return INTERNER.size();
    }

    /** The user-chosen input key. */
    public Object key() {
      return key;
    }

    @Override
    public String toString() {
      return "Input(" + key + ")";
    }

    /**
     * Two input keys are the same when their names are equal. A class rather than a lambda: the
     * first lambda a JVM links costs milliseconds of method-handle set-up, and this interner is on
     * the path of every first call.
     */
    private static final class SameName implements BiPredicate<Input, Input> {
      @Override
      public boolean test(Input a, Input b) {
        return a.key.equals(b.key);
      }
    }
  }

  /**
   * Output {@code slot} of the operation identified by {@link #operationKey()}.
   *
   * <p>Output 0 of an operation is its {@link OperationKey} itself: an operation key doubles as
   * the key of its first output, so that a single-output operation (nearly every one) is one
   * object, not two. A graph of a million operations makes a million of them per transform, and
   * half the objects is half the work for the collector copying them. The other outputs of a
   * multi-output operation are small {@link Output} objects made with their operation key.
   */
  abstract sealed static class Derived extends CanonicalKey implements ValueKey
      permits OperationKey, Derived.Output {
    Derived(int hash, int depth, KeyScope scope) {
      // scope: the table the operation is interned in; null: the global one
      super(hash, depth, scope);
    }

    /** The key of the operation producing this value. */
    public abstract OperationKey operationKey();

    /** The output slot of {@link #operationKey()} this value is. */
    public abstract int slot();

    /** Output {@code slot} ≥ 1 of a multi-output operation. */
    static final class Output extends Derived {
      private final OperationKey operation;
      private final int slot;

      Output(OperationKey operation, int slot) {
        super(
            Hashing.mix(operation.hashCode() * 31 + slot + 1),
            CanonicalKey.of(operation).depth(),
            operation.scope());
        this.operation = operation;
        this.slot = slot;
      }

      @Override
      public OperationKey operationKey() {
        return operation;
      }

      @Override
      public int slot() {
        return slot;
      }

      /** A shallow rendering, for example {@code SinCos#1f3a9c02:1}; it never walks the ancestry. */
      @Override
      public String toString() {
        return operation + ":" + slot;
      }
    }
  }
}
