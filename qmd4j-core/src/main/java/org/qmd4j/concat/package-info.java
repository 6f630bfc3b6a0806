/**
 * Reading vault files and assembling them into one markdown document: concat, briefs (a
 * search turned into a document), read and tree. Only regular files inside the vault are
 * ever read. Parameters and return values are non-null unless documented otherwise.
 */
package org.qmd4j.concat;
