package org.qmd4j;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The never-stale check under concurrency, for every engine and front end: searcher threads
 * search random words without pause while one writer edits the vault ({@link RandomVaultEdits}:
 * in-place and atomic-rename edits, creates, deletes, file and folder renames) and searches at
 * once, after each write, for what the write changed. Every such search must see the write:
 * a new word found at its path, and a word that was deleted or renamed away not found at its
 * old path. A miss is recorded (not thrown at once) so that a run says how many it found.
 *
 * <p>System properties: {@code qmd4j.seed} replays the edits of a failed run (the seed is
 * printed and part of the failure message), {@code qmd4j.freshness.steps} sets the number of
 * writes (for a longer run), {@code qmd4j.freshness.searchers} the number of searcher threads.
 */
public final class ConcurrentFreshness {
  /** One search: the distinct paths of the files whose chunks hold {@code word}. */
  @FunctionalInterface
  public interface Search {
    List<String> paths(String word) throws Exception;
  }

  /** What a run found. */
  public static final class Report {
    public final long seed;
    public final int steps;
    public final int searchers;
    public final long checks;
    public final long searches;
    public final List<String> misses;
    public final List<String> errors;

    Report(long seed, int steps, int searchers, long checks, long searches,
        List<String> misses, List<String> errors) {
      this.seed = seed;
      this.steps = steps;
      this.searchers = searchers;
      this.checks = checks;
      this.searches = searches;
      this.misses = List.copyOf(misses);
      this.errors = List.copyOf(errors);
    }

    /** Throws when a check missed a write or a search failed, naming the seed. */
    public Report assertNeverStale() {
      if (misses.isEmpty() && errors.isEmpty()) return this;
      StringBuilder sb = new StringBuilder();
      sb.append(misses.size()).append(" of ").append(checks).append(" searches right after a ")
          .append("write missed it, ").append(errors.size()).append(" searches failed (seed ")
          .append(seed).append(", -Dqmd4j.seed=").append(seed).append(" replays the edits; ")
          .append(steps).append(" writes, ").append(searchers).append(" searcher threads, ")
          .append(searches).append(" of their searches)");
      misses.stream().limit(10).forEach(m -> sb.append("\n  miss: ").append(m));
      errors.stream().limit(5).forEach(e -> sb.append("\n  error: ").append(e));
      throw new AssertionError(sb.toString());
    }

    @Override
    public String toString() {
      return "seed " + seed + ": " + steps + " writes, " + checks + " checks, " + misses.size()
          + " misses, " + errors.size() + " errors; " + searchers + " searcher threads made "
          + searches + " searches";
    }
  }

  private ConcurrentFreshness() {}

  /** The number of writes: {@code -Dqmd4j.freshness.steps}, else {@code defaultSteps}. */
  public static int steps(int defaultSteps) {
    return Integer.getInteger("qmd4j.freshness.steps", defaultSteps);
  }

  /** The number of searcher threads: {@code -Dqmd4j.freshness.searchers}, else the default. */
  public static int searchers(int defaultSearchers) {
    return Integer.getInteger("qmd4j.freshness.searchers", defaultSearchers);
  }

  /** {@link #run(RandomVaultEdits, int, int, Search, Search)} with 4 searcher threads. */
  public static Report run(RandomVaultEdits edits, int defaultSteps, Search writer,
      Search others) throws InterruptedException {
    return run(edits, defaultSteps, 4, writer, others);
  }

  /**
   * Runs {@link #steps(int)} writes with {@link #searchers(int)} threads searching through
   * {@code others} beside them; {@code writer} is the writing client's own search.
   */
  public static Report run(RandomVaultEdits edits, int defaultSteps, int defaultSearchers,
      Search writer, Search others) throws InterruptedException {
    int steps = steps(defaultSteps);
    int threads = searchers(defaultSearchers);
    AtomicBoolean done = new AtomicBoolean();
    AtomicLong searches = new AtomicLong();
    List<String> errors = Collections.synchronizedList(new ArrayList<>());
    List<Thread> running = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      Random random = new Random(edits.seed() + i);
      Thread t = new Thread(() -> {
        while (!done.get()) {
          List<String> tokens = edits.tokens();
          // Mostly words that exist (real refreshes and reads), sometimes one that does not.
          String word = tokens.isEmpty() || random.nextInt(8) == 0 ? "zqnothingx"
              : tokens.get(random.nextInt(tokens.size()));
          try {
            others.paths(word);
          } catch (Exception | AssertionError e) {
            errors.add("searching " + word + ": " + e);
          }
          searches.incrementAndGet();
        }
      }, "freshness-searcher-" + i);
      t.setDaemon(true);
      t.start();
      running.add(t);
    }
    List<String> misses = new ArrayList<>();
    long checks = 0;
    try {
      for (int step = 0; step < steps; step++) {
        String what = edits.step();
        for (String token : edits.toCheck(step == steps - 1)) {
          checks++;
          Set<String> expected = new TreeSet<>(edits.holding(token));
          Set<String> found;
          try {
            found = new TreeSet<>(writer.paths(token));
          } catch (Exception e) {
            errors.add("step " + step + " (" + what + "), searching " + token + ": " + e);
            continue;
          }
          if (!found.equals(expected)) {
            misses.add("step " + step + " (" + what + "): " + token + " is in " + expected
                + ", the search found it in " + found);
          }
        }
      }
    } catch (java.io.IOException e) {
      throw new AssertionError("seed " + edits.seed() + ": editing the vault failed", e);
    } finally {
      done.set(true);
      for (Thread t : running) t.join(60_000);
    }
    Report report = new Report(edits.seed(), steps, threads, checks, searches.get(), misses,
        errors);
    System.out.println(report);
    return report;
  }
}
