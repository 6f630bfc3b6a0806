/**
 * The resident qmd session on the MCP Java SDK client: {@code qmd mcp} over stdio, registered
 * as a {@link org.qmd4j.spi.QmdSessionFactory} service for the qmd engine of qmd4j-core.
 */
package org.qmd4j.mcp.qmdclient;
