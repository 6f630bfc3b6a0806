/**
 * What a search is and what it returns: {@link org.qmd4j.search.SearchRequest} with its mode,
 * scope and dates, {@link org.qmd4j.search.SearchResult}, and the {@link
 * org.qmd4j.search.SearchException} family. Depends on no other qmd4j package. Parameters and
 * return values are non-null unless documented otherwise.
 */
package org.qmd4j.search;
