package io.github.tidu4j.graph.bytecode;

import java.lang.reflect.Array;
import java.util.List;

/**
 * The body of a program cut into several classes: allocates one frame per evaluation and runs the
 * parts in program order, each reading and writing the same frame.
 */
final class PartedBody implements ProgramBody {
  private final ProgramPart[] parts;
  private final Class<?> operandType;
  private final int frameSize;

  PartedBody(List<ProgramPart> parts, Class<?> operandType, int frameSize) {
    this.parts = parts.toArray(new ProgramPart[0]);
    this.operandType = operandType;
    this.frameSize = frameSize;
  }

  @Override
  public void run(Object inputs, Object outputs) {
    Object frame = frameSize == 0 ? null : newFrame();
    for (ProgramPart part : parts) {
      part.run(inputs, frame, outputs);
    }
  }

  /**
   * The frame: its cells in sub-frames of {@link ClassGenerator#SUBFRAME_CELLS}, the last
   * short.
   */
  private Object newFrame() {
    int count = ClassGenerator.subframeCount(frameSize);
    Object frame = Array.newInstance(operandType.arrayType(), count);
    for (int k = 0; k < count; k++) {
      int length = ClassGenerator.subframeLength(frameSize, k);
      Array.set(frame, k, Array.newInstance(operandType, length));
    }
    return frame;
  }
}
