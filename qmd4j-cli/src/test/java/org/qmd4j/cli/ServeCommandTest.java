package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import picocli.CommandLine;

/** {@code qmd4j serve}: prints its address, answers, sees edits, stops cleanly. */
class ServeCommandTest {
  private static final Pattern ADDRESS = Pattern.compile("at (http://127\\.0\\.0\\.1:\\d+/) ");

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private final HttpClient http = HttpClient.newHttpClient();

  @TempDir Path tmp;

  private CommandLine command() {
    CommandLine cmd = Main.newCommandLine(Fixtures.memoryOptions());
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    return cmd;
  }

  @Test
  void servesTheVaultAndSeesAnEditOnTheNextSearch() throws Exception {
    Path vault = Fixtures.copyVault(tmp.resolve("vault"));
    CommandLine cmd = command();
    CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> cmd.execute("serve",
        "--vault", vault.toString(), "--port", "0", "--engine", "embedded"));
    URI base = null;
    for (int i = 0; i < 600 && base == null; i++) {
      Matcher m = ADDRESS.matcher(err.toString());
      if (m.find()) {
        base = URI.create(m.group(1));
      } else {
        assertThat(exit).as(err.toString()).isNotDone();
        Thread.sleep(50);
      }
    }
    assertThat(base).as("address on stderr: " + err).isNotNull();
    assertThat(err.toString()).startsWith("qmd4j: serving " + vault + " at http://127.0.0.1:");

    String before = get(base.resolve("/api/search?query=zorglubien"));
    assertThat(before).isEqualTo("{\"results\":[],\"corrected\":{},\"suggestions\":[],\"total\":0,\"totalExact\":true}");
    Files.writeString(vault.resolve("bucket/nouvelle.md"), "# Nouvelle\n\nUn zorglubien.\n");
    assertThat(get(base.resolve("/api/search?query=zorglubien")))
        .contains("\"path\":\"bucket/nouvelle.md\"");
    assertThat(get(base.resolve("/?q=zorglubien"))).contains("Un <mark>zorglubien</mark>.");

    ((ServeCommand) cmd.getSubcommands().get("serve").getCommand()).stop();
    assertThat(exit.get(30, TimeUnit.SECONDS)).isZero();
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void bindingBeyondLoopbackWithoutATokenIsAUsageError() {
    int code = command().execute("serve", "--vault", Fixtures.vault().toString(),
        "--bind", "0.0.0.0", "--port", "0", "--engine", "embedded");
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).startsWith("Listening on 0.0.0.0 exposes the vault beyond this "
        + "machine; set a token, or bind 127.0.0.1\n");
  }

  @Test
  void limitsThatAreNotCountsOrDurationsAreUsageErrors() {
    int code = command().execute("serve", "--vault", Fixtures.vault().toString(),
        "--port", "0", "--engine", "embedded", "--mcp-sessions", "lots");
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).startsWith("--mcp-sessions 'lots' is not a count; pass TOTAL "
        + "or TOTAL/PER_CLIENT, such as 100/20\n");
    err.getBuffer().setLength(0);
    code = command().execute("serve", "--vault", Fixtures.vault().toString(), "--port", "0",
        "--engine", "embedded", "--mcp-stream-timeout", "0s");
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).startsWith("--mcp-stream-timeout '0s' is not a duration; pass a"
        + " number above 0 with ms, s, m or h (90s, 15m, 2h)\n");
    err.getBuffer().setLength(0);
    code = command().execute("serve", "--vault", Fixtures.vault().toString(), "--port", "0",
        "--engine", "embedded", "--mcp-streams", "5/9");
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).startsWith("A client's share cannot exceed the total");
  }

  private String get(URI uri) throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    return r.body();
  }
}
