package org.qmd4j.mcp;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * An in-process pipe standing for a child's stdin or stdout: a loopback socket pair, one way.
 *
 * <p>Not {@link java.nio.channels.Pipe}: its channels close for good when a thread blocked in
 * (or entering) a read or write has been interrupted, as Reactor does to tasks it cancels. A
 * real process's stdout never does that; with a {@code Pipe}, the client's reader thread ended
 * on {@code ClosedByInterruptException} now and then, and every later call waited out its
 * 60 s timeout (NoteResourcesTest in CI, reproduced 1 run in 15 under load). A platform
 * thread's socket streams ignore interrupts.
 */
final class PipeStreams {
  /** The two ends: what is written to {@link #sink} is read from {@link #source}. */
  record Ends(InputStream source, OutputStream sink) {}

  private PipeStreams() {}

  /** A new pipe. Closing the sink ends the source's stream; closing the source closes both. */
  static Ends open() throws IOException {
    try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Socket writer = new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort());
      Socket reader = listener.accept();
      writer.shutdownInput();
      reader.shutdownOutput();
      OutputStream sink = new FilterOutputStream(writer.getOutputStream()) {
        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
          writer.close();
        }
      };
      return new Ends(reader.getInputStream(), sink);
    }
  }
}
