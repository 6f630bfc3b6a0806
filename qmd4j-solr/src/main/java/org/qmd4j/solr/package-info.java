/**
 * The SolrCloud engine: a vault's chunks as documents of a SolrCloud collection, analysed by
 * the same chain as the embedded engine, searched with the same clauses and filters
 * ({@link org.qmd4j.solr.SolrEngine}, {@link org.qmd4j.solr.SolrTarget}). Parameters and
 * return values are non-null unless documented otherwise.
 */
package org.qmd4j.solr;
