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
import org.qmd4j.notes.BucketQuery;
import org.qmd4j.notes.ChangelogEntry;
import org.qmd4j.notes.ChangelogQuery;
import org.qmd4j.notes.Task;
import org.qmd4j.notes.TaskQuery;

/** Finds notes and typed results: java TypedExample [VAULT] (default: testfixtures/vault). */
public final class TypedExample {
  public static void main(String[] args) {
    Path vault = Path.of(args.length > 0 ? args[0] : "testfixtures/vault");
    try (Searcher searcher = SearchProviders.forVault(vault, SearchOptions.DEFAULT)) {
      FindResult found = searcher.find(FindRequest.newBuilder()
          .query("décision").where("type eq réunion").limit(10).build());
      found.results().forEach(item -> System.out.println(item.path())); // ChunkItem, NoteItem

      for (Task task : searcher.tasks(TaskQuery.newBuilder().status("bloqué")
          .priority("haute").build())) {
        System.out.println(task.title() + " "
            + task.deadline().map(LocalDate::toString).orElse("-"));
      }
      List<ChangelogEntry> decisions = searcher.changelog(ChangelogQuery.newBuilder()
          .project("startup-x").tag("décision").from("2025-07-01").build()); // or "3 months ago"
      decisions.forEach(entry -> System.out.println(
          entry.date().map(LocalDate::toString).orElse("-") + " " + entry.title()));

      CompletableFuture<List<BucketItem>> meetings =
          searcher.bucketsAsync(BucketQuery.newBuilder().type("réunion").tags("dupont").build());
      meetings.join().forEach(item -> System.out.println(item.path()));
    }
  }
}
