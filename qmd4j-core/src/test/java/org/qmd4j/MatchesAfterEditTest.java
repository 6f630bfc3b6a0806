package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.search.SearchResult;

/**
 * A note's matches are those of its text as it is now: the tokens kept of its former text
 * (read from the index, or analysed once) are never used for its new text.
 */
class MatchesAfterEditTest {
  @Test
  void anEditedNotesNewTextIsWhatIsMatched(@TempDir Path dir) throws Exception {
    Path vault = Fixtures.copy(Fixtures.notesVault(), dir.resolve("vault"));
    Path note = vault.resolve("essai.md");
    Files.writeString(note, "# Essai\n\nLe zorglub est prêt.\n");
    try (Searcher searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
      assertThat(matches(searcher)).containsExactly("3:[[3, 10)]");
      Files.writeString(note, "# Essai\n\nPlus rien.\nMais le zorglub revient.\n");
      Files.setLastModifiedTime(note, FileTime.fromMillis(System.currentTimeMillis() + 5_000));
      assertThat(matches(searcher)).containsExactly("4:[[8, 15)]");
    }
  }

  private static List<String> matches(Searcher searcher) {
    List<SearchResult> results = searcher.search("zorglub");
    assertThat(results).hasSize(1);
    return results.get(0).matches().stream().map(Object::toString).toList();
  }
}
