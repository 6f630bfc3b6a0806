package org.qmd4j.mcp.qmdclient;

import org.qmd4j.spi.QmdSession;
import org.qmd4j.spi.QmdSessionFactory;

/**
 * Starts {@code qmd mcp} and speaks to it with the official MCP Java SDK client over stdio.
 * Registered as a {@link java.util.ServiceLoader} service, so a library user gets the
 * resident session by adding the {@code qmd4j-mcp} module; nothing else to configure.
 *
 * <p>Thread-safe and stateless.
 *
 * @since 0.2
 */
public final class McpQmdSessionFactory implements QmdSessionFactory {
  /** The factory {@link java.util.ServiceLoader} creates. */
  public McpQmdSessionFactory() {}

  @Override
  public String name() {
    return "qmd mcp over stdio, MCP Java SDK client";
  }

  @Override
  public QmdSession start(Launch launch) {
    return McpQmdSession.start(launch);
  }
}
