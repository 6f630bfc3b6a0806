package org.qmd4j.mcp;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;

/**
 * The write end of an in-process pipe standing for a child's stdin or stdout. A {@link Pipe}'s
 * channels close for good when a thread writing to them has been interrupted (as Reactor does
 * to a task it cancels), which a real process's stdout never does: the other side would read
 * an end of stream and its reader stop, and every later call would wait forever. The
 * interrupt is kept aside during the write and restored after it.
 */
final class PipeStreams {
  private PipeStreams() {}

  static OutputStream writeEnd(Pipe pipe) {
    return new FilterOutputStream(Channels.newOutputStream(pipe.sink())) {
      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        boolean interrupted = Thread.interrupted();
        try {
          out.write(b, off, len);
        } finally {
          if (interrupted) Thread.currentThread().interrupt();
        }
      }

      @Override
      public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
      }
    };
  }
}
