/**
 * The vault model: which files are indexed and of what kind, how a file is decoded, how its
 * frontmatter is read and how it is cut into chunks with exact line ranges. Shared by both
 * engines, so that they return the same chunks.
 */
package org.qmd4j.vault;
