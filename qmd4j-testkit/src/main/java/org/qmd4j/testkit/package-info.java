/**
 * Test support for search engines written against qmd4j's SPI ({@code org.qmd4j.spi}): the
 * engine contract to extend ({@link org.qmd4j.testkit.SearchEngineContract}) and the example
 * vaults it searches, with their fixed clock ({@link org.qmd4j.testkit.TestVaults}). Add
 * {@code org.qmd4j:qmd4j-testkit} with test scope; it brings JUnit 5 and AssertJ.
 *
 * @since 0.2
 */
package org.qmd4j.testkit;
