package org.qmd4j;

import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The default executor of the asynchronous view of {@link Searcher} ({@link AsyncSearcher}):
 * one pool shared by every searcher of the JVM, of {@code max(2, processors)} daemon threads
 * named {@code qmd4j-async-N}, idle threads ending after a minute. Daemon threads never keep the
 * JVM alive and nobody has to shut the pool down.
 *
 * <p>Not {@code ForkJoinPool.commonPool()}: searches block on disk reads, and on a two-core
 * machine the common pool has a single worker.
 */
final class AsyncExecutor {
  private AsyncExecutor() {}

  /** The shared pool, created on first use. */
  static Executor shared() {
    return Holder.POOL;
  }

  private static final class Holder {
    static final Executor POOL = newPool();
  }

  private static Executor newPool() {
    int threads = Math.max(2, Runtime.getRuntime().availableProcessors());
    AtomicInteger count = new AtomicInteger();
    ThreadFactory factory = r -> {
      Thread t = new Thread(r, "qmd4j-async-" + count.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
    ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
        new LinkedBlockingQueue<>(), factory);
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }
}
