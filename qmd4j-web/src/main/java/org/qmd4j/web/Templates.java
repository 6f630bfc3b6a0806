package org.qmd4j.web;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;

/**
 * The pages' jte templates ({@code src/main/jte}), compiled to Java classes of this package
 * when the module is built: nothing is compiled or generated at run time, so the shaded CLI
 * jar needs no {@code jdk.compiler}. Output is HTML, and every {@code ${...}} is escaped for
 * where it stands (text or attribute). Thread-safe.
 */
final class Templates {
  private final TemplateEngine engine = TemplateEngine.createPrecompiled(null,
      ContentType.Html, Templates.class.getClassLoader(), Templates.class.getPackageName());

  /** The page {@code name} (such as {@code tasks.jte}) rendered with {@code model}. */
  String render(String name, Object model) {
    StringOutput out = new StringOutput(16_384);
    engine.render(name, model, out);
    return out.toString();
  }
}
