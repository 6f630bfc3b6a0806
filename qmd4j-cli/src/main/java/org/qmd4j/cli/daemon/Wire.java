package org.qmd4j.cli.daemon;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The framing of the socket: each frame is a type byte, a length and that many bytes. A client
 * sends {@link #HELLO}, then {@link #RUN} or {@link #STOP} (or nothing: a status probe); the
 * daemon answers {@link #HELLO}, then {@link #OUT} and {@link #ERR} frames and one
 * {@link #EXIT}. The hello frames keep their shape across versions, so that a client can tell
 * a daemon of another build and still stop it.
 */
final class Wire {
  /** Bumped when the frames after the hello change shape. */
  static final String PROTOCOL = "qmd4j-daemon/1";
  static final byte HELLO = 'H';
  static final byte RUN = 'R';
  static final byte STOP = 'S';
  static final byte OUT = 'O';
  static final byte ERR = 'E';
  static final byte EXIT = 'X';
  private static final int MAX_FRAME = 64 << 20;

  private Wire() {}

  /** One frame read: its type and bytes. */
  record Frame(byte type, byte[] body) {
    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  static void write(DataOutputStream out, byte type, byte[] body, int off, int len)
      throws IOException {
    synchronized (out) {
      out.writeByte(type);
      out.writeInt(len);
      out.write(body, off, len);
      out.flush();
    }
  }

  static void write(DataOutputStream out, byte type, byte[] body) throws IOException {
    write(out, type, body, 0, body.length);
  }

  /** The next frame, or null at the end of the stream. */
  static Frame read(DataInputStream in) throws IOException {
    int type = in.read();
    if (type < 0) return null;
    int len = in.readInt();
    if (len < 0 || len > MAX_FRAME) throw new IOException("frame of " + len + " bytes");
    byte[] body = new byte[len];
    in.readFully(body);
    return new Frame((byte) type, body);
  }

  /** {@code key=value} lines (values without line breaks), for the hello frames. */
  static byte[] lines(Map<String, String> values) {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, String> e : values.entrySet()) { // no lambda: see DaemonClient
      sb.append(e.getKey()).append('=').append(e.getValue().replace('\n', ' ')).append('\n');
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  static Map<String, String> lines(byte[] body) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String line : new String(body, StandardCharsets.UTF_8).split("\n")) {
      int eq = line.indexOf('=');
      if (eq > 0) values.put(line.substring(0, eq), line.substring(eq + 1));
    }
    return values;
  }

  /** Strings as a count then each as length and UTF-8 bytes. */
  static void strings(DataOutputStream out, List<String> values) throws IOException {
    out.writeInt(values.size());
    for (String v : values) {
      byte[] b = v.getBytes(StandardCharsets.UTF_8);
      out.writeInt(b.length);
      out.write(b);
    }
  }

  static String[] strings(DataInputStream in) throws IOException {
    int n = in.readInt();
    if (n < 0 || n > 1 << 20) throw new EOFException("bad count " + n);
    String[] values = new String[n];
    for (int i = 0; i < n; i++) {
      int len = in.readInt();
      if (len < 0 || len > MAX_FRAME) throw new EOFException("bad length " + len);
      byte[] b = new byte[len];
      in.readFully(b);
      values[i] = new String(b, StandardCharsets.UTF_8);
    }
    return values;
  }
}
