/**
 * qmd4j: search a markdown vault through {@link org.qmd4j.Searcher}, obtained from
 * {@link org.qmd4j.SearchProviders#forVault}. Parameters and return values are non-null
 * unless documented otherwise.
 */
package org.qmd4j;
