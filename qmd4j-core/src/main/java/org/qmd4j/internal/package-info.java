/**
 * Internal machinery shared by the engines and the facade: the engine interface, hits and
 * the chunk filter. Not API: it may change without notice.
 */
package org.qmd4j.internal;
