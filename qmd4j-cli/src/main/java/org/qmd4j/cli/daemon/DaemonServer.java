package org.qmd4j.cli.daemon;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's loop: holds the vault's daemon lock, listens on the socket (owner-only), runs
 * each client's command on a thread of its own, and stops when asked, when idle for the idle
 * timeout, or when its socket file is removed.
 */
public final class DaemonServer {
  private static final Logger LOG = LoggerFactory.getLogger(DaemonServer.class);
  private final DaemonPaths paths;
  private final SearcherCache searchers;
  private final CommandRunner runner;
  private final Duration idleTimeout;
  private volatile Map<String, String> facts = Map.of();
  private final long started = System.currentTimeMillis();
  private final AtomicInteger busy = new AtomicInteger();
  private volatile long lastActive = System.currentTimeMillis();
  private volatile ServerSocketChannel server;
  private volatile LoopbackRelay relay;

  /** @param idleTimeout how long without a command before the daemon stops; zero for never */
  public DaemonServer(DaemonPaths paths, SearcherCache searchers, CommandRunner runner,
      Duration idleTimeout) {
    this.paths = Objects.requireNonNull(paths);
    this.searchers = Objects.requireNonNull(searchers);
    this.runner = Objects.requireNonNull(runner);
    this.idleTimeout = Objects.requireNonNull(idleTimeout);
  }

  /**
   * Serves until stopped: takes the vault's daemon lock, runs {@code open} (which opens the
   * daemon's searcher and says what {@code status} shows of it: {@code engine},
   * {@code layout}; its exceptions end the daemon), listens, runs {@code ready}.
   *
   * @return the exit code: 0, or 1 when another daemon serves the vault or the socket cannot
   *     be made (said on {@code err})
   */
  public int serve(PrintWriter err, Supplier<Map<String, String>> open, Runnable ready)
      throws IOException {
    Spawner.createFolder(paths.folder());
    Path socket = paths.socket();
    try (FileChannel lockFile = FileChannel.open(paths.lock(), StandardOpenOption.CREATE,
        StandardOpenOption.WRITE); FileLock lock = lock(lockFile)) {
      if (lock == null) {
        err.println("qmd4j: a daemon already serves " + paths.vault());
        return 1;
      }
      if (paths.socket().toString().getBytes(StandardCharsets.UTF_8).length
          > DaemonPaths.MAX_SOCKET_PATH) {
        err.println("qmd4j: the cache folder's path is too long for the daemon's socket (at"
            + " most " + DaemonPaths.MAX_SOCKET_PATH + " bytes); set QMD4J_CACHE_DIR to a"
            + " shorter folder");
        return 1;
      }
      facts = Map.copyOf(open.get());
      server = bind(socket);
      Object fileKey = Files.readAttributes(socket, BasicFileAttributes.class).fileKey();
      RoutedStderr.install();
      // SIGTERM, SIGINT: no socket left behind for clients to find stale.
      Thread cleanup = new Thread(() -> {
        stop();
        if (isOurs(socket, fileKey)) {
          try {
            Files.deleteIfExists(socket);
          } catch (IOException e) {
            LOG.debug("Removing the socket failed", e);
          }
        }
      }, "qmd4j-daemon-exit");
      Runtime.getRuntime().addShutdownHook(cleanup);
      ScheduledExecutorService watch = Executors.newSingleThreadScheduledExecutor(
          r -> thread(r, "qmd4j-daemon-watch"));
      long period = Math.max(100, Math.min(5_000, idleTimeout.toMillis() / 10));
      watch.scheduleAtFixedRate(() -> check(socket, fileKey), period, period,
          TimeUnit.MILLISECONDS);
      ExecutorService sessions = Executors.newCachedThreadPool(
          r -> thread(r, "qmd4j-daemon-session"));
      try {
        relay = LoopbackRelay.open(this, paths, sessions);
      } catch (IOException | RuntimeException e) { // the launcher script then goes through Java
        LOG.warn("No loopback port for the launcher script: {}", e.toString());
      }
      ready.run();
      try {
        while (true) {
          SocketChannel client = server.accept();
          sessions.execute(new Session(client, this));
        }
      } catch (ClosedChannelException stopped) {
        LOG.debug("The daemon stops");
      } finally {
        closeRelay();
        watch.shutdownNow();
        sessions.shutdown();
        try {
          if (!sessions.awaitTermination(30, TimeUnit.SECONDS)) sessions.shutdownNow();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        if (isOurs(socket, fileKey)) Files.deleteIfExists(socket);
        searchers.closeAll();
        try {
          Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException exiting) {
          // the hook is running
        }
      }
      return 0;
    }
  }

  /**
   * The vault's daemon lock, or null when another daemon holds it. A client checking whether a
   * socket is stale holds it for an instant: tried a few times.
   */
  private static FileLock lock(FileChannel lockFile) throws IOException {
    for (int i = 0; i < 20; i++) {
      FileLock lock = lockFile.tryLock();
      if (lock != null) return lock;
      try {
        Thread.sleep(25);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    }
    return null;
  }

  /**
   * Listens on {@code socket}: bound under another name, made owner-only, then renamed into
   * place, so that a client never finds it before it listens (bind and listen are two steps)
   * or while others could open it.
   */
  private static ServerSocketChannel bind(Path socket) throws IOException {
    Files.deleteIfExists(socket); // stale: the lock says no daemon runs
    Path fresh = socket.resolveSibling("daemon.new");
    Files.deleteIfExists(fresh);
    ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    try {
      channel.bind(UnixDomainSocketAddress.of(fresh));
      Files.setPosixFilePermissions(fresh, PosixFilePermissions.fromString("rw-------"));
      Files.move(fresh, socket, StandardCopyOption.ATOMIC_MOVE);
      return channel;
    } catch (IOException | RuntimeException e) {
      channel.close();
      Files.deleteIfExists(fresh);
      throw e;
    }
  }

  /** Stops when idle long enough, or when the socket file is gone or replaced. */
  private void check(Path socket, Object fileKey) {
    boolean idle = !idleTimeout.isZero() && busy.get() == 0
        && System.currentTimeMillis() - lastActive >= idleTimeout.toMillis();
    if (idle) LOG.info("Idle for {}: the daemon stops", idleTimeout);
    if (idle || !isOurs(socket, fileKey)) stop();
  }

  private static boolean isOurs(Path socket, Object fileKey) {
    try {
      return Objects.equals(fileKey,
          Files.readAttributes(socket, BasicFileAttributes.class).fileKey());
    } catch (IOException e) {
      return false;
    }
  }

  /** Stops accepting clients; the commands running finish. */
  void stop() {
    closeRelay();
    try {
      ServerSocketChannel s = server;
      if (s != null) s.close();
    } catch (IOException e) {
      LOG.debug("Closing the socket failed", e);
    }
  }

  private void closeRelay() {
    LoopbackRelay r = relay;
    if (r != null) r.close();
  }

  void begin() {
    busy.incrementAndGet();
    lastActive = System.currentTimeMillis();
  }

  void end() {
    lastActive = System.currentTimeMillis();
    busy.decrementAndGet();
  }

  CommandRunner runner() {
    return runner;
  }

  SearcherCache searchers() {
    return searchers;
  }

  /** What the daemon says of itself in its hello. */
  Map<String, String> facts() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("protocol", Wire.PROTOCOL);
    m.put("build", Build.id());
    m.put("version", Build.version());
    m.put("pid", Long.toString(ProcessHandle.current().pid()));
    m.put("vault", paths.vault().toString());
    m.putAll(facts);
    m.put("started", Long.toString(started));
    m.put("idle_timeout_ms", Long.toString(idleTimeout.toMillis()));
    m.put("idle_ms", Long.toString(busy.get() > 0 ? 0
        : System.currentTimeMillis() - lastActive));
    m.put("busy", Integer.toString(busy.get()));
    return m;
  }

  private static Thread thread(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }
}
