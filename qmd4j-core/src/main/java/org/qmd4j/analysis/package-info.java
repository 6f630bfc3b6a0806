/**
 * Text analysis and matching, shared by every engine, the search pipeline, find and the typed
 * facade: the analysis chains (one definition, {@code analysis.properties}, which the embedded
 * engine builds its Lucene analyzers from and the Solr engine its schema), folding, stems,
 * compounds, changelog and Obsidian tags, the query syntax (phrases, exclusions), a search's
 * keyword query, the matching of a query's words in a chunk's lines, and the vocabularies that
 * spelling reads. Engines outside core reach it through {@code spi.TextAnalysis}. Not
 * exported: it may change without notice.
 */
package org.qmd4j.analysis;
