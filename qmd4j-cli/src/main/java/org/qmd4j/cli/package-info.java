/**
 * The {@code qmd4j} command line (picocli): thin commands that parse, call the public
 * {@link org.qmd4j.Searcher} and format. Only this package prints.
 */
package org.qmd4j.cli;
