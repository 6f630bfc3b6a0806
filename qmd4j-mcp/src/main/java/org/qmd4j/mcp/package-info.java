/**
 * The MCP server ({@code qmd4j mcp}): the facade's search and reading calls as MCP tools over
 * stdio, built on the official MCP Java SDK. stdout carries protocol frames only.
 */
package org.qmd4j.mcp;
