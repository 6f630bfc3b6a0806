/**
 * The MCP server ({@code qmd4j mcp}, and {@code /mcp} under {@code qmd4j serve}): the facade's
 * search and reading calls as MCP tools over stdio or Streamable HTTP, built on the official
 * MCP Java SDK. Over stdio, stdout carries protocol frames only. Entry point:
 * {@link org.qmd4j.mcp.Qmd4jMcpServer}.
 */
package org.qmd4j.mcp;
