package org.qmd4j.catalogue;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record whose value may also be written as one string: its schema is
 * {@code oneOf: [string, the record's object]} ({@code "a.md:10-20"} or
 * {@code {path, from, to}}).
 *
 * @since 0.6
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface OrString {}
