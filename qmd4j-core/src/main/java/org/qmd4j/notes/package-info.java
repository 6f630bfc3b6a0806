/**
 * Typed search results, one record per kind of vault file (changelog entry, task, project
 * state, description, bucket item), and the typed queries that
 * {@link org.qmd4j.Searcher}'s facade methods take. Parameters and return values are
 * non-null unless documented otherwise.
 */
package org.qmd4j.notes;
