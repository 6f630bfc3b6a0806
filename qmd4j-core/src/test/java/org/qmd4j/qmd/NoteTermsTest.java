package org.qmd4j.qmd;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.analysis.Analysis;
import org.qmd4j.analysis.TermMatcher;
import org.qmd4j.bench.VaultGenerator;
import org.qmd4j.cache.NoteCache;
import org.qmd4j.spi.Chunk;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.ParsedNote;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;

/**
 * The qmd engine tells which query words a chunk holds from its note's terms ({@link
 * NoteTerms}); the answer must be the matcher's own ({@link TermMatcher#held(Chunk)}) for every
 * chunk: words as written, in capitals, without accents, cut to a prefix, with elisions, in
 * compounds, stop words, digits. Seeded random queries over the example vault and a generated
 * one; a failure prints the seed, the query and the chunk.
 */
class NoteTermsTest {
  private static final long SEED = 20261128L;

  @TempDir Path tmp;

  @Test
  void everyChunkHoldsTheWordsTheMatcherSaysOnTheExampleVault() throws IOException {
    compare(Fixtures.vault(), VaultLayout.PROJECTS, 200);
  }

  @Test
  void everyChunkHoldsTheWordsTheMatcherSaysOnAGeneratedVault() throws IOException {
    Path vault = tmp.resolve("vault");
    VaultGenerator.generate(vault, 40, 7);
    compare(vault.toRealPath(), VaultLayout.of(vault.toRealPath(), Optional.empty()), 100);
  }

  private static void compare(Path vault, VaultLayout layout, int queries) throws IOException {
    NoteCache cache = new NoteCache(vault, layout, Chunker.defaults());
    List<ParsedNote> notes = new ArrayList<>();
    List<String> words = new ArrayList<>();
    for (String path : VaultScanner.scan(vault, layout).keySet()) {
      Optional<ParsedNote> note = cache.get(path);
      if (note.isEmpty()) continue;
      notes.add(note.get());
      for (Chunk c : note.get().chunks()) {
        for (String w : c.text().split("[\\s,;:!?()\\[\\]*#>|`\"]+")) {
          if (!w.isBlank()) words.add(w);
        }
        words.addAll(c.headings());
      }
    }
    List<NoteTerms> terms = notes.stream().map(NoteTerms::of).toList();
    Random random = new Random(SEED);
    for (int q = 0; q < queries; q++) {
      String query = query(random, words);
      TermMatcher matcher = TermMatcher.of(query);
      for (int n = 0; n < notes.size(); n++) {
        ParsedNote note = notes.get(n);
        int[] held = terms.get(n).held(matcher.words());
        for (int i = 0; i < note.chunks().size(); i++) {
          Chunk c = note.chunks().get(i);
          Set<String> expected = matcher.held(c);
          assertThat(held[i])
              .as("seed %d, query '%s', %s:%s holds %s", SEED, query, c.path(), c.lines(),
                  expected)
              .isEqualTo(expected.size());
        }
      }
    }
  }

  /** One to four words of the vault, some changed the way people type them. */
  private static String query(Random random, List<String> words) {
    int n = 1 + random.nextInt(4);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String w = words.get(random.nextInt(words.size()));
      switch (random.nextInt(8)) {
        case 0 -> w = w.toUpperCase(Locale.ROOT);
        case 1 -> w = Analysis.fold(w);
        case 2 -> w = w.length() > 4 ? w.substring(0, 3 + random.nextInt(w.length() - 3)) : w;
        case 3 -> w = "l'" + w;
        case 4 -> w = w + "s";
        case 5 -> w = List.of("le", "de", "et", "à", "2025", "x", "api").get(random.nextInt(7));
        default -> { }
      }
      out.add(w);
    }
    return String.join(" ", out);
  }
}
