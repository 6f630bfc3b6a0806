package org.qmd4j.mcp;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes newline-delimited frames, one whole frame at a time whatever the number of threads
 * sending (frames never interleave, none is dropped), each in as few system calls as its size
 * allows, flushed at once. Thread-safe.
 */
final class FrameWriter {
  private final OutputStream out;

  FrameWriter(OutputStream out) {
    this.out = new BufferedOutputStream(out, 64 * 1024);
  }

  /** Writes {@code json} (which holds no raw line break) and a {@code \n}, then flushes. */
  synchronized void write(byte[] json) throws IOException {
    out.write(json);
    out.write('\n');
    out.flush();
  }

  /** Closes the stream (the peer sees the end of its input). */
  synchronized void close() throws IOException {
    out.close();
  }
}
