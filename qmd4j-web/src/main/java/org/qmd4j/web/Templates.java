package org.qmd4j.web;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.TemplateOutput;
import gg.jte.html.OwaspHtmlTemplateOutput;
import gg.jte.output.StringOutput;

/**
 * The pages' jte templates ({@code src/main/jte}), compiled to Java classes of this package
 * when the module is built: nothing is compiled or generated at run time, so the shaded CLI
 * jar needs no {@code jdk.compiler}. Output is HTML, and every {@code ${...}} is escaped for
 * where it stands: in element text and in a quoted attribute value, all of {@code & < > " '}
 * become entities ({@link Html#esc}), so a value reads the same in either place; in a script,
 * a style or an event attribute, jte's own escaping applies. Thread-safe.
 */
final class Templates {
  private final TemplateEngine engine = TemplateEngine.createPrecompiled(null,
      ContentType.Html, Templates.class.getClassLoader(), Templates.class.getPackageName());

  /** The page {@code name} (such as {@code tasks.jte}) rendered with {@code model}. */
  String render(String name, Object model) {
    StringOutput out = new StringOutput(16_384);
    engine.render(name, model, new Escaping(out));
    return out.toString();
  }

  /**
   * jte's HTML output with one escaping for text and quoted attribute values: jte leaves
   * quotes as they are in text and writes {@code "} as {@code &#34;} in attributes; the pages
   * have always written {@code &quot;} and {@code &#39;} in both.
   */
  private static final class Escaping extends OwaspHtmlTemplateOutput {
    private final TemplateOutput out;
    private String tagName;
    private String attributeName;

    Escaping(TemplateOutput out) {
      super(out);
      this.out = out;
    }

    @Override
    public void setContext(String tagName, String attributeName) {
      super.setContext(tagName, attributeName);
      this.tagName = tagName;
      this.attributeName = attributeName;
    }

    @Override
    public void writeUserContent(String value) {
      boolean code = "script".equals(tagName) || "style".equals(tagName)
          || (attributeName != null && attributeName.startsWith("on"));
      if (code || value == null) {
        super.writeUserContent(value);
      } else {
        out.writeContent(Html.esc(value));
      }
    }
  }
}
