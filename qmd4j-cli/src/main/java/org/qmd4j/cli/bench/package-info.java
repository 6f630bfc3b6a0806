/**
 * {@code qmd4j bench}: reads a benchmark fixture in qmd's format, runs its queries on each
 * engine and mode, scores the answers as qmd's harness does and gates on the averages.
 * Internal to the command line: may change without notice.
 */
package org.qmd4j.cli.bench;
