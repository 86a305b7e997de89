package kotlin.jvm.functions;

/**
 * Stands for Kotlin's own {@code kotlin.jvm.functions.Function1} (the type of a Kotlin value of a
 * function type of one parameter), so that a test can make the wrapper lambda Kotlin makes without
 * a Kotlin compiler: a Java lambda capturing one of these.
 */
@FunctionalInterface
public interface Function1<P1, R> {
  R invoke(P1 p1);
}
