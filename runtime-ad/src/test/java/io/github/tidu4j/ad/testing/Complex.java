package io.github.tidu4j.ad.testing;

/** A complex number, for the complex test set. */
public record Complex(double re, double im) {
  public static Complex of(double re, double im) {
    return new Complex(re, im);
  }

  public Complex plus(Complex o) {
    return new Complex(re + o.re, im + o.im);
  }

  public Complex times(Complex o) {
    return new Complex(re * o.re - im * o.im, re * o.im + im * o.re);
  }

  public Complex negate() {
    return new Complex(-re, -im);
  }

  public Complex conj() {
    return new Complex(re, -im);
  }

  public Complex exp() {
    double m = Math.exp(re);
    return new Complex(m * Math.cos(im), m * Math.sin(im));
  }

  @Override
  public String toString() {
    return re + (im < 0 || (im == 0 && 1 / im < 0) ? "-" : "+") + Math.abs(im) + "i";
  }
}
