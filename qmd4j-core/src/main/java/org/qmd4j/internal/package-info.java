/**
 * Internal machinery shared by the engines, find, the typed facade and the facade: text
 * analysis and folding, the note cache, the fallback engine, the chunk search that find and
 * the typed facade run on. Not exported: it may change without notice.
 */
package org.qmd4j.internal;
