package org.qmd4j.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;

/** The embedding example of docs/web.md serves the search API until its thread is interrupted. */
class WebExampleTest {
  private static final Pattern SERVING = Pattern.compile("Serving at (http://\\S+/)");

  @Test
  void servesTheVaultUntilInterrupted() throws Exception {
    PrintStream real = System.err;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    Throwable[] failure = new Throwable[1];
    Thread server = new Thread(() -> {
      try {
        WebExample.main(new String[] {Fixtures.vault().toString(), "0"});
      } catch (InterruptedException e) {
        // how the example is stopped
      } catch (Throwable t) {
        failure[0] = t;
      }
    });
    try {
      server.start();
      Matcher serving = SERVING.matcher("");
      while (server.isAlive() && !serving.reset(bytes.toString(StandardCharsets.UTF_8)).find()) {
        Thread.sleep(50);
      }
      assertThat(failure[0]).isNull();
      URI search = URI.create(serving.group(1) + "api/search?query=webhook&limit=1");
      HttpResponse<String> answer = HttpClient.newHttpClient().send(
          HttpRequest.newBuilder(search).build(), HttpResponse.BodyHandlers.ofString());
      real.println("GET " + search + " -> " + answer.statusCode());
      assertThat(answer.statusCode()).isEqualTo(200);
      assertThat(answer.body()).contains("projects/startup-x/changelog.md");
    } finally {
      server.interrupt();
      server.join(TimeUnit.MINUTES.toMillis(1));
      System.setErr(real);
    }
    assertThat(server.isAlive()).isFalse();
    assertThat(failure[0]).isNull();
  }
}
