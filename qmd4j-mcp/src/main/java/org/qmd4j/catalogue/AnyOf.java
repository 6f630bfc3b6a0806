package org.qmd4j.catalogue;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a type that stands for a JSON value of any of several types: its schema is
 * {@code anyOf} the schemas of {@link #value()}.
 *
 * @since 0.6
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface AnyOf {
  /** The Java types whose schemas the value may match. */
  Class<?>[] value();
}
