package org.qmd4j.notes;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;

/**
 * One searcher shared by 16 threads while two of its files are rewritten: no exception, and
 * every typed result is one version of its file, never a mix of two.
 *
 * <p>Files are rewritten the way editors save them (write a temporary file, then rename it
 * over the old one): a reader can then only see a whole version. A file truncated and
 * rewritten in place can be read half-written by any reader, qmd4j's indexer included.
 */
class TypedSearchConcurrencyTest {
  private static final int THREADS = 16;
  private static final int ROUNDS = 10;
  private static final int VERSIONS = 12;
  private static final String TASK_PATH = "projects/startup-x/tasks.md";
  private static final String BUCKET_PATH = "projects/startup-x/bucket/idees/pricing-freemium.md";

  /** What one version of a file says, keyed by the text the facade must return for it. */
  private record Expected(String status, LocalDate deadline, String type, List<String> tags) {}

  @Test
  void sixteenThreadsReadWhileFilesAreRewrittenWithoutErrorsOrTornResults(@TempDir Path dir)
      throws Exception {
    Path vault = Fixtures.copyVault(dir.resolve("vault"));
    Files.delete(vault.resolve("bucket/export-journal.md")); // 1 MB to index: not needed here
    Path tasksFile = vault.resolve(TASK_PATH);
    Path bucketFile = vault.resolve(BUCKET_PATH);
    String tasksHead = Files.readString(tasksFile);
    tasksHead = tasksHead.substring(0, tasksHead.indexOf("# Signer la term sheet"));

    List<String> taskVersions = new ArrayList<>();
    List<String> bucketVersions = new ArrayList<>();
    Map<String, Expected> tasks = new HashMap<>();
    Map<String, Expected> buckets = new HashMap<>();
    for (int i = 0; i < VERSIONS; i++) {
      String status = i % 2 == 0 ? "bloqué" : "en-cours";
      LocalDate deadline = LocalDate.of(2025, 10, 10 + i);
      String task = "# Signer la term sheet\nstatus: " + status + "\nprio: haute\ndeadline: "
          + deadline + "\nVersion " + i + " de la tâche" + " !".repeat(i % 3);
      taskVersions.add(tasksHead + task + "\n");
      tasks.put(task, new Expected(status, deadline, null, null));

      String type = i % 2 == 0 ? "idée" : "référence";
      List<String> tags = List.of("pricing", "v" + i);
      String body = "# Freemium, version " + i + "\n\nTester l'offre sur un segment."
          + " Encore.".repeat(i % 4);
      bucketVersions.add("---\ntype: " + type + "\ncreated: 2025-06-28\nupdated: 2025-07-14\n"
          + "tags: [pricing, v" + i + "]\n---\n\n" + body + "\n");
      buckets.put(body, new Expected(null, null, type, tags));
    }
    write(tasksFile, taskVersions.get(0));
    write(bucketFile, bucketVersions.get(0));

    Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
    Set<String> seen = ConcurrentHashMap.newKeySet();
    AtomicInteger checks = new AtomicInteger();
    AtomicBoolean reading = new AtomicBoolean(true);
    AtomicInteger rewrites = new AtomicInteger();
    // In-memory index: an on-disk one syncs each commit, and here nearly every call commits.
    try (Searcher searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
      searcher.tasks(NoteQuery.of(Kind.TASKS, "*")); // index once before the race
      Thread writer = new Thread(() -> {
        try {
          for (int i = 1; reading.get(); i++) {
            write(tasksFile, taskVersions.get(i % VERSIONS));
            write(bucketFile, bucketVersions.get((i * 7) % VERSIONS));
            rewrites.incrementAndGet();
            Thread.sleep(20); // each rewrite costs a re-index under the refresh lock
          }
        } catch (Throwable t) {
          failures.add(t);
        }
      }, "rewriter");
      CyclicBarrier start = new CyclicBarrier(THREADS);
      List<Thread> readers = new ArrayList<>();
      for (int n = 0; n < THREADS; n++) {
        Thread reader = new Thread(() -> {
          try {
            start.await();
            for (int round = 0; round < ROUNDS; round++) {
              List<Task> found = searcher.tasks(NoteQuery.of(Kind.TASKS, "term sheet"));
              Task task = found.stream().filter(t -> t.title().equals("Signer la term sheet"))
                  .findFirst().orElseThrow(() -> new AssertionError("no task in " + found));
              Expected e = tasks.get(task.text());
              assertThat(e).as("task text is one version: %s", task.text()).isNotNull();
              assertThat(task.status()).contains(e.status());
              assertThat(task.deadline()).contains(e.deadline());
              seen.add(task.text());

              List<BucketItem> items = searcher.buckets(NoteQuery.of(Kind.BUCKETS, "freemium"));
              BucketItem item = items.stream().filter(b -> b.path().equals(BUCKET_PATH))
                  .findFirst().orElseThrow(() -> new AssertionError("no item in " + items));
              Expected b = buckets.get(item.text());
              assertThat(b).as("bucket text is one version: %s", item.text()).isNotNull();
              assertThat(item.type()).contains(b.type());
              assertThat(item.tags()).isEqualTo(b.tags());
              seen.add(item.text());
              checks.incrementAndGet();
            }
          } catch (Throwable t) {
            failures.add(t);
          }
        }, "reader-" + n);
        readers.add(reader);
      }
      writer.start();
      readers.forEach(Thread::start);
      for (Thread reader : readers) reader.join(60_000);
      reading.set(false);
      writer.join(10_000);
    }
    assertThat(failures).isEmpty();
    assertThat(checks).hasValue(THREADS * ROUNDS);
    assertThat(rewrites.get()).as("rewrites during the reads").isGreaterThan(5);
    assertThat(seen.size()).as("versions seen by the readers").isGreaterThan(2);
  }

  private static void write(Path file, String text) throws Exception {
    Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
    Files.writeString(tmp, text, StandardCharsets.UTF_8);
    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }
}
