package org.qmd4j.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The web module's pages are templates: no main Java source writes an HTML tag in a string
 * literal. Markup lives in {@code src/main/jte}, where jte escapes every value, and note text
 * becomes HTML only through the markdown renderer.
 */
class WebArchitectureTest {
  private static final Path MAIN = Path.of("src", "main", "java");

  /** The HTML elements a page could write; {@code <token>} in a message is not one. */
  private static final Set<String> ELEMENTS = Set.of("a", "abbr", "article", "aside", "b",
      "blockquote", "body", "br", "button", "caption", "code", "datalist", "dd", "del",
      "details", "div", "dl", "dt", "em", "fieldset", "footer", "form", "h1", "h2", "h3", "h4",
      "h5", "h6", "head", "header", "hr", "html", "i", "iframe", "img", "input", "kbd", "label",
      "legend", "li", "link", "main", "mark", "meta", "nav", "ol", "option", "p", "pre", "s",
      "script", "section", "select", "small", "span", "strong", "style", "sub", "summary",
      "sup", "svg", "table", "tbody", "td", "textarea", "th", "thead", "time", "title", "tr",
      "u", "ul", "circle", "path");
  private static final Pattern TAG = Pattern.compile("</?([A-Za-z][A-Za-z0-9]*)(?=[\\s/>]|$)");

  @Test
  void noMainSourceWritesAnHtmlTagInAString() throws IOException {
    List<String> found = new ArrayList<>();
    List<Path> sources;
    try (Stream<Path> files = Files.walk(MAIN)) {
      sources = files.filter(p -> p.toString().endsWith(".java")).sorted()
          .collect(Collectors.toList());
    }
    assertThat(sources).as("main sources under " + MAIN.toAbsolutePath()).isNotEmpty();
    for (Path source : sources) {
      for (String literal : literals(Files.readString(source))) {
        Matcher m = TAG.matcher(literal);
        while (m.find()) {
          if (ELEMENTS.contains(m.group(1).toLowerCase(java.util.Locale.ROOT))) {
            found.add(MAIN.relativize(source) + ": \"" + literal + "\"");
            break;
          }
        }
      }
    }
    assertThat(found).as("HTML tags in Java strings: write them in a template under "
        + "src/main/jte").isEmpty();
  }

  @Test
  void theCheckSeesTagsInStringsAndTextBlocksButNotInComments() {
    String java = "/** <p>a comment */ class X { // <div>\n String a = \"<span class=\\\"x\\\">\";"
        + " String b = \"\"\"\n  <li>\n  \"\"\"; char c = '<'; String d = \"<token>\";"
        + " String e = \"a < b\"; String f = \"</mark>\"; }";
    List<String> tagged = literals(java).stream().filter(l -> {
      Matcher m = TAG.matcher(l);
      while (m.find()) {
        if (ELEMENTS.contains(m.group(1))) return true;
      }
      return false;
    }).collect(Collectors.toList());
    assertThat(tagged).containsExactly("<span class=\\\"x\\\">", "\n  <li>\n  ", "</mark>");
  }

  /** The string literals and text blocks of a Java source, comments and chars skipped. */
  static List<String> literals(String java) {
    List<String> out = new ArrayList<>();
    int i = 0;
    int n = java.length();
    while (i < n) {
      char c = java.charAt(i);
      if (java.startsWith("//", i)) {
        int end = java.indexOf('\n', i);
        i = end < 0 ? n : end + 1;
      } else if (java.startsWith("/*", i)) {
        int end = java.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
      } else if (java.startsWith("\"\"\"", i)) {
        int end = java.indexOf("\"\"\"", i + 3);
        out.add(java.substring(i + 3, end < 0 ? n : end));
        i = end < 0 ? n : end + 3;
      } else if (c == '"' || c == '\'') {
        int j = i + 1;
        while (j < n && java.charAt(j) != c) j += java.charAt(j) == '\\' ? 2 : 1;
        if (c == '"') out.add(java.substring(i + 1, Math.min(j, n)));
        i = j + 1;
      } else {
        i++;
      }
    }
    return out;
  }
}
