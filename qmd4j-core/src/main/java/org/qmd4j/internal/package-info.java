/**
 * Small helpers shared across core's packages: the chunk search that find and the typed
 * facade run on (with its counted hits), the wording of I/O problems for people, wire names of
 * enums, frozen collections and text helpers. Not exported: it may change without notice.
 */
package org.qmd4j.internal;
