package org.qmd4j.catalogue;

/**
 * The arguments of {@code tree}: none.
 *
 * @since 0.6
 */
public record TreeArgs() {}
