package org.qmd4j.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.analysis.TermMatcher;
import org.qmd4j.analysis.TextTokens;
import org.qmd4j.analysis.TokenCache;
import org.qmd4j.analysis.TokenCacheAccess;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.Mode;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.VaultFile;
import org.qmd4j.vault.Chunker;

/**
 * A returned chunk's matches, read from the postings of its query's words, are the matches of
 * its text analysed again: the lines, the ranges and the words held, for words, prefixes,
 * stems whose forms do not start with them, accents, elisions, identifier parts, phrases and
 * texts that are not NFKC; and a matcher of other words than the search's has the text
 * analysed. Seeded with a fixed seed ({@code -Dqmd4j.seed=...} plays another), the seed in
 * every message.
 */
class IndexedTokensTest {
  private static final String[] PIECES = {"l'échéance", "L’Équipe", "qu'il", "Décisions",
      "décision", "bloqué", "bloquée", "blocage", "status:", "en-cours", "2025-07-14",
      "v2.3.1", "[décision]", "#projet/client", "ŒUVRE", "ﬁchier", "fichiers", "naïveté",
      "Straße", "😀", "日本語", "a", "-", "...", "\n", "\n\n", "\t", "x".repeat(300),
      "prio: haute", "D'ACCORD", "aujourd'hui", "12h30", "email@example.org", "readAllLines",
      "Files.readAllLines", "read_all_lines", "XMLHttpRequest", "budget", "budgets",
      "Budgétaire", "chevaux", "cheval", "appelle", "appellent", "appeler", "commission",
      "Commissions", "e\u0301quipe", "Cafe\u0301", "café", "①", "ｆｕｌｌ", "l’API", "API",
      "- [ ] tâche", "aaaa", "zzz", "finissement", "actives", "activement"};
  private static final String[] QUERY_PIECES = {"décision", "decisions", "déc", "bloqué",
      "bloq", "equipe", "Équipe", "échéance", "en-cours", "oeuvre", "fichier", "fich",
      "naivete", "strasse", "accord", "aujourd'hui", "readAllLines", "read", "lines",
      "xmlhttprequest", "http", "budget", "budgets", "bud", "chevaux", "cheval", "appeler",
      "appellent", "apellation", "commissions", "commission", "cafe", "api", "l'api", "\"bloqué budget\"",
      "\"l'équipe\"", "-budget", "full", "a", "qu", "x", "zzz", "aaaa", "haute", "finir",
      "active", "12h30"};

  @TempDir Path tmp;

  @Test
  void matchesFromThePostingsAreThoseOfTheTextAnalysed() throws IOException {
    long seed = Long.getLong("qmd4j.seed", 28L);
    Random random = new Random(seed);
    List<Chunk> chunks = new ArrayList<>();
    for (int i = 0; i < 150; i++) chunks.add(chunk(i, text(random)));
    int fromIndex = 0;
    int compared = 0;
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      IndexWriterConfig config = new IndexWriterConfig(ChunkDocuments.ANALYZER);
      config.setMaxBufferedDocs(50); // several segments
      try (IndexWriter w = new IndexWriter(dir, config)) {
        for (Chunk c : chunks) w.addDocument(ChunkDocuments.toDocument(c, "Titre"));
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexSearcher searcher = new IndexSearcher(reader);
        for (int q = 0; q < 60; q++) {
          String searched = query(random);
          // A quarter of the matchers are of another query than the one searched.
          String matched = random.nextInt(4) == 0 ? query(random) : searched;
          TermMatcher matcher = TermMatcher.of(matched);
          Set<String> words = QueryPlan.of(searched).words.keySet();
          TokenCacheAccess.clear();
          ChunkReader stored = new ChunkReader(searcher);
          List<Integer> docs = new ArrayList<>();
          List<Chunk> read = new ArrayList<>();
          for (int doc = random.nextInt(7); doc < reader.maxDoc(); doc += 1 + random.nextInt(7)) {
            docs.add(doc);
            read.add(stored.chunk(doc));
          }
          stored.keepTokens(docs, read, words);
          for (Chunk c : read) {
            String what = "seed " + seed + ", searched <" + searched + ">, matched <" + matched
                + ">, text <" + c.text() + ">";
            if (!words.isEmpty() && !TokenCache.tokens(c.text(), words).isComplete()) {
              fromIndex++;
            }
            List<String> matches = matcher.matches(c).stream().map(Object::toString).toList();
            Set<String> held = matcher.held(c);
            double strength = matcher.strength(c);
            // Every token of the text, analysed now: the kept tokens of some words are not.
            assertThat(TokenCache.tokens(c.text()).isComplete()).as(what).isTrue();
            assertThat(matches).as(what)
                .isEqualTo(matcher.matches(c).stream().map(Object::toString).toList())
                .isEqualTo(matches(matcher, c));
            assertThat(held).as(what).containsExactlyElementsOf(matcher.held(c));
            assertThat(strength).as(what).isEqualTo(matcher.strength(c));
            compared++;
          }
        }
      }
    }
    assertThat(fromIndex).as("chunks matched from the index's tokens, of " + compared)
        .isGreaterThan(compared / 3);
  }

  /** {@code c}'s matches found line by line ({@link TermMatcher#find}, no tokens kept). */
  private static List<String> matches(TermMatcher matcher, Chunk c) {
    List<String> out = new ArrayList<>();
    String[] lines = c.text().split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      var ranges = matcher.find(lines[i]);
      if (!ranges.isEmpty()) out.add((c.lines().from() + i) + ":" + ranges);
    }
    return out;
  }

  @Test
  void aReturnedChunksMatchesComeFromThePostings() throws IOException {
    TokenCacheAccess.clear();
    Chunk chunk = chunk(0, "Le budget de l'équipe\nest bloqué par readAllLines\nqui appelle");
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(ChunkDocuments.ANALYZER))) {
        w.addDocument(ChunkDocuments.toDocument(chunk, "Titre"));
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        ChunkReader stored = new ChunkReader(new IndexSearcher(reader));
        Chunk read = stored.chunk(0);
        Set<String> words = QueryPlan.of("equipe bloque lines").words.keySet();
        stored.keepTokens(List.of(0), List.of(read), words);
        TextTokens kept = TokenCache.tokens(read.text(), words);
        assertThat(kept.isComplete()).isFalse();
        assertThat(kept.words()).containsExactlyInAnyOrder("equipe", "bloque", "lines");
        assertThat(TermMatcher.of("equipe bloque lines").matches(read))
            .extracting(Object::toString)
            .containsExactly("1:[[15, 21)]", "2:[[4, 10), [15, 27)]");
        // appelle has the stem of appeler (apel), which is not its prefix: found among the
        // terms starting with appel (appeler without its last two letters).
        TokenCacheAccess.clear();
        stored.keepTokens(List.of(0), List.of(read), QueryPlan.of("appeler").words.keySet());
        assertThat(TokenCache.holds(read.text(), Set.of("appeler"))).isTrue();
        assertThat(TermMatcher.of("appeler").matches(read)).extracting(Object::toString)
            .containsExactly("3:[[4, 11)]");
        // apellation has that stem too, and appelle starts neither with it (nor with apellati)
        // nor with the stem: not found, so the chunk keeps no tokens and its text is analysed
        // when matched, with the same matches.
        TokenCacheAccess.clear();
        stored.keepTokens(List.of(0), List.of(read), QueryPlan.of("apellation").words.keySet());
        assertThat(TokenCache.holds(read.text(), Set.of("apellation"))).isFalse();
        assertThat(TermMatcher.of("apellation").matches(read)).extracting(Object::toString)
            .containsExactly("3:[[4, 11)]");
      }
    }
  }

  @Test
  void anIndexOfTheFormatBeforeIsRebuiltWithOffsetsAndTheSameMatches() throws IOException {
    Path vault = Files.createDirectories(tmp.resolve("vault")).toRealPath();
    Files.createDirectories(vault.resolve("bucket"));
    String text = "# Réunion\nLe budget de l'équipe est bloqué.\n";
    Files.writeString(vault.resolve("bucket/reunion.md"), text);
    Path index = tmp.resolve("index");
    // An index as v14 wrote it: term vectors on exact, stamped with its format.
    Map<String, String> old = new HashMap<>(Vectors.stamp("v14", Chunker.defaults(),
        Vectors.NONE));
    try (FSDirectory dir = FSDirectory.open(index);
        IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(ChunkDocuments.ANALYZER))) {
      FieldType vectors = new FieldType(TextField.TYPE_NOT_STORED);
      vectors.setStoreTermVectors(true);
      vectors.setStoreTermVectorOffsets(true);
      Document doc = ChunkDocuments.toDocument(chunk(0, "ancien texte"), "Titre");
      doc.removeFields(Fields.EXACT);
      doc.add(new Field(Fields.EXACT, "ancien texte", vectors));
      w.addDocument(doc);
      w.setLiveCommitData(old.entrySet());
      w.commit();
    }
    TokenCacheAccess.clear();
    try (EmbeddedEngine engine = EmbeddedEngine.open(vault, index, Chunker.defaults())) {
      List<Hit> hits = engine.search(new EngineQuery("équipe bloquée", Mode.FAST,
          ChunkFilter.EVERYTHING, 10));
      assertThat(hits).extracting(h -> h.chunk().path()).containsExactly("bucket/reunion.md");
      Chunk c = hits.get(0).chunk();
      assertThat(TokenCache.tokens(c.text(), Set.of("equipe", "bloquee")).isComplete())
          .as("the tokens were read from the index").isFalse();
      assertThat(TermMatcher.of("équipe bloquée").matches(c)).extracting(Object::toString)
          .containsExactly("2:[[15, 21), [26, 32)]");
    }
    try (FSDirectory dir = FSDirectory.open(index);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      for (LeafReaderContext leaf : reader.leaves()) {
        FieldInfo exact = leaf.reader().getFieldInfos().fieldInfo(Fields.EXACT);
        assertThat(exact.getIndexOptions())
            .isEqualTo(IndexOptions.DOCS_AND_FREQS_AND_POSITIONS_AND_OFFSETS);
        assertThat(exact.hasVectors()).isFalse();
      }
    }
  }

  private static String text(Random random) {
    StringBuilder text = new StringBuilder();
    int words = random.nextInt(50);
    for (int w = 0; w < words; w++) {
      text.append(PIECES[random.nextInt(PIECES.length)])
          .append(random.nextInt(5) == 0 ? "" : random.nextInt(8) == 0 ? "\n" : " ");
    }
    String t = text.toString();
    return random.nextInt(4) == 0 ? Normalizer.normalize(t, Normalizer.Form.NFD) : t;
  }

  private static String query(Random random) {
    List<String> pieces = new ArrayList<>();
    int n = 1 + random.nextInt(3);
    for (int i = 0; i < n; i++) pieces.add(QUERY_PIECES[random.nextInt(QUERY_PIECES.length)]);
    return String.join(" ", pieces);
  }

  private static Chunk chunk(int i, String text) {
    return new Chunk(new VaultFile("notes/n" + i + ".md", FileKind.NOTE, Optional.empty()), 0,
        new LineRange(1, 1 + (int) text.chars().filter(c -> c == '\n').count()), text,
        List.of("Titre"), Optional.empty());
  }
}
