package org.qmd4j.spi;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;

/**
 * What a finished (or killed) process left.
 *
 * @param exitCode its exit code; meaningless when {@code timedOut}
 * @param stdout the bytes it printed on stdout, up to the cap
 * @param stderr the bytes it printed on stderr, up to the cap
 * @param timedOut whether it was killed for running past its timeout
 * @param outputTruncated whether stdout went past the cap
 * @param elapsed how long it ran
 */
public record ProcessResult(int exitCode, byte[] stdout, byte[] stderr, boolean timedOut,
    boolean outputTruncated, Duration elapsed) {
  public ProcessResult {
    Objects.requireNonNull(stdout, "stdout == null");
    Objects.requireNonNull(stderr, "stderr == null");
    Objects.requireNonNull(elapsed, "elapsed == null");
  }

  public String stdoutText() {
    return new String(stdout, StandardCharsets.UTF_8);
  }

  public String stderrText() {
    return new String(stderr, StandardCharsets.UTF_8);
  }

  /** The last {@code maxChars} characters of stderr, for error messages. */
  public String stderrTail(int maxChars) {
    String s = stderrText().strip();
    return s.length() <= maxChars ? s : "…" + s.substring(s.length() - maxChars);
  }
}
