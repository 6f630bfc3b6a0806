package org.qmd4j.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.qmd4j.Highlighter;
import org.qmd4j.search.LineMatch;

/** Escaping for HTML text and attribute values, and for URL query values. */
final class Html {
  private Html() {}

  /** {@code s} safe inside element text and inside a double-quoted attribute value. */
  static String esc(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&': sb.append("&amp;"); break;
        case '<': sb.append("&lt;"); break;
        case '>': sb.append("&gt;"); break;
        case '"': sb.append("&quot;"); break;
        case '\'': sb.append("&#39;"); break;
        default: sb.append(c);
      }
    }
    return sb.toString();
  }

  /** {@code text} escaped, with the words {@code words} finds wrapped in {@code <mark>}. */
  static String marked(String text, Highlighter words) {
    StringBuilder sb = new StringBuilder(text.length() + 32);
    int at = 0;
    for (LineMatch.Range r : words.find(text)) {
      sb.append(esc(text.substring(at, r.start()))).append("<mark>")
          .append(esc(text.substring(r.start(), r.end()))).append("</mark>");
      at = r.end();
    }
    return sb.append(esc(text.substring(at))).toString();
  }

  /** {@code s} as a URL query value. */
  static String url(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
