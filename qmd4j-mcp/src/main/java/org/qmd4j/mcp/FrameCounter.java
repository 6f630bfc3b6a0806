package org.qmd4j.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.CountDownLatch;

/**
 * Watches the newline-delimited JSON-RPC frames of a stdio session, so that a server told to
 * stop (its client closed stdin) first answers every request it received. Thread-safe.
 */
final class FrameCounter {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final CountDownLatch inputClosed = new CountDownLatch(1);
  private final long drainMillis;
  private long requests; // guarded by this
  private long answers; // guarded by this

  /** @param drainMillis how long a closed input waits for answers before it reports its end */
  FrameCounter(long drainMillis) {
    this.drainMillis = drainMillis;
  }

  /**
   * {@code in}, counting the requests (frames with a method and an id) read from it. Its end
   * is reported only once every request read has been answered (or after the drain time):
   * the SDK closes the session at end of input, which would drop answers still being made.
   */
  InputStream watchInput(InputStream in) {
    return new FilterInputStream(in) {
      private final ByteArrayOutputStream line = new ByteArrayOutputStream();

      @Override
      public int read() throws IOException {
        int b = super.read();
        if (b < 0) ended();
        else scan(b);
        return b;
      }

      @Override
      public int read(byte[] buf, int off, int len) throws IOException {
        int n = super.read(buf, off, len);
        if (n < 0) ended();
        for (int i = 0; i < n; i++) scan(buf[off + i]);
        return n;
      }

      private void ended() throws IOException {
        try {
          awaitAnswers(drainMillis);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new java.io.InterruptedIOException("Interrupted while draining answers");
        }
        inputClosed.countDown();
      }

      private void scan(int b) {
        if (b != '\n') {
          line.write(b);
          return;
        }
        JsonNode frame = parse(line.toByteArray());
        line.reset();
        if (frame != null && frame.has("method") && frame.has("id")) {
          synchronized (FrameCounter.this) {
            requests++;
          }
        }
      }
    };
  }

  /** {@code out}, counting the answers (frames with an id and a result or error) written. */
  OutputStream watchOutput(OutputStream out) {
    return new FilterOutputStream(out) {
      private final ByteArrayOutputStream line = new ByteArrayOutputStream();

      @Override
      public void write(int b) throws IOException {
        out.write(b);
        if (b != '\n') {
          line.write(b);
          return;
        }
        out.flush();
        JsonNode frame = parse(line.toByteArray());
        line.reset();
        if (frame != null && frame.has("id") && (frame.has("result") || frame.has("error"))) {
          synchronized (FrameCounter.this) {
            answers++;
            FrameCounter.this.notifyAll();
          }
        }
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        for (int i = 0; i < len; i++) write(b[off + i]);
      }
    };
  }

  /** Blocks until the input is closed. */
  void awaitInputClosed() throws InterruptedException {
    inputClosed.await();
  }

  /** Blocks until every request read has been answered, at most {@code millis}. */
  synchronized void awaitAnswers(long millis) throws InterruptedException {
    long deadline = System.currentTimeMillis() + millis;
    while (answers < requests && System.currentTimeMillis() < deadline) {
      wait(Math.max(1, deadline - System.currentTimeMillis()));
    }
  }

  private static JsonNode parse(byte[] bytes) {
    try {
      return bytes.length == 0 ? null : JSON.readTree(bytes);
    } catch (IOException e) {
      return null; // not a frame we understand: the SDK answers it (or not) on its own
    }
  }
}
