package org.qmd4j;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * A generated vault of technical notes holding code: French prose, Java, Python and shell
 * snippets in fenced blocks and inline code, with identifiers written camelCase, PascalCase,
 * snake_case, kebab-case and dotted ({@code Files.readAllLines}). Each identifier is made of
 * three parts from a pool where no part begins another, each sequence of parts written in one
 * note and one style only, so that a whole name has exactly one note, and a part the notes of
 * the identifiers that hold it. The prose never uses a part, and holds {@code à} and task
 * check boxes ({@code - [x]}), which nonsense queries used to find. Same seed, same vault.
 */
public final class CodeVault {
  /** The parts identifiers are made of: none begins another, none is a stop word. */
  public static final List<String> PARTS = List.of("read", "write", "lines", "http", "client",
      "builder", "request", "stream", "parse", "json", "config", "user", "token", "cache",
      "node", "query");

  /** How identifiers are written. */
  public enum Style { CAMEL, PASCAL, SNAKE, KEBAB, DOTTED }

  /** One identifier: its parts, how it is written, where. */
  public record Identifier(List<String> parts, Style style, String text, String path) {}

  private static final List<String> PROSE = List.of("Ce matin la revue du module a montré",
      "que la lecture du fichier reste lente", "et il faut reprendre la boucle principale",
      "avant la livraison de vendredi à l'équipe", "selon Marie la correction est simple",
      "mais les tests manquent encore", "on garde la version actuelle pour la démo");

  /** The most identifiers a part is in, so that every engine lists all of them. */
  private static final int MAX_PER_PART = 3;

  private CodeVault() {}

  /** Writes {@code notes} notes into {@code vault}; returns their identifiers. */
  public static List<Identifier> generate(Path vault, int notes, long seed) throws IOException {
    Random random = new Random(seed);
    Set<List<String>> used = new HashSet<>();
    Map<String, Integer> perPart = new HashMap<>();
    List<Identifier> out = new ArrayList<>();
    Style[] styles = Style.values();
    for (int n = 0; n < notes; n++) {
      String path = "code/note-" + n + ".md";
      List<Identifier> here = new ArrayList<>();
      for (int k = 0; k < 2; k++) {
        List<String> parts = pick(random, used, perPart);
        if (parts == null) break;
        Style style = styles[(n * 2 + k) % styles.length];
        here.add(new Identifier(parts, style, write(parts, style), path));
      }
      out.addAll(here);
      Files.createDirectories(vault.resolve("code"));
      Files.writeString(vault.resolve(path), note(n, here, random));
    }
    return out;
  }

  private static List<String> pick(Random random, Set<List<String>> used,
      Map<String, Integer> perPart) {
    for (int attempt = 0; attempt < 1000; attempt++) {
      List<String> parts = new ArrayList<>();
      while (parts.size() < 3) {
        String p = PARTS.get(random.nextInt(PARTS.size()));
        if (!parts.contains(p)) parts.add(p);
      }
      if (parts.stream().anyMatch(p -> perPart.getOrDefault(p, 0) >= MAX_PER_PART)) continue;
      if (!used.add(parts)) continue;
      for (String p : parts) perPart.merge(p, 1, Integer::sum);
      return parts;
    }
    return null;
  }

  private static String write(List<String> parts, Style style) {
    switch (style) {
      case CAMEL:
        return parts.get(0) + cap(parts.get(1)) + cap(parts.get(2));
      case PASCAL:
        return cap(parts.get(0)) + cap(parts.get(1)) + cap(parts.get(2));
      case SNAKE:
        return String.join("_", parts);
      case KEBAB:
        return String.join("-", parts);
      case DOTTED:
        return cap(parts.get(0)) + "." + parts.get(1) + cap(parts.get(2));
      default:
        throw new AssertionError(style);
    }
  }

  private static String cap(String part) {
    return part.substring(0, 1).toUpperCase(Locale.ROOT) + part.substring(1);
  }

  private static String note(int n, List<Identifier> ids, Random random) {
    StringBuilder sb = new StringBuilder("# Note technique " + n + "\n\n");
    sb.append(prose(random)).append(".\n\n");
    for (Identifier id : ids) {
      switch (random.nextInt(4)) {
        case 0:
          sb.append("Appel : `").append(id.text()).append("(chemin)` dans le service.\n\n");
          break;
        case 1:
          sb.append("```java\nvar lignes = ").append(id.text())
              .append("(chemin);\nObjects.requireNonNull(lignes);\n```\n\n");
          break;
        case 2:
          sb.append("```python\nresultat = ").append(id.text()).append("(chemin)\n```\n\n");
          break;
        default:
          sb.append("```sh\n$ outil --").append(id.text()).append(" ./chemin\n```\n\n");
          break;
      }
      sb.append(prose(random)).append(".\n\n");
    }
    sb.append("- [x] relire le code\n- [ ] publier à l'équipe\n");
    return sb.toString();
  }

  private static String prose(Random random) {
    return PROSE.get(random.nextInt(PROSE.size())) + " " + PROSE.get(random.nextInt(PROSE.size()));
  }

  /** Each part of the identifiers to the notes holding it. */
  public static Map<String, Set<String>> notesByPart(List<Identifier> ids) {
    Map<String, Set<String>> out = new LinkedHashMap<>();
    for (Identifier id : ids) {
      for (String p : id.parts()) out.computeIfAbsent(p, k -> new HashSet<>()).add(id.path());
    }
    return out;
  }
}
