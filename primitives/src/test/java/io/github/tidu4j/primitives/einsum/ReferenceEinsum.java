package io.github.tidu4j.primitives.einsum;

import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;

/**
 * A naive einsum for tests: one loop over every assignment of every index, accumulating the product
 * of the operands' elements (complex arithmetic throughout, no conjugation) into the output
 * element. Takes letters only and an explicit {@code ->}. An operand axis of length 1 whose index
 * is longer elsewhere is broadcast (read at 0), which models numpy's ellipsis broadcasting when the
 * test spells the ellipsis dimensions out as letters.
 */
final class ReferenceEinsum {

  private ReferenceEinsum() {}

  static Tensor einsum(String spec, Tensor... operands) {
    String[] sides = spec.replace(" ", "").split("->", -1);
    String[] inputs = sides[0].split(",", -1);
    String output = sides[1];
    if (inputs.length != operands.length) {
      throw new IllegalArgumentException("reference: operand count");
    }
    List<Character> labels = new ArrayList<>();
    List<Integer> sizes = new ArrayList<>();
    for (int p = 0; p < inputs.length; p++) {
      if (inputs[p].length() != operands[p].rank()) {
        throw new IllegalArgumentException("reference: rank of operand " + p);
      }
      for (int k = 0; k < inputs[p].length(); k++) {
        char c = inputs[p].charAt(k);
        int d = operands[p].dim(k);
        int i = labels.indexOf(c);
        if (i < 0) {
          labels.add(c);
          sizes.add(d);
        } else if (sizes.get(i) == 1) {
          sizes.set(i, d);
        } else if (d != 1 && d != sizes.get(i)) {
          throw new IllegalArgumentException("reference: size of " + c);
        }
      }
    }
    int nl = labels.size();
    int[] size = new int[nl];
    for (int i = 0; i < nl; i++) {
      size[i] = sizes.get(i);
    }
    // per operand and per label: the element stride of that label's axis (0 if absent/broadcast)
    int[][] stride = new int[operands.length][nl];
    double[][] data = new double[operands.length][];
    for (int p = 0; p < operands.length; p++) {
      int[] s = operands[p].shape().strides();
      for (int k = 0; k < inputs[p].length(); k++) {
        int i = labels.indexOf(inputs[p].charAt(k));
        if (operands[p].dim(k) != 1) {
          stride[p][i] = s[k];
        }
      }
      data[p] = operands[p].toDoubleArray();
    }
    int[] outDims = new int[output.length()];
    int[] outStride = new int[nl];
    int os = 1;
    for (int k = output.length() - 1; k >= 0; k--) {
      int i = labels.indexOf(output.charAt(k));
      outDims[k] = size[i];
      outStride[i] = os;
      os *= size[i];
    }
    boolean complex = operands[0].dtype().isComplex();
    double[] re = new double[os];
    double[] im = new double[os];
    int[] idx = new int[nl];
    boolean empty = false;
    for (int d : size) {
      empty |= d == 0;
    }
    while (!empty) {
      double pr = 1;
      double pi = 0;
      for (int p = 0; p < operands.length; p++) {
        int off = 0;
        for (int i = 0; i < nl; i++) {
          off += idx[i] * stride[p][i];
        }
        double xr = complex ? data[p][2 * off] : data[p][off];
        double xi = complex ? data[p][2 * off + 1] : 0;
        double r = pr * xr - pi * xi;
        pi = pr * xi + pi * xr;
        pr = r;
      }
      int o = 0;
      for (int i = 0; i < nl; i++) {
        o += idx[i] * outStride[i];
      }
      re[o] += pr;
      im[o] += pi;
      int i = nl - 1;
      while (i >= 0 && ++idx[i] == size[i]) {
        idx[i--] = 0;
      }
      if (i < 0) {
        break;
      }
    }
    if (!complex) {
      return Tensor.of(re, outDims);
    }
    double[] z = new double[2 * os];
    for (int k = 0; k < os; k++) {
      z[2 * k] = re[k];
      z[2 * k + 1] = im[k];
    }
    return Tensor.complex(z, outDims);
  }

  static DType dtypeOf(boolean complex) {
    return complex ? DType.C128 : DType.F64;
  }
}
