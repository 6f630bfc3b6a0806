/**
 * Caches of what was read from the vault: the note cache keeps each file's parsed chunks and
 * title until its size or modification time changes, for the engines that do not keep chunks
 * themselves (the qmd engine, and the engines outside core through {@code
 * spi.SearchEngine.Context}), so that their chunks are the chunker's. Not exported: it may
 * change without notice.
 */
package org.qmd4j.cache;
