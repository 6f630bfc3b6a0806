/**
 * The qmd engine: finds and checks the {@code qmd} binary, keeps a private qmd index per
 * vault, runs {@code qmd search} / {@code qmd query} through Apache Commons Exec without a
 * shell, parses its JSON and maps its document hits onto qmd4j's chunks.
 */
package org.qmd4j.qmd;
