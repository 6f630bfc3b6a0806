package org.qmd4j.qmd;

import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import org.qmd4j.search.EngineException;
import org.qmd4j.search.QmdFailedException;
import org.qmd4j.search.QmdTimeoutException;
import org.qmd4j.search.QmdUnavailableException;
import org.qmd4j.spi.QmdOptions;
import org.qmd4j.spi.QmdSession;
import org.qmd4j.spi.QmdSessionFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The qmd engine's resident {@code qmd mcp} process: started at the first search, shared by
 * concurrent searches, replaced when it dies (with a bounded backoff between failed starts,
 * each distinct reason logged once), closed by {@link #close()} and by a JVM shutdown hook.
 *
 * <p>When no factory is available, the session is turned off, or starting keeps failing,
 * {@link #isUsable()} is false and the engine runs one qmd process per search;
 * {@link #diagnostics()} says why. Thread-safe.
 */
final class ResidentSession implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ResidentSession.class);
  private static final Duration FIRST_BACKOFF = Duration.ofMillis(500);
  private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);

  private final Optional<QmdSessionFactory> factory;
  private final Supplier<QmdSessionFactory.Launch> launch;
  private final int maxRestarts;
  private final Object lock = new Object();
  private final AtomicLong served = new AtomicLong();
  private final AtomicLong deepServed = new AtomicLong();
  private final Map<String, Boolean> logged = new java.util.concurrent.ConcurrentHashMap<>();
  private volatile QmdSession current;
  private volatile String offReason; // why searches go through the CLI, when they do
  private Instant startedAt; // guarded by lock
  private Instant retryAfter = Instant.MIN; // guarded by lock
  private int failedStarts; // guarded by lock: in a row
  private int restarts; // guarded by lock
  private volatile Boolean modelsReady; // checked once per started process
  private Thread shutdownHook; // guarded by lock
  private boolean closed; // guarded by lock

  ResidentSession(QmdOptions.Session policy, Supplier<QmdSessionFactory.Launch> launch) {
    this.launch = launch;
    this.maxRestarts = policy.maxRestarts();
    if (!policy.enabled()) {
      factory = Optional.empty();
      offReason = "turned off (QmdOptions.Session.enabled = false)";
    } else {
      factory = policy.factory().or(ResidentSession::discover);
      if (factory.isEmpty()) {
        offReason = "no QmdSessionFactory found (add the qmd4j-mcp module to the class path)";
      }
    }
  }

  private static Optional<QmdSessionFactory> discover() {
    try {
      Iterator<QmdSessionFactory> it = ServiceLoader.load(QmdSessionFactory.class,
          QmdSessionFactory.class.getClassLoader()).iterator();
      return it.hasNext() ? Optional.of(it.next()) : Optional.empty();
    } catch (ServiceConfigurationError e) {
      LOG.warn("Cannot load a QmdSessionFactory: {}", e.toString());
      return Optional.empty();
    }
  }

  /** Whether searches should try the session now (else the CLI, for now or for good). */
  boolean isUsable() {
    if (factory.isEmpty()) return false;
    synchronized (lock) {
      if (closed || failedStarts > maxRestarts) return false;
      return current != null || !Instant.now().isBefore(retryAfter);
    }
  }

  /**
   * Runs {@code call} on the live session, starting one if needed. When the process died under
   * the call or the call failed, the process is replaced and the call runs once more.
   *
   * @throws QmdUnavailableException if no session can be started (the engine then uses the CLI)
   * @throws QmdTimeoutException if the call took too long (the process is replaced)
   */
  <T> T call(Function<QmdSession, T> call, boolean deep) {
    for (int attempt = 0; ; attempt++) {
      QmdSession s = live();
      try {
        T result = call.apply(s);
        served.incrementAndGet();
        if (deep) deepServed.incrementAndGet();
        return result;
      } catch (QmdTimeoutException e) {
        replace(s, "a call timed out: " + e.getMessage());
        throw e;
      } catch (QmdUnavailableException e) {
        if (s.isAlive() || attempt > 0) throw e;
        replace(s, "the process died: " + e.getMessage());
      } catch (QmdFailedException e) {
        // qmd keeps its index open: one replaced or emptied underneath ("database disk image
        // is malformed") needs a new process. A second failure is the answer.
        if (attempt > 0) throw e;
        replace(s, "a call failed: " + e.getMessage());
      }
    }
  }

  /** The started session, or a new one. */
  private QmdSession live() {
    QmdSession s = current;
    if (s != null && s.isAlive()) return s;
    synchronized (lock) {
      if (closed) throw new QmdUnavailableException("The qmd session is closed");
      s = current;
      if (s != null && s.isAlive()) return s;
      if (s != null) {
        logOnce("The qmd session ended (pid " + s.describe().get("pid") + "); restarting it");
        s.close();
        current = null;
        restarts++;
      }
      if (factory.isEmpty() || failedStarts > maxRestarts) {
        throw new QmdUnavailableException("No qmd session: " + offReason);
      }
      try {
        s = factory.get().start(launch.get());
      } catch (EngineException | IllegalStateException e) {
        failedStarts++;
        Duration wait = FIRST_BACKOFF.multipliedBy(1L << Math.min(failedStarts, 6));
        retryAfter = Instant.now().plus(wait.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : wait);
        offReason = "`qmd mcp` could not start (" + e.getMessage() + ")"
            + (failedStarts > maxRestarts ? "; given up after " + failedStarts + " tries"
                : "; retrying after " + retryAfter);
        logOnce("Searching through one qmd process per call: " + offReason);
        throw new QmdUnavailableException("No qmd session: " + offReason);
      }
      failedStarts = 0;
      offReason = null;
      current = s;
      startedAt = Instant.now();
      if (shutdownHook == null) {
        shutdownHook = new Thread(this::closeQuietly, "qmd4j-session-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
      }
      LOG.debug("Started the qmd session: {}", s.describe());
      return s;
    }
  }

  /** Ends {@code s} if it is still the current session; the next call starts another. */
  void replace(QmdSession s, String reason) {
    synchronized (lock) {
      if (current != s) return;
      logOnce("Replacing the qmd session: " + reason);
      current = null;
      restarts++;
      modelsReady = null; // checked again for the next process
    }
    s.close();
  }

  /** Ends the current process (after a re-index); the next call starts another. */
  void restart() {
    QmdSession s = current;
    if (s == null) return;
    synchronized (lock) {
      if (current != s) return;
      current = null;
    }
    s.close();
  }

  /** Whether deep search's models were found for the current process (null: not checked). */
  Boolean modelsReady() {
    return modelsReady;
  }

  void modelsReady(boolean ready) {
    modelsReady = ready;
  }

  private void logOnce(String message) {
    String key = message.replaceAll("\\d+", "#");
    if (logged.putIfAbsent(key, Boolean.TRUE) == null) LOG.warn(message);
    else LOG.debug(message);
  }

  /** Facts for {@code doctor}. */
  Map<String, String> diagnostics() {
    Map<String, String> d = new LinkedHashMap<>();
    QmdSession s = current;
    String reason = offReason;
    synchronized (lock) {
      if (s != null && s.isAlive()) {
        d.put("session", "running (" + factory.map(QmdSessionFactory::name).orElse("?") + ")");
        s.describe().forEach((k, v) -> d.put("session " + k, v));
        d.put("session uptime", Duration.between(startedAt, Instant.now()).toSeconds() + " s");
      } else if (reason != null) {
        d.put("session", "off: " + reason + "; every search starts qmd");
      } else {
        d.put("session", "not started yet (starts at the first search)");
      }
      d.put("session requests served", Long.toString(served.get()));
      d.put("session restarts", Integer.toString(restarts));
    }
    Boolean models = modelsReady;
    long deep = deepServed.get();
    d.put("session models", deep > 0 ? "loaded (" + deep + " deep searches served)"
        : Boolean.FALSE.equals(models) ? "missing (deep search answered by the embedded engine)"
        : "not loaded (loaded by the first deep search)");
    return d;
  }

  private void closeQuietly() {
    QmdSession s;
    synchronized (lock) {
      closed = true;
      s = current;
      current = null;
    }
    if (s != null) s.close();
  }

  @Override
  public void close() {
    closeQuietly();
    synchronized (lock) {
      if (shutdownHook != null) {
        try {
          Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
          // The JVM is shutting down: the hook runs (or ran) closeQuietly itself.
        }
        shutdownHook = null;
      }
    }
  }
}
