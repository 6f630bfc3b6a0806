/**
 * The resident daemon of the command line: one long-lived process per vault that keeps its
 * searchers warm and runs the CLI's own commands for clients over a Unix domain socket in the
 * vault's cache folder. The client side ({@link org.qmd4j.cli.daemon.DaemonClient}) uses the
 * JDK only, so that a relayed command loads neither picocli, Jackson nor Lucene.
 */
package org.qmd4j.cli.daemon;
