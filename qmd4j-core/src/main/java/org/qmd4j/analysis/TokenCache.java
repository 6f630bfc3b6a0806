package org.qmd4j.analysis;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The analysed texts of chunks lately searched, by text: a chunk's tokens are a function of
 * its text alone, so a note edited since is another key and is analysed again, and an entry
 * can never be stale. Bounded: two generations of at most {@link #GENERATION_CHARS} characters
 * of text each; an entry read from the older one moves to the newer, and the older is dropped
 * when the newer is full (an approximate least recently used). The embedded engine puts the
 * tokens it reads from its index here as it reads its hits, so that their matches are not
 * analysed again; the other engines' chunks are analysed at their first use. Thread-safe.
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

  /** The tokens of {@code text}: cached, else analysed now and kept. */
  public static TextTokens tokens(String text) {
    TextTokens t = current.get(text);
    if (t != null) return t;
    t = older.get(text);
    if (t == null) t = TextTokens.analyse(text);
    remember(text, t);
    return t;
  }

  /** Whether the tokens of {@code text} are kept. */
  public static boolean holds(String text) {
    return current.containsKey(text) || older.containsKey(text);
  }

  /** Keeps {@code tokens}, the tokens of {@code text} (read from an index). */
  public static void remember(String text, TextTokens tokens) {
    if (text.length() > MAX_TEXT) return;
    if (current.putIfAbsent(text, tokens) == null
        && CHARS.addAndGet(text.length()) > GENERATION_CHARS) {
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
