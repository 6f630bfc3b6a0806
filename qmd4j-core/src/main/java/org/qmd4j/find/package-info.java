/**
 * {@code find_notes}: discovery of vault notes by any mix of text query, folder, frontmatter
 * conditions and file dates, through {@link org.qmd4j.Searcher#find}. Parameters and return
 * values are non-null unless documented otherwise.
 */
package org.qmd4j.find;
