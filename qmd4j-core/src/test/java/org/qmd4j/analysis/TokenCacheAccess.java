package org.qmd4j.analysis;

/** The {@link TokenCache} hooks that tests of other packages need. */
public final class TokenCacheAccess {
  private TokenCacheAccess() {}

  /** Forgets every kept text. */
  public static void clear() {
    TokenCache.clear();
  }
}
