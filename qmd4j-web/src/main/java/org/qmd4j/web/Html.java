package org.qmd4j.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.qmd4j.Highlighter;
import org.qmd4j.search.LineMatch;

/**
 * Escaping for HTML text and attribute values, and for URL query values; a line split where
 * the query's words are, for the templates to mark.
 */
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

  /** {@code text} in pieces, the words {@code words} finds apart and marked. */
  static List<SearchPage.Span> spans(String text, Highlighter words) {
    List<SearchPage.Span> out = new ArrayList<>();
    int at = 0;
    for (LineMatch.Range r : words.find(text)) {
      if (r.start() > at) out.add(new SearchPage.Span(text.substring(at, r.start()), false));
      out.add(new SearchPage.Span(text.substring(r.start(), r.end()), true));
      at = r.end();
    }
    if (at < text.length() || out.isEmpty()) {
      out.add(new SearchPage.Span(text.substring(at), false));
    }
    return out;
  }

  /** {@code s} as a URL query value. */
  static String url(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
