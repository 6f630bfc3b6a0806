/**
 * The engine SPI: {@link org.qmd4j.spi.SearchEngine} and its factory and context, the
 * resolved {@link org.qmd4j.spi.EngineQuery} with its {@link org.qmd4j.spi.ChunkFilter}, the
 * {@link org.qmd4j.spi.Chunk}s engines rank and the {@link org.qmd4j.spi.Hit}s they return,
 * and the hooks of the qmd engine (process runner, binary locator, options). Parameters and
 * return values are non-null unless documented otherwise.
 */
package org.qmd4j.spi;
