package io.github.tidu4j.primitives.func;

import static io.github.tidu4j.primitives.func.FusedTensorAutodiffTest.assertUnfusedValues;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.fusion.BlockedSum;
import io.github.tidu4j.graph.fusion.FusedProgram;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.testing.RandomTensors;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A user's layer through {@link TensorAutodiff}: {@code loss(w, x, b) = Σ_i Σ_j tanh(w∘x +
 * b_j)²}, written with a bias vector broadcast over the rows and the row sums, and its gradient
 * with respect to {@code w} and {@code b}: run fused, the values are the unfused program's bit for
 * bit with the exact set, and every broadcast and sum of the programs is inside a fused region.
 */
class BroadcastAutodiffTest {

  private static TensorFunction loss() {
    return TensorAutodiff.function(3, v -> {
      TensorValue w = v.get(0);
      TensorValue x = v.get(1);
      TensorValue b = v.get(2);
      int[] shape = w.type().dims();
      TensorValue t = w.mul(x).add(b.broadcastInDim(shape, 1)).tanh();
      TensorValue rows = t.mul(t).reduceSum(1);
      return List.of(rows.sum());
    });
  }

  @Test
  void aBiasedLayersLossAndGradientRunFusedWithTheUnfusedValues() {
    for (int[] mn : new int[][] {{3, 4}, {1, 7}, {50, 60}, {3, BlockedSum.BLOCK / 2 + 1}}) {
      int m = mn[0];
      int n = mn[1];
      SplittableRandom r = new SplittableRandom(m * 31 + n);
      List<Tensor> args =
          List.of(RandomTensors.of(r, -1, 1, m, n), RandomTensors.of(r, -2, 2, m, n),
              RandomTensors.of(r, -0.5, 0.5, n));
      TensorFunction f = loss();
      assertUnfusedValues(f, args);
      assertUnfusedValues(TensorAutodiff.grad(f, 0, 2), args);
      assertUnfusedValues(TensorAutodiff.valueAndGrad(f, 2), args);
    }
  }

  @Test
  void everyBroadcastAndSumOfTheGradientProgramIsFused() {
    TensorFunction grad = TensorAutodiff.grad(loss(), 0, 2);
    SplittableRandom r = new SplittableRandom(2);
    List<Tensor> args =
        List.of(RandomTensors.of(r, -1, 1, 4, 5), RandomTensors.of(r, -1, 1, 4, 5),
            RandomTensors.of(r, -1, 1, 5));
    CompiledProgram<TensorOp> program =
        grad.program(args.stream().map(TensorType::of).toArray(TensorType[]::new));
    FusedProgram<TensorOp, Tensor> fused = TensorFusion.fuseExact(program);
    boolean[] inRegion = new boolean[program.instructionCount()];
    for (int[] region : fused.regions()) {
      for (int i : region) {
        inRegion[i] = true;
      }
    }
    List<String> unfused = new ArrayList<>();
    for (int i = 0; i < program.instructionCount(); i++) {
      if (!inRegion[i]) {
        unfused.add(program.operation(i).toString());
      }
    }
    // the forward pass, the seed's broadcast over the rows and the backward pass with the bias
    // gradient's column sums: two regions, as the exact set calls one transcendental function per
    // region (the forward tanh, the derivative's sech); only the seed's splat into the row sums'
    // shape [4] (a region of its own, with nothing to take its shape from) runs unfused
    assertEquals(2, fused.regionCount(), "regions: " + fused.regions().size());
    assertEquals(
        List.of("BroadcastInDim[shape=[4], broadcastDimensions=[], operandShape=[]]"), unfused);
  }
}
