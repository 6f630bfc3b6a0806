package org.qmd4j;

/**
 * The test tier a run is in ({@code qmd4j.tier}, set by the build): {@code ./mvnw verify} runs
 * the fast tier, {@code -Pfull} (CI) the full one. A test that repeats a seeded loop, a fault
 * or a child process many times does fewer rounds in the fast tier and its full count in the
 * full tier; a run that does not set the property (an IDE's) is full.
 */
public final class TestTier {
  private TestTier() {}

  /** Whether this run is the full tier: every round of every test. */
  public static boolean full() {
    return !"fast".equals(System.getProperty("qmd4j.tier"));
  }

  /** {@code fast} in the fast tier, {@code full} otherwise. */
  public static int rounds(int fast, int full) {
    return full() ? full : fast;
  }

  /**
   * The JVM options the {@code qmd4j} launcher gives a short-lived command (the C1 compiler
   * only, the serial collector): a test that starts a command in a child JVM, as a user's
   * shell does, starts it as the launcher would, at a fraction of the CPU of the JVM's
   * defaults.
   */
  public static java.util.List<String> commandJvmOptions() {
    return java.util.List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
  }
}
