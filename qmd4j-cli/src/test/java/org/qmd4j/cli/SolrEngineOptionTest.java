package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import picocli.CommandLine;

/**
 * {@code --engine solr} from the CLI. The Solr engine's own suite runs a real
 * cluster; these tests run with no cluster at all (a closed port), in the CLI's class path:
 * the SolrJ client loads beside the web server's Jetty 12 and an unreachable cluster is a
 * clear message naming it, from search, doctor and {@code serve}'s JSON API alike.
 */
class SolrEngineOptionTest {
  private static final Pattern ADDRESS = Pattern.compile("at (http://127\\.0\\.0\\.1:\\d+/) ");
  private static String solr;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @BeforeAll
  static void closedPort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      solr = "http://127.0.0.1:" + s.getLocalPort() + "/solr";
    }
  }

  private CommandLine command() {
    CommandLine cmd = Main.newCommandLine(Fixtures.memoryOptions());
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    return cmd;
  }

  @Test
  void anUnreachableClusterIsAMessageNamingIt() {
    int code = command().execute("search", "--vault", Fixtures.vault().toString(),
        "--solr", solr, "--collection", "notes", "facture");
    assertThat(code).isEqualTo(1);
    assertThat(err.toString()).contains("The SolrCloud cluster at " + solr + " did not answer")
        .contains("check that it is running").doesNotContain("Exception");
  }

  @Test
  void theSolrEngineWithoutAnAddressSaysHowToGiveOne() {
    int code = command().execute("search", "--vault", Fixtures.vault().toString(),
        "--engine", "solr", "facture");
    assertThat(code).isEqualTo(1);
    assertThat(err.toString()).contains("pass --solr URL or set QMD4J_SOLR_URL");
  }

  @Test
  void theSolrEngineTakesItsAddressAsAnEngineSetting() {
    int code = command().execute("search", "--vault", Fixtures.vault().toString(),
        "--engine", "solr", "--engine-setting", "url=" + solr, "facture");
    assertThat(code).isEqualTo(1);
    assertThat(err.toString()).contains("The SolrCloud cluster at " + solr + " did not answer");
  }

  @Test
  void anUnknownEngineListsTheEnginesOnTheClassPath() {
    int code = command().execute("search", "--vault", Fixtures.vault().toString(),
        "--engine", "lucene", "facture");
    assertThat(code).isEqualTo(2);
    assertThat(err.toString())
        .contains("Unknown engine 'lucene'; valid engines are: auto, qmd, embedded, solr");
  }

  @Test
  void solrInitOnAnUnreachableClusterSaysSo() {
    int code = command().execute("solr", "init", "--solr", solr, "--shards", "2");
    assertThat(code).isEqualTo(1);
    assertThat(err.toString()).contains("The SolrCloud cluster at " + solr + " did not answer");
  }

  @Test
  void doctorShowsTheClusterAndWhyItCannotBeReached() {
    int code = command().execute("doctor", "--vault", Fixtures.vault().toString(),
        "--engine", "solr", "--solr", solr);
    assertThat(code).isZero();
    assertThat(out.toString()).containsPattern("(?m)^engine +solr$")
        .containsPattern("(?m)^solr cluster +" + Pattern.quote(solr) + "$")
        .containsPattern("(?m)^solr status +The SolrCloud cluster at " + Pattern.quote(solr)
            + " did not answer");
  }

  @Test
  void serveOnJetty12AnswersWithTheSolrEngineInTheSameProcess() throws Exception {
    CommandLine cmd = command();
    CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> cmd.execute("serve",
        "--vault", Fixtures.vault().toString(), "--port", "0", "--solr", solr));
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
    HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
        base.resolve("/api/search?query=facture")).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(r.body()).contains("The SolrCloud cluster at " + solr + " did not answer");
    ((ServeCommand) cmd.getSubcommands().get("serve").getCommand()).stop();
    assertThat(exit.get(30, TimeUnit.SECONDS)).isZero();
  }
}
