package io.github.tidu4j.ad;

import java.util.concurrent.atomic.AtomicLong;

/** Fresh differentiation pass ids: one per {@code linearize} and per {@code linearTranspose} call. */
final class PassIds {
  private static final AtomicLong NEXT = new AtomicLong(1);

  private PassIds() {}

  static long next() {
    return NEXT.getAndIncrement();
  }
}
