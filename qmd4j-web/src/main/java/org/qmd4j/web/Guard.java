package org.qmd4j.web;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * Every request passes here first. In order: the {@code Host} must name the loopback
 * address the server is bound to (against DNS rebinding); the bearer token, when one is set,
 * must come in the {@code Authorization} header or the cookie that {@code ?token=} sets; a
 * request that changes state or speaks MCP must not come from another origin. Every answer
 * gets the security headers: a Content-Security-Policy without inline scripts or styles, no
 * sniffing, no framing, no referrer. Methods other than GET, HEAD, POST (and DELETE at
 * {@code /mcp}) are refused with 405 before anything else, TRACE among them. Refusals have the
 * server's one error shape ({@link ErrorPages}).
 */
final class Guard implements Filter {
  static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; "
      + "img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; "
      + "frame-ancestors 'none'";
  static final String COOKIE = "qmd4j_token";

  private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "127.0.0.1", "[::1]");
  private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");
  private static final Set<String> ALLOWED_METHODS = Set.of("GET", "HEAD", "POST", "DELETE");

  private final boolean loopback;
  private final Set<String> hostNames;
  private final IntSupplier port;
  private final Optional<String> token;

  /**
   * @param bind the address the server listens on
   * @param loopback whether that address is a loopback one (then the Host is checked)
   * @param port the port it listens on, known once started
   * @param token the bearer token, if one is needed
   */
  Guard(String bind, boolean loopback, IntSupplier port, Optional<String> token) {
    this.loopback = loopback;
    String b = bind.toLowerCase(Locale.ROOT);
    this.hostNames = b.contains(":") && !b.startsWith("[")
        ? union(LOOPBACK_NAMES, "[" + b + "]") : union(LOOPBACK_NAMES, b);
    this.port = port;
    this.token = token;
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest req = (HttpServletRequest) request;
    HttpServletResponse resp = (HttpServletResponse) response;
    resp.setHeader("Content-Security-Policy", CSP);
    resp.setHeader("X-Content-Type-Options", "nosniff");
    resp.setHeader("X-Frame-Options", "DENY");
    resp.setHeader("Referrer-Policy", "no-referrer");
    resp.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    resp.setHeader("Cross-Origin-Resource-Policy", "same-origin");

    String method = req.getMethod();
    if (!ALLOWED_METHODS.contains(method) || method.equals("DELETE") && !isMcp(req)) {
      // TRACE would echo the request (its cookie and token too); nothing here takes PUT,
      // PATCH, OPTIONS or the others.
      resp.setHeader("Allow", isMcp(req) ? "GET, HEAD, POST, DELETE" : "GET, HEAD, POST");
      refuse(req, resp, 405, ErrorPages.statusMessage(405, method, req.getRequestURI()));
      return;
    }
    String host = req.getHeader("Host");
    if (loopback && !allowedHost(host)) {
      refuse(req, resp, 403, "Host '" + host + "' is not this server's loopback address; "
          + "open http://127.0.0.1:" + port.getAsInt() + "/ or http://localhost:"
          + port.getAsInt() + "/");
      return;
    }
    String origin = req.getHeader("Origin");
    boolean guarded = !SAFE_METHODS.contains(req.getMethod()) || isMcp(req);
    if (guarded && origin != null && !sameOrigin(origin, host)) {
      refuse(req, resp, 403, "Origin '" + origin + "' may not call this server; only pages "
          + "it serves may change state or speak MCP");
      return;
    }
    if (token.isPresent() && !authorized(req, resp)) return;
    chain.doFilter(request, response);
  }

  private boolean allowedHost(String host) {
    if (host == null) return false;
    String h = host.strip().toLowerCase(Locale.ROOT);
    for (String name : hostNames) {
      if (h.equals(name + ":" + port.getAsInt())) return true;
      if (port.getAsInt() == 80 && h.equals(name)) return true;
    }
    return false;
  }

  private boolean sameOrigin(String origin, String host) {
    URI uri;
    try {
      uri = new URI(origin.strip());
    } catch (URISyntaxException e) {
      return false;
    }
    if (!"http".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) return false;
    String authority = uri.getHost().toLowerCase(Locale.ROOT)
        + ":" + (uri.getPort() == -1 ? 80 : uri.getPort());
    if (loopback) return allowedHost(authority);
    // Beyond loopback the token guards the server; a page may still only call its own origin.
    String h = host == null ? "" : host.strip().toLowerCase(Locale.ROOT);
    return authority.equals(h.contains(":") && !h.endsWith("]") ? h : h + ":80");
  }

  private boolean authorized(HttpServletRequest req, HttpServletResponse resp)
      throws IOException {
    String expected = token.get();
    String header = req.getHeader("Authorization");
    if (header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)
        && equal(header.substring(7).strip(), expected)) {
      return true;
    }
    Cookie[] cookies = req.getCookies();
    if (cookies != null) {
      for (Cookie c : cookies) {
        if (COOKIE.equals(c.getName()) && equal(c.getValue(), expected)) return true;
      }
    }
    String given = req.getParameter("token");
    if ("GET".equals(req.getMethod()) && given != null && equal(given, expected)
        && !req.getRequestURI().startsWith("/api/") && !isMcp(req)) {
      // A browser cannot send a bearer header when it follows a link: keep it in a cookie
      // and load the page again without the token in its address.
      resp.addHeader("Set-Cookie", COOKIE + "=" + expected
          + "; Path=/; HttpOnly; SameSite=Strict");
      String query = req.getQueryString() == null ? ""
          : req.getQueryString().replaceAll("(^|&)token=[^&]*", "").replaceFirst("^&", "");
      resp.setStatus(303);
      resp.setHeader("Location", req.getRequestURI() + (query.isEmpty() ? "" : "?" + query));
      return false;
    }
    resp.setHeader("WWW-Authenticate", "Bearer realm=\"qmd4j\"");
    refuse(req, resp, 401, "This server needs its token: send 'Authorization: Bearer <token>', "
        + "or open the page once with ?token=<token>");
    return false;
  }

  private static boolean equal(String given, String expected) {
    return MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8),
        expected.getBytes(StandardCharsets.UTF_8));
  }

  private static boolean isMcp(HttpServletRequest req) {
    String uri = req.getRequestURI();
    return uri.equals("/mcp") || uri.startsWith("/mcp/");
  }

  private static void refuse(HttpServletRequest req, HttpServletResponse resp, int status,
      String message) throws IOException {
    ErrorPages.send(req, resp, status, message);
  }

  private static Set<String> union(Set<String> names, String more) {
    HashSet<String> all = new HashSet<>(names);
    all.add(more);
    return Set.copyOf(all);
  }
}
