package org.qmd4j.spi;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Starts {@link QmdSession}s. The qmd engine finds one with {@link java.util.ServiceLoader}
 * (the {@code qmd4j-mcp} module registers its MCP-client factory) unless
 * {@link QmdOptions.Session#factory()} names one; with none, the engine runs one qmd process
 * per search.
 *
 * @since 0.2
 */
public interface QmdSessionFactory {
  /** A short name for {@code doctor}, such as {@code mcp-java-sdk}. */
  String name();

  /**
   * Starts {@code qmd mcp} and completes the protocol handshake.
   *
   * @param launch the command, environment and working folder
   * @return a live session; the caller closes it
   * @throws org.qmd4j.search.QmdUnavailableException if the process cannot start or answer
   * @throws org.qmd4j.search.QmdTimeoutException if the handshake takes longer than
   *     {@code launch.startTimeout()}
   */
  QmdSession start(Launch launch);

  /**
   * How to start the process.
   *
   * @param command the program and its arguments, such as {@code [/path/qmd, mcp]}
   * @param environment variables set on top of the JVM's own
   * @param workDir the working folder
   * @param startTimeout how long the start and handshake may take
   */
  record Launch(List<String> command, Map<String, String> environment, Path workDir,
      Duration startTimeout) {
    public Launch {
      command = List.copyOf(command);
      environment = Map.copyOf(environment);
      Objects.requireNonNull(workDir, "workDir == null");
      Objects.requireNonNull(startTimeout, "startTimeout == null");
      if (command.isEmpty()) throw new IllegalArgumentException("Expected a command but was empty");
    }
  }
}
