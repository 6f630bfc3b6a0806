package org.qmd4j.catalogue;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One argument of an operation: a component of its request record. The argument's wire name
 * is the component's name in snake case ({@code dateFrom} is {@code date_from}); its JSON
 * type follows the component's Java type ({@code String}, {@code int}/{@code Integer},
 * {@code Boolean}), or {@link #shape()} when the record takes the raw JSON value and reads
 * it itself. The JSON schema of each operation is generated from these annotations.
 *
 * <p>The same annotation describes the properties of an operation's answer, from which its
 * output schema is generated; on a record type it gives the object's description.
 *
 * @since 0.6
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.TYPE})
public @interface Param {
  /** The description clients read; empty for none. */
  String value() default "";

  /** Whether a call must give the argument. */
  boolean required() default false;

  /**
   * The value taken when the argument is absent, written as in JSON without quotes
   * ({@code 20}, {@code fast}, {@code false}); empty for none.
   */
  String defaultValue() default "";

  /** The least whole number taken, for an integer argument. */
  long minimum() default Long.MIN_VALUE;

  /** The greatest number taken, for a numeric property; {@code Long.MAX_VALUE} for no bound. */
  long maximum() default Long.MAX_VALUE;

  /** Whether an answer's property is always present but may be {@code null}. */
  boolean nullable() default false;

  /** The least number of items, for a list argument; 0 for no bound. */
  int minItems() default 0;

  /** The only values taken, for a string argument; empty for any. */
  String[] allowed() default {};

  /** Typical values shown to clients, for a string argument. */
  String[] examples() default {};

  /**
   * The Java type the schema describes when the component is the raw JSON value
   * ({@code Object}) because the record reads it itself; {@code Object.class} for the
   * component's own type.
   */
  Class<?> shape() default Object.class;
}
