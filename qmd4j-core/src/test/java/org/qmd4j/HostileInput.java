package org.qmd4j;

import java.util.List;
import java.util.Random;

/**
 * Random hostile input for the robustness suites: queries from a grammar of
 * control characters, lone surrogates, Lucene syntax, option-looking words, very long text
 * and every Unicode category, plus random scopes, modes and dates. Seeded, so a failure
 * replays from the seed the suite prints.
 */
public final class HostileInput {
  private static final List<String> WORDS = List.of("décision", "facture", "bloqué", "status:",
      "en-cours", "startup-x", "2025-07-14", "[décision]", "cautionnement", "Échéances",
      "tâche", "l'abandon", "relance", "devis", "réunion", "marathon", "potager", "the", "et");
  private static final List<String> LUCENE = List.of("AND", "OR", "NOT", "+", "-", "&&", "||",
      "!", "(", ")", "{", "}", "[", "]", "^", "\"", "~", "*", "?", ":", "\\", "/", "field:x",
      "a~2", "\"phrase", "x^10", "[a TO z]", "*:*", "?*", "/re.*/");
  private static final List<String> OPTIONS = List.of("--help", "--json", "-h", "--vault",
      "--scope", "--", "-", "--limit=-1", "--mode=deep", "-V", "--version", "@file");
  private static final List<String> SCOPES = List.of("all-states", "all-changelogs",
      "all-tasks", "all-buckets", "all-descriptions", "project:startup-x",
      "project:comptabilite", "project:Startup-X", "project:", "project:nope", "", " ",
      "all", "ALL-TASKS", "project:startup-x/", "project:../x", "\u0000", "project:é");
  private static final List<String> DATES = List.of("2025-07-14", "2025-08-01", "today",
      "yesterday", "3 months ago", "1 week ago", "2 years ago", "next tuesday", "2025-13-45",
      "2025-02-30", "", " ", "0 days ago", "99999 years ago", "1970-01-01", "9999-12-31",
      "-1 days ago", "2025-7-4");
  private static final List<String> MODES = List.of("fast", "deep", "FAST", " deep ", "",
      "turbo", "\u0000");

  private final Random random;

  public HostileInput(long seed) {
    this.random = new Random(seed);
  }

  public Random random() {
    return random;
  }

  private <T> T pick(List<T> values) {
    return values.get(random.nextInt(values.size()));
  }

  /** A query: a few pieces of the grammar, sometimes a very long one. */
  public String query() {
    int kind = random.nextInt(20);
    if (kind == 0) return "x".repeat(9_990 + random.nextInt(20)); // around the length limit
    if (kind == 1) return words(300 + random.nextInt(200)); // an agent's pasted paragraph
    if (kind == 2) return "*";
    StringBuilder sb = new StringBuilder();
    int pieces = 1 + random.nextInt(6);
    for (int i = 0; i < pieces; i++) {
      if (i > 0) sb.append(random.nextInt(4) == 0 ? "" : " ");
      switch (random.nextInt(7)) {
        case 0: sb.append(pick(LUCENE)); break;
        case 1: sb.append(pick(OPTIONS)); break;
        case 2: sb.append(control()); break;
        case 3: sb.append(unicode(1 + random.nextInt(8))); break;
        default: sb.append(pick(WORDS)); break;
      }
    }
    return sb.toString();
  }

  private String words(int count) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < count; i++) sb.append(pick(WORDS)).append(' ');
    return sb.toString();
  }

  private String control() {
    switch (random.nextInt(6)) {
      case 0: return "\u0000";
      case 1: return "\r\n";
      case 2: return "\t\u000B\f";
      case 3: return "\uD800"; // lone high surrogate
      case 4: return "\uDC00x"; // lone low surrogate
      default: return "\u001B[31m";
    }
  }

  /** Code points drawn from every plane region: marks, RTL, CJK, emoji, spaces, private use. */
  public String unicode(int count) {
    int[][] ranges = {{0x20, 0x7E}, {0xA0, 0x24F}, {0x300, 0x36F}, {0x590, 0x6FF},
        {0x900, 0x97F}, {0x2000, 0x206F}, {0x3000, 0x30FF}, {0x4E00, 0x9FFF},
        {0xE000, 0xF8FF}, {0xFE00, 0xFE0F}, {0xFF00, 0xFFEF}, {0x1F300, 0x1FAFF},
        {0x10000, 0x1007F}, {0xE0000, 0xE007F}, {0xD800, 0xDFFF}};
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < count; i++) {
      int[] r = ranges[random.nextInt(ranges.length)];
      int cp = r[0] + random.nextInt(r[1] - r[0] + 1);
      if (cp >= 0xD800 && cp <= 0xDFFF) sb.append((char) cp); else sb.appendCodePoint(cp);
    }
    return sb.toString();
  }

  /** A scope, or null (none); some invalid. */
  public String scope() {
    return random.nextInt(2) == 0 ? null : pick(SCOPES);
  }

  /** A date, or null (none); some invalid. */
  public String date() {
    return random.nextInt(4) != 0 ? null : pick(DATES);
  }

  /** A mode, or null (none); some invalid. */
  public String mode() {
    return random.nextInt(3) != 0 ? null : pick(MODES);
  }

  /** A limit between 1 and 60. */
  public int limit() {
    return 1 + random.nextInt(60);
  }

  /** The seed of a suite: {@code -Dqmd4j.seed}, else a fresh one. */
  public static long seed() {
    String s = System.getProperty("qmd4j.seed");
    return s == null || s.isBlank() ? new Random().nextLong() : Long.parseLong(s.strip());
  }

  /** The time budget of a suite in milliseconds: {@code -Dqmd4j.budget}, else {@code ci}. */
  public static long budgetMillis(long ci) {
    String s = System.getProperty("qmd4j.budget");
    if (s == null || s.isBlank()) return ci;
    s = s.strip().toLowerCase(java.util.Locale.ROOT);
    if (s.endsWith("ms")) return Long.parseLong(s.substring(0, s.length() - 2));
    if (s.endsWith("s")) return Long.parseLong(s.substring(0, s.length() - 1)) * 1000;
    if (s.endsWith("m")) return Long.parseLong(s.substring(0, s.length() - 1)) * 60_000;
    return Long.parseLong(s);
  }
}
