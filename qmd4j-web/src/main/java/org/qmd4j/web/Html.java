package org.qmd4j.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

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

  /** {@code s} as a URL query value. */
  static String url(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
