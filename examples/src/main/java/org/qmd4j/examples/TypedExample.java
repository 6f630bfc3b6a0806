package org.qmd4j.examples;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.find.FindRequest;
import org.qmd4j.find.FindResult;
import org.qmd4j.notes.BucketItem;
import org.qmd4j.notes.ChangelogEntry;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.Listing;
import org.qmd4j.notes.NoteQuery;
import org.qmd4j.notes.Task;

/** Finds notes and typed results: java TypedExample [VAULT] (default: testfixtures/vault). */
public final class TypedExample {
  public static void main(String[] args) {
    Path vault = Path.of(args.length > 0 ? args[0] : "testfixtures/vault");
    try (Searcher searcher = SearchProviders.forVault(vault, SearchOptions.DEFAULT)) {
      FindResult found = searcher.find(FindRequest.newBuilder()
          .query("décision").where("type eq réunion").limit(10).build());
      found.results().forEach(item -> System.out.println(item.path())); // ChunkItem, NoteItem

      // One query shape for every kind: Kind.TASKS, CHANGELOG, STATES, DESCRIPTIONS, BUCKETS.
      Listing<Task> blocked = searcher.list(NoteQuery.newBuilder(Kind.TASKS).status("bloqué")
          .priority("haute").to("2025-12-31").build()); // to: the deadline, for tasks
      for (Task task : blocked.results()) {
        System.out.println(task.title() + " "
            + task.deadline().map(LocalDate::toString).orElse("-"));
      }
      System.out.println(blocked.results().size() + " of " + blocked.total() + " tasks");
      List<ChangelogEntry> decisions = searcher.changelog(NoteQuery.newBuilder(Kind.CHANGELOG)
          .project("startup-x").tag("décision").from("2025-07-01").build()); // or "3 months ago"
      decisions.forEach(entry -> System.out.println(
          entry.date().map(LocalDate::toString).orElse("-") + " " + entry.title()));

      CompletableFuture<List<BucketItem>> meetings =
          searcher.async().buckets(
              NoteQuery.newBuilder(Kind.BUCKETS).type("réunion").tags("dupont").build());
      meetings.join().forEach(item -> System.out.println(item.path()));
    }
  }
}
