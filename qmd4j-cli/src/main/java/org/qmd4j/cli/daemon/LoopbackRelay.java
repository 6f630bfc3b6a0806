package org.qmd4j.cli.daemon;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TimeZone;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's door for the launcher script: a loopback TCP port, which bash opens itself
 * ({@code /dev/tcp}), so that a command relayed by the script costs no JVM start at all. The
 * port and a random token are in {@code daemon.relay} in the daemon's owner-only folder; a
 * connection that does not start with the token is closed unanswered.
 *
 * <p>The script sends {@code qmd4j-relay/1 TOKEN} and a line break, then NUL-terminated
 * fields: the mode ({@code framed} or {@code buffered}), the working directory, the time zone
 * ({@code -} when {@code TZ} is unset, else {@code =} and its value), {@code 1} when stdin and
 * stdout are terminals, the argument count and the arguments, the variable count and the
 * environment's {@code NAME=value} pairs. The daemon answers {@code h} when it takes the
 * command, or {@code f REASON} when the script must run it through Java instead (the jar was
 * rebuilt, or the time zone is one the daemon cannot tell the same way a JVM would); then
 * frames, each a line {@code KIND LENGTH} and that many bytes: {@code o} stdout, {@code e}
 * stderr; then {@code x CODE SIZE}. In buffered mode (stdout is not a terminal, so the order of
 * stdout against stderr cannot be seen) stdout is held back and its {@code SIZE} bytes follow
 * the exit line, so that the script copies them in one go.
 */
final class LoopbackRelay implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(LoopbackRelay.class);
  static final String PROTOCOL = "qmd4j-relay/1";
  private static final int MAX_REQUEST = 4 << 20;
  private static final int REQUEST_TIMEOUT_MILLIS = 10_000;
  private static final Set<String> ZONES = Set.of(TimeZone.getAvailableIDs());

  private final DaemonServer server;
  private final ServerSocket socket;
  private final byte[] header;
  private final Path file;
  private final String systemZone;

  private LoopbackRelay(DaemonServer server, ServerSocket socket, byte[] header, Path file,
      String systemZone) {
    this.server = server;
    this.socket = socket;
    this.header = header;
    this.file = file;
    this.systemZone = systemZone;
  }

  /**
   * Listens on a free loopback port, writes the relay file of {@code paths} (owner only: a
   * line {@code PORT TOKEN ZONE JAR}, then the vault's real path) and accepts connections on a
   * thread of its own, running each on {@code sessions}.
   */
  static LoopbackRelay open(DaemonServer server, DaemonPaths paths, Executor sessions)
      throws IOException {
    Path file = paths.relay();
    byte[] secret = new byte[16];
    new SecureRandom().nextBytes(secret);
    String token = HexFormat.of().formatHex(secret);
    ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    String tz = System.getenv("TZ");
    // With no TZ, a JVM started now would take the system's zone, which this one took.
    String systemZone = tz == null || tz.isEmpty() ? TimeZone.getDefault().getID() : "-";
    Path jar = Build.location();
    LoopbackRelay relay = new LoopbackRelay(server, socket,
        (PROTOCOL + " " + token).getBytes(StandardCharsets.US_ASCII), file, systemZone);
    try {
      Build.id(); // the build this daemon runs, before its jar can change
      Path fresh = file.resolveSibling(file.getFileName() + ".new");
      Files.deleteIfExists(fresh);
      Files.createFile(fresh, PosixFilePermissions.asFileAttribute(
          PosixFilePermissions.fromString("rw-------")));
      Files.writeString(fresh, socket.getLocalPort() + " " + token + " " + systemZone + " "
          + (jar == null ? "?" : jar) + "\n" + paths.vault() + "\n");
      Files.move(fresh, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException | RuntimeException e) {
      socket.close();
      throw e;
    }
    Thread accept = new Thread(() -> relay.accept(sessions), "qmd4j-daemon-relay");
    accept.setDaemon(true);
    accept.start();
    return relay;
  }

  private void accept(Executor sessions) {
    try {
      while (true) {
        Socket client = socket.accept();
        sessions.execute(() -> serve(client));
      }
    } catch (IOException closed) {
      LOG.debug("The loopback relay stops");
    }
  }

  private void serve(Socket client) {
    try (client) {
      client.setSoTimeout(REQUEST_TIMEOUT_MILLIS);
      client.setTcpNoDelay(true);
      InputStream in = new BufferedInputStream(client.getInputStream());
      Fields fields = new Fields(in);
      if (!MessageDigest.isEqual(header, fields.next('\n'))) return; // not our script
      boolean framed = fields.text().equals("framed");
      Path cwd = Path.of(fields.text());
      String tz = fields.text();
      boolean console = fields.text().equals("1");
      List<String> args = fields.list();
      Map<String, String> env = new LinkedHashMap<>();
      for (String pair : fields.list()) {
        int eq = pair.indexOf('=');
        if (eq > 0) env.put(pair.substring(0, eq), pair.substring(eq + 1));
      }
      client.setSoTimeout(0);
      OutputStream raw = new BufferedOutputStream(client.getOutputStream(), 1 << 16);
      String zone = zone(tz, systemZone);
      String refused = !Build.id().equals(Build.currentId()) ? "rebuilt"
          : zone == null ? "zone" : null;
      raw.write((refused == null ? "h\n" : "f " + refused + "\n")
          .getBytes(StandardCharsets.US_ASCII));
      raw.flush();
      if (refused != null) return;
      env.putIfAbsent("QMD4J_STDOUT_TTY", console ? "1" : "0");
      env.putIfAbsent("QMD4J_STDERR_TTY", "0");
      Request request = new Request(args, cwd, env, zone, console);
      Frames stderr = new Frames(raw, 'e');
      if (framed) {
        int code = Session.execute(server, request, new Frames(raw, 'o'), stderr);
        stderr.end(code, 0);
      } else {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream(8192);
        int code = Session.execute(server, request, stdout, stderr);
        synchronized (raw) {
          stderr.end(code, stdout.size());
          stdout.writeTo(raw);
          raw.flush();
        }
      }
    } catch (SocketException gone) {
      LOG.debug("A relayed client went away", gone);
    } catch (IOException | RuntimeException e) {
      LOG.debug("A relayed request failed", e);
    }
  }

  /**
   * The zone a JVM started with {@code tz} (the request's field) would take, or null when it
   * cannot be told here: {@code TZ} unset takes the system's zone, known when this daemon
   * itself started without {@code TZ}; a set one its value, without the leading {@code :} or
   * {@code posix/} the JDK drops, when it names a zone.
   */
  static String zone(String tz, String systemZone) {
    if (tz.equals("-")) return systemZone.equals("-") ? null : systemZone;
    if (!tz.startsWith("=")) return null;
    String id = tz.substring(1);
    if (id.isEmpty()) return systemZone.equals("-") ? null : systemZone;
    if (id.startsWith(":")) id = id.substring(1);
    if (id.startsWith("posix/")) id = id.substring("posix/".length());
    return ZONES.contains(id) ? id : null;
  }

  /** Closes the port and removes its file. */
  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException e) {
      LOG.debug("Closing the loopback relay failed", e);
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      LOG.debug("Removing the relay file failed", e);
    }
  }

  /** The request's fields, read up to a bounded total size. */
  private static final class Fields {
    private final InputStream in;
    private int read;

    Fields(InputStream in) {
      this.in = in;
    }

    byte[] next(char end) throws IOException {
      ByteArrayOutputStream field = new ByteArrayOutputStream();
      for (int b; (b = in.read()) != end; ) {
        if (b < 0 || ++read > MAX_REQUEST) throw new IOException("truncated or oversized request");
        field.write(b);
      }
      return field.toByteArray();
    }

    String text() throws IOException {
      return new String(next('\0'), StandardCharsets.UTF_8);
    }

    List<String> list() throws IOException {
      int n;
      try {
        n = Integer.parseInt(text());
      } catch (NumberFormatException e) {
        throw new IOException("bad count", e);
      }
      if (n < 0 || n > MAX_REQUEST) throw new IOException("bad count " + n);
      List<String> values = new ArrayList<>(Math.min(n, 256));
      for (int i = 0; i < n; i++) values.add(text());
      return values;
    }
  }

  /** A command's stdout or stderr as frames of one kind; {@link #end} writes the exit line. */
  private static final class Frames extends OutputStream {
    private final OutputStream raw;
    private final char kind;

    Frames(OutputStream raw, char kind) {
      this.raw = raw;
      this.kind = kind;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (len <= 0) return;
      synchronized (raw) {
        raw.write((kind + " " + len + "\n").getBytes(StandardCharsets.US_ASCII));
        raw.write(b, off, len);
        raw.flush();
      }
    }

    void end(int code, int stdoutSize) throws IOException {
      synchronized (raw) {
        raw.write(("x " + code + " " + stdoutSize + "\n").getBytes(StandardCharsets.US_ASCII));
        raw.flush();
      }
    }
  }
}
