package org.qmd4j.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.qmd4j.web.WebTesting.get;
import static org.qmd4j.web.WebTesting.post;
import static org.qmd4j.web.WebTesting.raw;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.web.WebTesting.Reply;

/** DNS rebinding (Host), cross-site requests (Origin) and the bearer token. */
class GuardTest {
  private static final String FIND = "{\"folder\": \"projects/startup-x\"}";
  private static Searcher searcher;
  private static WebServer server;
  private static WebServer withToken;

  @BeforeAll
  static void start() {
    searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
    server = WebServer.newBuilder(searcher).port(0).build().start();
    withToken = WebServer.newBuilder(searcher).port(0).token("s3cret").build().start();
  }

  @AfterAll
  static void stop() {
    server.close();
    withToken.close();
    searcher.close();
  }

  @Test
  void foreignHostIsRefused() {
    Reply r = raw(server, "GET", "/api/tree", "evil.example:" + server.port());
    assertThat(r.status()).isEqualTo(403);
    assertThat(r.body()).contains("Host 'evil.example:" + server.port()
        + "' is not this server's loopback address");
    assertThat(raw(server, "GET", "/", "evil.example").status()).isEqualTo(403);
    assertThat(raw(server, "GET", "/", "127.0.0.1:1").status()).isEqualTo(403);
  }

  @Test
  void loopbackNamesWithTheRightPortAreServed() {
    assertThat(raw(server, "GET", "/api/tree", "127.0.0.1:" + server.port()).status())
        .isEqualTo(200);
    assertThat(raw(server, "GET", "/api/tree", "localhost:" + server.port()).status())
        .isEqualTo(200);
    assertThat(raw(server, "GET", "/", "LOCALHOST:" + server.port()).status()).isEqualTo(200);
  }

  @Test
  void postFromAnotherOriginIsRefused() {
    Reply r = post(server, "/api/concat", "{\"items\": [\"tasks.md\"]}",
        "Origin", "http://evil.example");
    assertThat(r.status()).isEqualTo(403);
    assertThat(r.json().get("error").asText())
        .isEqualTo("Origin 'http://evil.example' may not call this server; only pages it "
            + "serves may change state or speak MCP");
    Reply otherPort = post(server, "/api/find", FIND, "Origin", "http://127.0.0.1:1");
    assertThat(otherPort.status()).isEqualTo(403);
    Reply nullOrigin = post(server, "/api/find", FIND, "Origin", "null");
    assertThat(nullOrigin.status()).isEqualTo(403);
  }

  @Test
  void postFromItsOwnPageOrWithoutOriginIsServed() {
    assertThat(post(server, "/api/find", FIND, "Origin", "http://127.0.0.1:" + server.port())
        .status()).isEqualTo(200);
    assertThat(post(server, "/api/find", FIND).status()).isEqualTo(200);
  }

  @Test
  void mcpFromAnotherOriginIsRefusedEvenForGet() {
    Reply r = raw(server, "GET", "/mcp", "127.0.0.1:" + server.port(),
        "Origin", "http://evil.example");
    assertThat(r.status()).isEqualTo(403);
  }

  @Test
  void tokenIsNeededWhenSet() {
    Reply none = get(withToken, "/api/tree");
    assertThat(none.status()).isEqualTo(401);
    assertThat(none.header("WWW-Authenticate")).isEqualTo("Bearer realm=\"qmd4j\"");
    assertThat(none.json().get("error").asText()).startsWith("This server needs its token");
    assertThat(get(withToken, "/api/tree", "Authorization", "Bearer wrong").status())
        .isEqualTo(401);
    assertThat(get(withToken, "/api/tree", "Authorization", "Bearer s3cret").status())
        .isEqualTo(200);
    assertThat(get(withToken, "/").status()).isEqualTo(401);
  }

  @Test
  void tokenInThePageAddressBecomesACookie() {
    Reply r = get(withToken, "/?q=stripe&token=s3cret");
    assertThat(r.status()).isEqualTo(303);
    assertThat(r.header("Location")).isEqualTo("/?q=stripe");
    assertThat(r.header("Set-Cookie")).isEqualTo(
        "qmd4j_token=s3cret; Path=/; HttpOnly; SameSite=Strict");
    assertThat(get(withToken, "/?q=stripe", "Cookie", "qmd4j_token=s3cret").status())
        .isEqualTo(200);
    assertThat(get(withToken, "/api/tree?token=s3cret").status()).isEqualTo(401);
  }

  @Test
  void listeningBeyondLoopbackNeedsAToken() {
    assertThatThrownBy(() -> WebServer.newBuilder(searcher).bind("0.0.0.0").build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Listening on 0.0.0.0 exposes the vault beyond this machine; set a token, "
            + "or bind 127.0.0.1");
  }

  @Test
  void staticAssetsAreAFixedSet() {
    assertThat(get(server, "/static/app.js").status()).isEqualTo(200);
    assertThat(get(server, "/static/app.js").header("Content-Type"))
        .startsWith("text/javascript");
    assertThat(get(server, "/static/secret.txt").status()).isEqualTo(404);
    assertThat(raw(server, "GET", "/static/../../etc/passwd", "127.0.0.1:" + server.port())
        .status()).isIn(400, 404);
    assertThat(get(server, "/elsewhere").status()).isEqualTo(404);
  }
}
