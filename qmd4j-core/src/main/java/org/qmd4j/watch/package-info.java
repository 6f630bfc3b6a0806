/**
 * The change feed of a vault as core's engines take it: a watcher of the vault's folders where
 * the platform can promise "never stale" (Linux inotify through the JDK's {@code WatchService}),
 * else a walk of the whole vault at every look. Engines outside core get a feed from
 * {@code spi.SearchEngine.Context.changeFeed}. Not exported: it may change without notice.
 */
package org.qmd4j.watch;
