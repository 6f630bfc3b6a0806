package org.qmd4j.analysis;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The analysed texts of chunks lately searched, by text: a chunk's tokens are a function of
 * its text alone, so a note edited since is another key and is analysed again, and an entry
 * can never be stale. Bounded: two generations of at most {@link #GENERATION_CHARS} characters
 * of text each; an entry read from the older one moves to the newer, and the older is dropped
 * when the newer is full (an approximate least recently used). The embedded engine puts here
 * the tokens of its query's words that it reads from its index for the hits it returns, so
 * that their matches are not analysed again ({@link TextTokens#covers}: such an entry answers
 * for those words only, and a matcher of other words has the text analysed, which replaces
 * it); the other engines' chunks are analysed at their first use. Thread-safe.
 */
public final class TokenCache {
  /** Characters of text per generation: about 2 MB of keys, a few more of tokens. */
  static final long GENERATION_CHARS = 1 << 20;
  /** Texts longer than this are analysed each time rather than fill a generation alone. */
  private static final int MAX_TEXT = 64 * 1024;

  private static volatile ConcurrentHashMap<String, TextTokens> current =
      new ConcurrentHashMap<>();
  private static volatile ConcurrentHashMap<String, TextTokens> older =
      new ConcurrentHashMap<>();
  private static final AtomicLong CHARS = new AtomicLong();

  private TokenCache() {}

  /** Every token of {@code text}: cached, else analysed now and kept. */
  public static TextTokens tokens(String text) {
    return tokens(text, null);
  }

  /**
   * Tokens of {@code text} that answer for {@code words} (folded query words; null for
   * every token): cached, else every token analysed now and kept.
   */
  public static TextTokens tokens(String text, Set<String> words) {
    TextTokens t = kept(text);
    if (t != null && (words == null ? t.isComplete() : t.covers(words))) {
      if (current.get(text) != t) remember(text, t);
      return t;
    }
    t = TextTokens.analyse(text);
    remember(text, t);
    return t;
  }

  /** Whether tokens of {@code text} that answer for {@code words} are kept. */
  public static boolean holds(String text, Set<String> words) {
    TextTokens t = kept(text);
    return t != null && t.covers(words);
  }

  private static TextTokens kept(String text) {
    TextTokens t = current.get(text);
    return t != null ? t : older.get(text);
  }

  /**
   * Keeps {@code tokens}, tokens of {@code text} (read from an index, or analysed); they
   * replace tokens of other words kept for it, never every token of it.
   */
  public static void remember(String text, TextTokens tokens) {
    if (text.length() > MAX_TEXT) return;
    TextTokens before = current.putIfAbsent(text, tokens);
    if (before != null) {
      if (!before.isComplete()) current.replace(text, before, tokens);
      return;
    }
    if (CHARS.addAndGet(text.length()) > GENERATION_CHARS) {
      synchronized (TokenCache.class) {
        if (CHARS.get() > GENERATION_CHARS) {
          older = current;
          current = new ConcurrentHashMap<>();
          CHARS.set(0);
        }
      }
    }
  }

  /** Forgets every text (tests). */
  static synchronized void clear() {
    current = new ConcurrentHashMap<>();
    older = new ConcurrentHashMap<>();
    CHARS.set(0);
  }
}
