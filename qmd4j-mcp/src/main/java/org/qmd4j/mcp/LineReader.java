package org.qmd4j.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads the newline-delimited frames of a stdio MCP session, with a cap on a frame's length: a
 * longer line is skipped to its end (never held in memory) and reported as {@link #TOO_LONG}.
 * Not thread-safe: one reader thread.
 */
final class LineReader {
  /** What {@link #next()} returns for a line over the cap (compared by identity). */
  static final byte[] TOO_LONG = new byte[0];

  private final InputStream in;
  private final int maxBytes;
  private final byte[] buf = new byte[64 * 1024];
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();
  private int pos;
  private int end;

  /** @param maxBytes the longest line returned, in bytes, without its line break */
  LineReader(InputStream in, int maxBytes) {
    this.in = in;
    this.maxBytes = maxBytes;
  }

  /**
   * The next line without its {@code \n} (and a {@code \r} before it), {@link #TOO_LONG}, or
   * {@code null} at the end of the input. A last line without a line break is returned too.
   */
  byte[] next() throws IOException {
    line.reset();
    boolean tooLong = false;
    while (true) {
      if (pos == end) {
        end = in.read(buf, 0, buf.length);
        pos = 0;
        if (end <= 0) {
          end = 0;
          if (tooLong) return TOO_LONG;
          return line.size() == 0 ? null : strip(line.toByteArray());
        }
      }
      int nl = pos;
      while (nl < end && buf[nl] != '\n') nl++;
      int n = nl - pos;
      if (!tooLong) {
        if (line.size() + n > maxBytes) {
          tooLong = true;
          line.reset();
        } else {
          line.write(buf, pos, n);
        }
      }
      if (nl < end) {
        pos = nl + 1;
        return tooLong ? TOO_LONG : strip(line.toByteArray());
      }
      pos = end;
    }
  }

  private static byte[] strip(byte[] bytes) {
    int n = bytes.length;
    return n > 0 && bytes[n - 1] == '\r' ? Arrays.copyOf(bytes, n - 1) : bytes;
  }
}
