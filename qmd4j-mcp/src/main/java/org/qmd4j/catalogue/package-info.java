/**
 * The catalogue of operations: each operation the front ends offer (search, find, read, tree,
 * concat, brief and the five typed listings) defined once, as a request record whose
 * annotated components are its arguments, and the call into the facade. The MCP tools, the
 * web API and the CLI adapt these definitions; the JSON schemas the MCP tools publish are
 * generated from the records. Entry point: {@link org.qmd4j.catalogue.Operations}.
 */
package org.qmd4j.catalogue;
