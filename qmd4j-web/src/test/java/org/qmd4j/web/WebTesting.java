package org.qmd4j.web;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** A small HTTP client for the tests: the JDK's, plus raw requests for forged headers. */
final class WebTesting {
  private static final HttpClient CLIENT = HttpClient.newBuilder()
      .followRedirects(HttpClient.Redirect.NEVER).build();

  private WebTesting() {}

  /** A response: status, headers (lower-case names, first value) and body. */
  record Reply(int status, Map<String, String> headers, String body) {
    JsonNode json() {
      try {
        return Json.MAPPER.readTree(body);
      } catch (IOException e) {
        throw new AssertionError("Not JSON: " + body, e);
      }
    }

    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }
  }

  static Reply get(WebServer server, String pathAndQuery, String... headers) {
    HttpRequest.Builder b = HttpRequest.newBuilder(server.uri().resolve(pathAndQuery)).GET();
    for (int i = 0; i < headers.length; i += 2) b.header(headers[i], headers[i + 1]);
    return send(b.build());
  }

  static Reply post(WebServer server, String path, String json, String... headers) {
    HttpRequest.Builder b = HttpRequest.newBuilder(server.uri().resolve(path))
        .POST(HttpRequest.BodyPublishers.ofString(json));
    boolean typed = false;
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
      typed |= headers[i].equalsIgnoreCase("Content-Type");
    }
    if (!typed) b.header("Content-Type", "application/json");
    return send(b.build());
  }

  static Reply delete(WebServer server, String path, String... headers) {
    HttpRequest.Builder b = HttpRequest.newBuilder(server.uri().resolve(path)).DELETE();
    for (int i = 0; i < headers.length; i += 2) b.header(headers[i], headers[i + 1]);
    return send(b.build());
  }

  private static Reply send(HttpRequest request) {
    try {
      HttpResponse<String> r = CLIENT.send(request,
          HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      Map<String, String> headers = new LinkedHashMap<>();
      r.headers().map().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), v.get(0)));
      return new Reply(r.statusCode(), headers, r.body());
    } catch (IOException e) {
      throw new AssertionError(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** A request written by hand, so that Host can be anything (the JDK client forbids it). */
  static Reply raw(WebServer server, String method, String path, String host,
      String... headers) {
    StringBuilder sb = new StringBuilder(method + " " + path + " HTTP/1.1\r\n");
    if (host != null) sb.append("Host: ").append(host).append("\r\n");
    for (int i = 0; i < headers.length; i += 2) {
      sb.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
    }
    sb.append("Content-Length: 0\r\nConnection: close\r\n\r\n");
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      OutputStream out = socket.getOutputStream();
      out.write(sb.toString().getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      InputStream in = socket.getInputStream();
      String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      int end = all.indexOf("\r\n\r\n");
      String[] lines = all.substring(0, end).split("\r\n");
      Map<String, String> hs = new LinkedHashMap<>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        hs.putIfAbsent(lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
            lines[i].substring(colon + 1).strip());
      }
      return new Reply(Integer.parseInt(lines[0].split(" ")[1]), hs, all.substring(end + 4));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  static URI uri(WebServer server, String pathAndQuery) {
    return server.uri().resolve(pathAndQuery);
  }
}
