package org.qmd4j.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.LineRange;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.VaultFile;

/**
 * Matches found from a chunk's tokens (read from the embedded index, or analysed once per
 * text and kept) are the matches found by analysing each line again, for every kind of query:
 * words, stems, accents, elisions, identifier parts, compounds, tags, Obsidian tags, phrases,
 * prefixes, exclusions; and a chunk's held words are the same too. Seeded: the seed is in
 * every message ({@code -Dqmd4j.seed=...} replays it).
 */
class TermMatcherTokensTest {
  /** Pieces of notes; NFD and compatibility forms make some texts not NFKC. */
  static final String[] PIECES = {"l'échéance", "L’Équipe", "qu'il", "Décisions", "décision",
      "bloqué", "bloquée", "blocage", "status:", "en-cours", "En-Cours", "2025-07-14", "v2.3.1",
      "[décision]", "[Décision]", "#projet/client", "#projet", "ŒUVRE", "ﬁchier", "fichiers",
      "naïveté", "Straße", "😀", "日本語", "a", "-", "...", "\n", "\n\n", "\t", "x".repeat(300),
      "prio: haute", "D'ACCORD", "aujourd'hui", "12h30", "email@example.org", "readAllLines",
      "Files.readAllLines", "read_all_lines", "XMLHttpRequest", "lecture", "lire", "relire",
      "budget", "budgets", "Budgétaire", "paiement", "paiements", "recrutement", "chevaux",
      "cheval", "réunion", "REUNION", "e\u0301quipe", "Cafe\u0301", "café", "①", "ｆｕｌｌ",
      "`code`", "```", "**gras**", "- [ ] tâche", "> cité", "| a | b |", "http://x.org/a-b",
      "n°5", "1er", "l’API", "API", "L'API"};
  /** Query pieces: words, prefixes, typos, compounds, tags, phrases, exclusions. */
  static final String[] QUERY_PIECES = {"décision", "decision", "décisions", "bloqué", "bloq",
      "blo", "échéance", "equipe", "équipe", "en-cours", "2025-07-14", "v2.3.1", "[décision]",
      "#projet", "#projet/client", "oeuvre", "œuvre", "fichier", "fich", "naivete", "strasse",
      "accord", "aujourd'hui", "readAllLines", "read", "lines", "Files.readAllLines",
      "xmlhttprequest", "http", "lecture", "lire", "budget", "budg", "paiement", "recrut",
      "cheval", "reunion", "cafe", "api", "l'api", "\"bloqué paiement\"", "\"décision budget\"",
      "\"en-cours\"", "-budget", "-lire", "full", "5", "1er", "le", "la", "x", "haute", "prio"};

  static String text(Random random) {
    StringBuilder text = new StringBuilder();
    int words = random.nextInt(60);
    for (int w = 0; w < words; w++) {
      text.append(PIECES[random.nextInt(PIECES.length)])
          .append(random.nextInt(5) == 0 ? "" : random.nextInt(8) == 0 ? "\n" : " ");
    }
    String t = text.toString();
    return random.nextInt(4) == 0 ? Normalizer.normalize(t, Normalizer.Form.NFD) : t;
  }

  static String query(Random random) {
    List<String> pieces = new ArrayList<>();
    int n = 1 + random.nextInt(3);
    for (int i = 0; i < n; i++) pieces.add(QUERY_PIECES[random.nextInt(QUERY_PIECES.length)]);
    return String.join(" ", pieces);
  }

  static Chunk chunk(String text, List<String> headings) {
    return new Chunk(new VaultFile("notes/a.md", FileKind.NOTE, Optional.empty()), 0,
        new LineRange(3, 3 + (int) text.chars().filter(c -> c == '\n').count()), text, headings,
        Optional.empty());
  }

  @Test
  void matchesFromTokensAreTheMatchesOfEachLineAnalysed() {
    long seed = Long.getLong("qmd4j.seed", System.nanoTime());
    Random random = new Random(seed);
    for (int i = 0; i < 400; i++) {
      String text = text(random);
      List<String> headings = random.nextBoolean() ? List.of()
          : List.of(text(random).replace('\n', ' '), "Réunion budget");
      Chunk chunk = chunk(text, headings);
      for (int q = 0; q < 6; q++) {
        String query = query(random);
        TermMatcher matcher = TermMatcher.of(query);
        String what = "seed " + seed + ", query <" + query + ">, text <" + text + ">";
        assertThat(matcher.matches(chunk)).as(what).isEqualTo(matcher.matches(chunk, false));
        assertThat(matcher.held(chunk)).as(what)
            .isEqualTo(matcher.held(text + "\n" + String.join("\n", headings)));
      }
    }
  }

  @Test
  void editedTextIsMatchedAsItIsNow() {
    TermMatcher matcher = TermMatcher.of("budget");
    Chunk before = chunk("le budget est voté", List.of());
    assertThat(matcher.matches(before)).hasSize(1);
    Chunk after = chunk("le plan est voté\net le budget aussi", List.of());
    assertThat(matcher.matches(after)).singleElement()
        .satisfies(m -> assertThat(m.line()).isEqualTo(4));
    assertThat(matcher.held(chunk("le plan est voté", List.of()))).isEmpty();
  }
}
