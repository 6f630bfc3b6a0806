package org.qmd4j.cli.daemon;

import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What answers on a vault's daemon socket, found by connecting and exchanging hellos: nothing,
 * a stale socket (removed), a socket of another user (left alone), a daemon of another build
 * (not used), or this build's daemon, whose connection is then open for one request.
 */
public final class Probe implements AutoCloseable {
  private static final long HELLO_TIMEOUT_MILLIS = 5_000;

  /** What the probe found. */
  public enum State { NONE, STALE, FOREIGN, OTHER_BUILD, UNRESPONSIVE, RUNNING }

  private State state;
  private Map<String, String> info;
  private final SocketChannel channel;
  private final DataInputStream in;
  private final DataOutputStream out;

  private Probe(State state, Map<String, String> info, SocketChannel channel) {
    this.state = state;
    this.info = info;
    this.channel = channel;
    this.in = channel == null ? null : new DataInputStream(Channels.newInputStream(channel));
    this.out = channel == null ? null
        : new DataOutputStream(new BufferedOutputStream(
            Channels.newOutputStream(channel), 1 << 16));
  }

  public State state() {
    return state;
  }

  /**
   * What the daemon said of itself ({@code pid}, {@code vault}, {@code engine}, {@code layout},
   * {@code version}, {@code started}, {@code idle_timeout_ms}, {@code idle_ms}), empty when
   * none answered.
   */
  public Map<String, String> info() {
    return info;
  }

  DataInputStream in() {
    return in;
  }

  DataOutputStream out() {
    return out;
  }

  /** Connects to the daemon of {@code paths} and exchanges hellos. */
  public static Probe of(DaemonPaths paths) {
    Path socket = paths.socket();
    try {
      if (!Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) return none(State.NONE);
      if (!ownedByMe(paths.folder()) || !ownedByMe(socket)) return none(State.FOREIGN);
    } catch (IOException e) {
      return none(State.NONE);
    }
    SocketChannel channel;
    try {
      // The JDK's Unix-domain channel seeds a SecureRandom when its class initialises (for
      // auto-bound socket names, unused here), loading the security providers: unavoidable
      // with this channel, so the launcher's start-up archive holds those classes.
      channel = SocketChannel.open(StandardProtocolFamily.UNIX);
      channel.connect(UnixDomainSocketAddress.of(socket));
    } catch (ConnectException | NoSuchFileException e) { // a socket file nobody listens on
      return none(removeIfStale(paths) ? State.STALE : State.UNRESPONSIVE);
    } catch (IOException e) {
      return none(State.STALE);
    }
    Probe probe = new Probe(State.RUNNING, Map.of(), channel);
    try {
      probe.info = probe.hello();
    } catch (IOException e) {
      probe.close();
      return none(State.UNRESPONSIVE);
    }
    if (!Build.id().equals(probe.info.get("build"))) probe.state = State.OTHER_BUILD;
    return probe;
  }

  /**
   * Removes the socket file when no daemon holds the vault's daemon lock (a daemon that died
   * left it); true when it is gone.
   */
  private static boolean removeIfStale(DaemonPaths paths) {
    try (FileChannel lockFile = FileChannel.open(paths.lock(), StandardOpenOption.WRITE);
        FileLock lock = lockFile.tryLock()) {
      if (lock == null) return false; // a daemon is there, starting or stopping
      Files.deleteIfExists(paths.socket());
      return true;
    } catch (NoSuchFileException noLock) {
      try {
        Files.deleteIfExists(paths.socket());
        return true;
      } catch (IOException e) {
        return false;
      }
    } catch (IOException | RuntimeException e) {
      return false; // the next client tries again
    }
  }

  /** Whether a daemon holds the vault's daemon lock (one starting, serving or stopping). */
  static boolean lockHeld(DaemonPaths paths) {
    try (FileChannel lockFile = FileChannel.open(paths.lock(), StandardOpenOption.WRITE);
        FileLock lock = lockFile.tryLock()) {
      return lock == null;
    } catch (IOException | RuntimeException e) { // no lock file: no daemon ever started
      return false;
    }
  }

  /** Sends this build's hello and reads the daemon's, giving up after a few seconds. */
  private Map<String, String> hello() throws IOException {
    Map<String, String> mine = new LinkedHashMap<>();
    mine.put("protocol", Wire.PROTOCOL);
    mine.put("build", Build.id());
    Wire.write(out, Wire.HELLO, Wire.lines(mine));
    Thread watchdog = new Thread(new Watchdog(channel), "qmd4j-daemon-hello");
    watchdog.setDaemon(true);
    watchdog.start();
    try {
      Wire.Frame reply = Wire.read(in);
      if (reply == null || reply.type() != Wire.HELLO) throw new IOException("no hello");
      return Wire.lines(reply.body());
    } finally {
      watchdog.interrupt();
    }
  }

  /** Closes a hung daemon's channel, unblocking the read of its hello. */
  private static final class Watchdog implements Runnable { // not a lambda: see DaemonClient
    private final SocketChannel channel;

    Watchdog(SocketChannel channel) {
      this.channel = channel;
    }

    @Override
    public void run() {
      try {
        Thread.sleep(HELLO_TIMEOUT_MILLIS);
        channel.close();
      } catch (InterruptedException | IOException answered) {
        // the hello came in time
      }
    }
  }

  /** Whether this process's user owns {@code path} (the owner is the only one let in). */
  static boolean ownedByMe(Path path) throws IOException {
    Object owner = Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    Path self = Path.of("/proc/self");
    if (Files.exists(self)) return owner.equals(Files.getAttribute(self, "unix:uid"));
    return Files.getOwner(path, LinkOption.NOFOLLOW_LINKS).getName()
        .equals(System.getProperty("user.name"));
  }

  private static Probe none(State state) {
    return new Probe(state, Map.of(), null);
  }

  /** Asks the daemon to stop; true when it said it would. */
  public boolean stop() {
    if (channel == null) return false;
    try {
      Wire.write(out, Wire.STOP, new byte[0]);
      Wire.Frame reply = Wire.read(in);
      return reply != null && reply.type() == Wire.EXIT;
    } catch (IOException e) {
      return false;
    }
  }

  /** Why a daemon that is there is not used, for people; empty when it is used or absent. */
  public String whyNotUsed() {
    switch (state) {
      case FOREIGN:
        return "its socket belongs to another user; it is not used";
      case OTHER_BUILD:
        return "it runs another qmd4j build (version " + info.getOrDefault("version", "?")
            + ", pid " + info.getOrDefault("pid", "?") + "); commands run without it until"
            + " it is restarted (qmd4j daemon stop, then qmd4j daemon start)";
      case UNRESPONSIVE:
        return "it does not answer; commands run without it";
      default:
        return "";
    }
  }

  @Override
  public void close() {
    if (channel == null) return;
    try {
      channel.close();
    } catch (IOException e) {
      // closing a socket: nothing to do
    }
  }
}
