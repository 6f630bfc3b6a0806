package org.qmd4j.semantic;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.qmd4j.Fixtures;

/**
 * The French evaluation set of semantic search: the example vault (without its synthetic journal
 * export, too slow to embed in a test) plus twelve generated notes of
 * everyday life ({@code eval/notes}, copied to {@code bucket/vie/}), and questions with the
 * notes that answer them ({@code eval/questions.tsv}). Semantic questions share no word with
 * their answer; keyword questions use the answer's own words; unrelated ones are nonsense or
 * about nothing in the vault.
 */
final class EvaluationSet {
  static final String NOTES_FOLDER = "bucket/vie";
  static final List<String> NOTES = List.of("anniversaire-lea.md", "box-internet.md",
      "courses.md", "demenagement.md", "dentiste.md", "impots.md", "insomnie.md",
      "mariage-paul.md", "panne-voiture.md", "salle-de-sport.md", "vacances-ski.md",
      "veterinaire-felix.md");

  /** One question and the notes that answer it. */
  record Question(String kind, String text, Set<String> expected) {
    boolean semantic() {
      return kind.equals("semantic");
    }

    boolean keyword() {
      return kind.equals("keyword");
    }

    boolean unrelated() {
      return kind.equals("unrelated");
    }
  }

  private EvaluationSet() {}

  /** The example vault and the generated notes, copied under {@code target}. */
  static Path vault(Path target) throws IOException {
    Path vault = Fixtures.copyVault(target);
    // 1.6 MB of synthetic journal pages: embedding its ~1,000 windows takes minutes on 2 cores.
    Files.delete(vault.resolve("bucket/export-journal.md"));
    Path folder = Files.createDirectories(vault.resolve(NOTES_FOLDER));
    for (String note : NOTES) {
      try (InputStream in = resource("eval/notes/" + note)) {
        Files.copy(in, folder.resolve(note));
      }
    }
    return vault;
  }

  static List<Question> questions() throws IOException {
    List<Question> out = new ArrayList<>();
    try (InputStream in = resource("eval/questions.tsv")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank() || line.startsWith("#")) continue;
        String[] f = line.split("\t");
        out.add(new Question(f[0], f[1], Set.of(f[2].split("\\|"))));
      }
    }
    return out;
  }

  private static InputStream resource(String name) throws IOException {
    InputStream in = EvaluationSet.class.getClassLoader().getResourceAsStream(name);
    if (in == null) throw new IOException("No test resource " + name);
    return in;
  }
}
