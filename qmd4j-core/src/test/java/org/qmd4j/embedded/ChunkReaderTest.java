package org.qmd4j.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;
import org.qmd4j.analysis.TermMatcher;
import org.qmd4j.analysis.TextTokens;
import org.qmd4j.analysis.TokenCache;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.LineRange;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.VaultFile;

/**
 * The tokens a returned chunk's matches are read from, taken from the index's term vectors,
 * are the tokens an analysis of its text gives (term and offsets of every occurrence), so
 * the matches are those of the text analysed again; seeded, the seed in every message.
 */
class ChunkReaderTest {
  private static final String[] PIECES = {"l'échéance", "L’Équipe", "qu'il", "Décisions",
      "bloqué", "status:", "en-cours", "2025-07-14", "v2.3.1", "[décision]", "#projet/client",
      "ŒUVRE", "ﬁchier", "naïveté", "Straße", "😀", "日本語", "a", "-", "...", "\n", "\t",
      "x".repeat(300), "prio: haute", "D'ACCORD", "aujourd'hui", "12h30", "email@example.org",
      "readAllLines", "Files.readAllLines", "read_all_lines", "XMLHttpRequest", "budget",
      "budgets", "chevaux", "e\u0301quipe", "①", "ｆｕｌｌ", "l’API", "\n\n", "- [ ] tâche"};

  @Test
  void tokensFromTheIndexAreTheTokensOfTheTextAnalysed() throws IOException {
    long seed = Long.getLong("qmd4j.seed", System.nanoTime());
    Random random = new Random(seed);
    List<Chunk> chunks = new ArrayList<>();
    for (int i = 0; i < 300; i++) chunks.add(chunk(i, text(random)));
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(ChunkDocuments.ANALYZER))) {
        for (Chunk c : chunks) w.addDocument(ChunkDocuments.toDocument(c, "Titre"));
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexSearcher searcher = new IndexSearcher(reader);
        for (int doc = 0; doc < reader.maxDoc(); doc++) {
          Chunk read = new ChunkReader(searcher).chunk(doc);
          var vector = reader.termVectors().get(doc, Fields.EXACT);
          TextTokens fromIndex = vector == null ? new TextTokens.Builder(true).build()
              : ChunkReader.tokens(vector, read.text());
          TextTokens analysed = TextTokens.analyse(read.text());
          String what = "seed " + seed + ", text <" + read.text() + ">";
          assertThat(occurrences(fromIndex)).as(what)
              .containsExactlyInAnyOrderElementsOf(occurrences(analysed));
          assertThat(fromIndex.offsetsInText()).as(what).isEqualTo(analysed.offsetsInText());
        }
      }
    }
  }

  @Test
  void aReadChunksMatchesComeFromItsIndexedTokens() throws IOException {
    Chunk chunk = chunk(0, "Le budget de l'équipe\nest bloqué par readAllLines");
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(ChunkDocuments.ANALYZER))) {
        w.addDocument(ChunkDocuments.toDocument(chunk, "Titre"));
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        Chunk read = new ChunkReader(new IndexSearcher(reader)).read(0);
        assertThat(TokenCache.holds(read.text())).isTrue();
        assertThat(TermMatcher.of("equipe bloque lines").matches(read))
            .extracting(Object::toString)
            .containsExactly("1:[[15, 21)]", "2:[[4, 10), [15, 27)]");
      }
    }
  }

  private static List<String> occurrences(TextTokens tokens) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < tokens.size(); i++) {
      out.add(tokens.term(i) + "@" + tokens.start(i) + "-" + tokens.end(i));
    }
    return out;
  }

  private static String text(Random random) {
    StringBuilder text = new StringBuilder();
    int words = random.nextInt(50);
    for (int w = 0; w < words; w++) {
      text.append(PIECES[random.nextInt(PIECES.length)]).append(random.nextInt(5) == 0 ? "" : " ");
    }
    String t = text.toString();
    return random.nextInt(4) == 0 ? Normalizer.normalize(t, Normalizer.Form.NFD) : t;
  }

  private static Chunk chunk(int i, String text) {
    return new Chunk(new VaultFile("notes/n" + i + ".md", FileKind.NOTE, Optional.empty()), 0,
        new LineRange(1, 1 + (int) text.chars().filter(c -> c == '\n').count()), text,
        List.of("Titre"), Optional.empty());
  }
}
