/**
 * The embedded engine: a Lucene index of the vault's chunks, with French-aware analysis
 * (case, accent and Unicode-form folding, elisions, light stemming, prefixes), kept on disk
 * per vault and refreshed by a stat walk before each search.
 */
package org.qmd4j.embedded;
