package org.qmd4j.web;

import gg.jte.Content;
import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;
import java.util.Map;

/**
 * The pages' jte templates ({@code src/main/jte}), compiled to Java classes of this package
 * when the module is built: nothing is compiled or generated at run time, so the shaded CLI
 * jar needs no {@code jdk.compiler}. Output is HTML, and every {@code ${...}} is escaped for
 * where it stands (text or attribute). Thread-safe.
 */
final class Templates {
  private final TemplateEngine engine = TemplateEngine.createPrecompiled(null,
      ContentType.Html, Templates.class.getClassLoader(), Templates.class.getPackageName());

  /**
   * The parameters of {@code layout.jte} for a page whose body is written in Java (the
   * search page).
   *
   * @param title the whole title
   * @param vaultName the vault's name
   * @param engine the engine's name
   * @param view the current view, {@code search} or {@code tasks}; empty for neither
   * @param tasksView whether the nav offers the Tasks view (not on a {@code notes} vault)
   * @param bodyHtml the body between the masthead and the footer, escaped HTML
   * @param hintHtml the footer's hint, escaped HTML
   */
  record Layout(String title, String vaultName, String engine, String view,
      boolean tasksView, String bodyHtml, String hintHtml) {}

  /** The layout around HTML that its writer has already escaped. */
  String layout(Layout page) {
    Content body = out -> out.writeContent(page.bodyHtml());
    Content hint = out -> out.writeContent(page.hintHtml());
    StringOutput out = new StringOutput(page.bodyHtml().length() + 2048);
    engine.render("layout.jte", Map.of("title", page.title(), "vaultName", page.vaultName(),
        "engine", page.engine(), "view", page.view(), "tasksView", page.tasksView(), "hint", hint,
        "content", body), out);
    return out.toString();
  }

  /** The page {@code name} (such as {@code tasks.jte}) rendered with {@code model}. */
  String render(String name, Object model) {
    StringOutput out = new StringOutput(16_384);
    engine.render(name, model, out);
    return out.toString();
  }
}
