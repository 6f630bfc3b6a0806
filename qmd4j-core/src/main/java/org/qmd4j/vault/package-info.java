/**
 * The vault model: which files are indexed and of what kind, how a file is decoded, how its
 * frontmatter is read and how it is cut into chunks with exact line ranges. Shared by both
 * engines, so that they return the same chunks. Not exported: may change without notice
 * (engines see its output as {@link org.qmd4j.spi.Chunk}s).
 */
package org.qmd4j.vault;
