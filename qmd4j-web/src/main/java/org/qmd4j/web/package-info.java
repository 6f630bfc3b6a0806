/**
 * The web interface, {@link org.qmd4j.web.WebServer}: a search page that renders the brief,
 * a JSON API with the MCP tools' parameter names, MCP over Streamable HTTP, and the guard in
 * front of them, on Jetty 12. Parameters and return values are non-null unless documented
 * otherwise.
 */
package org.qmd4j.web;
