package org.qmd4j.examples;

import java.nio.file.Path;
import java.util.List;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.concat.Block;
import org.qmd4j.concat.Brief;
import org.qmd4j.concat.ConcatDocument;
import org.qmd4j.concat.ConcatItem;
import org.qmd4j.concat.VaultTree;
import org.qmd4j.search.Scope;
import org.qmd4j.search.SearchRequest;

/** A brief, a concat, a read and the tree: java BriefExample [VAULT]. */
public final class BriefExample {
  public static void main(String[] args) {
    Path vault = Path.of(args.length > 0 ? args[0] : "testfixtures/vault");
    try (Searcher searcher = SearchProviders.forVault(vault, SearchOptions.DEFAULT)) {
      Brief brief = searcher.brief(SearchRequest.of("webhook")
          .withScope(Scope.parse("all-changelogs")));
      System.out.print(brief.markdown());
      brief.blocks().forEach(b -> System.out.println(b.header()));   // what was included

      ConcatDocument doc = searcher.concat(List.of(
          ConcatItem.parse("projects/startup-x/state.md"),
          ConcatItem.parse("projects/startup-x/changelog.md:21-45")), "State and 14 July.");
      Block tasks = searcher.read("tasks.md:6-12");
      VaultTree tree = searcher.tree();
      System.out.println(doc.blocks().size() + " blocks, " + tasks.header() + ", "
          + tree.files().size() + " files");
    }
  }
}
