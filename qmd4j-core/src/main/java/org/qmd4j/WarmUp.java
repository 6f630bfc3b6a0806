package org.qmd4j;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.qmd4j.analysis.Analysis;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.search.SearcherClosedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The warm-up of a long-lived searcher ({@link AsyncSearcher#warmUp}): the JIT compiles the
 * search path, Lucene's files are read once, before the first searches people make rather
 * than during them. One daemon thread: a wildcard search (which brings the index up to date
 * and gives the vault's newest chunks), then searches of their words, one or two per query,
 * one in ten with a letter swapped (the spelling correction's path), through the same
 * pipeline as any search, their results discarded. It never delays an application's search
 * by more than the one warm-up search under way: it waits while one runs ({@link
 * SearchPipeline#busy}). While that first search brings the index up to date (at 100,000
 * files, seconds: the watcher's registration walk), a second thread searches the embedded
 * index as it is ({@link SearchPipeline#asIs}), so that the search path is compiled by the
 * time the index is fresh; those results are never answered, as they may be stale. Logs at
 * DEBUG only.
 */
final class WarmUp {
  private static final Logger LOG = LoggerFactory.getLogger(WarmUp.class);
  /** The most searches of a warm-up of the embedded engine. */
  static final int SEARCHES = 200;
  /** The most searches of a warm-up of an engine whose searches cost a process or a server. */
  static final int FEW = 5;
  /** How long a warm-up's searches may last after its first one, waits included. */
  static final Duration BUDGET = Duration.ofSeconds(10);
  /** How many distinct words the queries are made of. */
  private static final int WORDS = 40;
  private static final long PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

  private WarmUp() {}

  /**
   * Starts warming {@code pipeline} with at most {@code searches} searches, and as many on the
   * index as it is while it is brought up to date when {@code early}; ends {@code done}.
   */
  static void start(SearchPipeline pipeline, int searches, boolean early,
      CompletableFuture<Void> done) {
    Thread thread = new Thread(() -> {
      long began = System.nanoTime();
      AtomicBoolean upToDate = new AtomicBoolean();
      if (early) startEarly(pipeline, searches, upToDate);
      try {
        int ran = run(pipeline, searches, BUDGET.toNanos(), upToDate);
        LOG.debug("Warm-up: {} searches in {} ms", ran,
            TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began));
        done.complete(null);
      } catch (SearcherClosedException e) {
        LOG.debug("Warm-up stopped: the searcher was closed");
        done.complete(null);
      } catch (RuntimeException | Error e) {
        LOG.debug("Warm-up failed; searches will say why", e);
        done.completeExceptionally(e);
      } finally {
        upToDate.set(true);
      }
    }, "qmd4j-warm-up");
    thread.setDaemon(true);
    thread.setPriority(Thread.MIN_PRIORITY);
    thread.start();
  }

  private static void startEarly(SearchPipeline pipeline, int searches, AtomicBoolean stop) {
    Thread thread = new Thread(() -> {
      try {
        LOG.debug("Warm-up: {} searches of the index as it was opened",
            early(pipeline, searches, stop));
      } catch (RuntimeException | Error e) {
        LOG.debug("Warm-up on the index as it was opened stopped", e);
      }
    }, "qmd4j-warm-up-early");
    thread.setDaemon(true);
    thread.setPriority(Thread.MIN_PRIORITY);
    thread.start();
  }

  /**
   * Searches of the index as it is ({@link SearchPipeline#asIs}; nobody sees their results),
   * at most {@code searches}, until {@code stop} (the index is up to date); how many ran.
   */
  static int early(SearchPipeline pipeline, int searches, AtomicBoolean stop) {
    SearchPipeline asIs = pipeline.asIs();
    List<String> words = words(asIs.answered(
        SearchRequest.of(SearchRequest.WILDCARD).withLimit(20)).results());
    int ran = 1;
    for (int i = 0; ran < searches && !words.isEmpty() && !stop.get(); i++) {
      pipeline.ensureOpen();
      asIs.answered(SearchRequest.of(query(words, i)));
      ran++;
    }
    return ran;
  }

  /**
   * The warm-up's searches, for {@code budgetNanos} after the first one (which opens the index
   * and brings it up to date: at 100,000 files that alone may take seconds, which would
   * otherwise leave no time for the searches that warm the search path); how many ran.
   */
  static int run(SearchPipeline pipeline, int searches, long budgetNanos) {
    return run(pipeline, searches, budgetNanos, new AtomicBoolean());
  }

  private static int run(SearchPipeline pipeline, int searches, long budgetNanos,
      AtomicBoolean upToDate) {
    List<SearchResult> newest = pipeline.answered(
        SearchRequest.of(SearchRequest.WILDCARD).withLimit(20)).results();
    upToDate.set(true);
    long start = System.nanoTime();
    List<String> words = words(newest);
    int ran = 1;
    if (words.isEmpty()) return ran;
    for (int i = 0; ran < searches && System.nanoTime() - start < budgetNanos; i++) {
      while (pipeline.busy() && System.nanoTime() - start < budgetNanos) {
        LockSupport.parkNanos(PAUSE_NANOS);
      }
      if (System.nanoTime() - start >= budgetNanos) break;
      pipeline.answered(SearchRequest.of(query(words, i)));
      ran++;
    }
    return ran;
  }

  /** Query {@code i}: one word, or two in one query of three; a letter swapped in one of ten. */
  static String query(List<String> words, int i) {
    String word = words.get(i % words.size());
    if (i % 10 == 9 && word.length() > 4) {
      char[] c = word.toCharArray();
      char t = c[2];
      c[2] = c[3];
      c[3] = t;
      return new String(c);
    }
    return i % 3 == 2 ? word + " " + words.get((i * 7 + 1) % words.size()) : word;
  }

  /** Plain words of 4 letters or more of {@code results}, no stop word, each once. */
  static List<String> words(List<SearchResult> results) {
    Set<String> out = new LinkedHashSet<>();
    for (SearchResult r : results) {
      for (String t : Analysis.tokens(Analysis.WORDS, Analysis.normalize(r.chunk()))) {
        if (t.length() >= 4 && t.chars().allMatch(Character::isLetter)
            && !Analysis.STOP_WORDS.contains(t)) {
          out.add(t);
        }
        if (out.size() == WORDS) return new ArrayList<>(out);
      }
    }
    return new ArrayList<>(out);
  }
}
