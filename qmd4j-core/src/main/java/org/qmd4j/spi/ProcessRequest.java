package org.qmd4j.spi;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One external command to run: no shell, arguments passed as they are.
 *
 * @param command the program and its arguments
 * @param environment variables to set on top of the inherited environment
 * @param workingDirectory where the process starts
 * @param timeout after this the whole process tree is killed
 * @param outputCap bytes of stdout kept; more is drained and dropped, and flagged
 */
public record ProcessRequest(List<String> command, Map<String, String> environment,
    Path workingDirectory, Duration timeout, long outputCap) {
  public ProcessRequest {
    command = List.copyOf(command);
    if (command.isEmpty()) throw new IllegalArgumentException("Expected a command but was empty");
    environment = Map.copyOf(environment);
    Objects.requireNonNull(workingDirectory, "workingDirectory == null");
    Objects.requireNonNull(timeout, "timeout == null");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("Expected a positive timeout but was " + timeout);
    }
    if (outputCap < 1) throw new IllegalArgumentException("Expected a positive cap: " + outputCap);
  }
}
