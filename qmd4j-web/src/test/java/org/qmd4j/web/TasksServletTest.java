package org.qmd4j.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmd4j.web.WebTesting.get;
import static org.qmd4j.web.WebTesting.raw;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.web.WebTesting.Reply;

/**
 * The Tasks page as the server renders it: deep links filter, tasks are grouped
 * by project with the root {@code tasks.md} apart, notes' HTML stays text, bad values are
 * said next to their field, and the guard applies. "Today" is the fixtures' 2025-09-15.
 */
class TasksServletTest {
  /** A root task whose title and text hold HTML; due the day before "today". */
  static final String HTML_TASK = "\n# Vérifier <script>window.pwned = 3</script> le "
      + "<b>formulaire</b> & co\nstatus: à-faire\nprio: basse\ndeadline: 2025-09-14\n"
      + "Texte <img src=x onerror=\"window.pwned = 4\"> à relire.\n";

  @TempDir static Path tmp;
  private static Searcher searcher;
  private static WebServer server;

  @BeforeAll
  static void start() throws IOException {
    Path vault = Fixtures.copyVault(tmp.resolve("vault"));
    Files.writeString(vault.resolve("tasks.md"), HTML_TASK, StandardOpenOption.APPEND);
    searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions());
    server = WebServer.newBuilder(searcher).port(0).build().start();
  }

  @AfterAll
  static void stop() {
    server.close();
    searcher.close();
  }

  @Test
  void aListPastThePagesCapSaysHowManyTasksMatch() throws IOException {
    Path big = Files.createDirectories(tmp.resolve("big"));
    StringBuilder tasks = new StringBuilder();
    int count = TasksForm.MAX_TASKS + 3;
    for (int i = 1; i <= count; i++) {
      tasks.append("# Tâche ").append(i).append("\nstatus: à-faire\n\n");
    }
    Files.writeString(big.resolve("tasks.md"), tasks);
    try (Searcher many = SearchProviders.forVault(big, Fixtures.memoryOptions());
        WebServer web = WebServer.newBuilder(many).port(0).build().start()) {
      String body = get(web, "/tasks").body();
      assertThat(body).contains(TasksForm.MAX_TASKS + " of " + count + " tasks in 1 group")
          .contains("Only the first " + TasksForm.MAX_TASKS + " of " + count
              + " tasks are listed");
    }
  }

  @Test
  void everyTaskIsListedGroupedByProjectWithTheRootFileFirst() {
    Reply r = get(server, "/tasks");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.header("Content-Type")).startsWith("text/html");
    assertThat(groups(r.body())).containsExactly("Vault root", "client-dupont", "comptabilite",
        "livre-recettes", "marathon-2025", "renovation-maison", "startup-x");
    assertThat(r.body()).contains("<span class=\"group-path\">tasks.md</span>")
        .contains("<span class=\"group-path\">projects/startup-x/tasks.md</span>")
        .contains("<span class=\"count\">6 tasks</span>")
        .contains("29 tasks in 7 groups");
  }

  @Test
  void aDeepLinkFiltersByStatusPriorityAndDeadline() {
    Reply r = get(server, "/tasks?status=" + Html.url("bloqué") + "&prio=haute&before=2025-10-01");
    assertThat(r.status()).isEqualTo(200);
    assertThat(titles(r.body())).containsExactlyInAnyOrder(
        "Relancer le plombier pour la pose du meuble vasque",
        "Certificat médical pour le dossard");
    assertThat(r.body()).contains("<option value=\"bloqué\" selected>bloqué</option>")
        .contains("<option value=\"haute\" selected>haute</option>")
        .contains("id=\"before\" name=\"before\" type=\"date\" value=\"2025-10-01\"");
  }

  @Test
  void filtersIgnoreAccentsAndCaseAndTheSelectShowsTheVaultsSpelling() {
    Reply r = get(server, "/tasks?status=BLOQUE&project=startup-x");
    assertThat(titles(r.body())).containsExactly("Signer la term sheet",
        "Récupérer l'accès root au compte AWS");
    assertThat(r.body()).contains("<option value=\"bloqué\" selected>bloqué</option>")
        .contains("<option value=\"startup-x\" selected>startup-x</option>");
  }

  @Test
  void aRelativeDeadlineIsShownAsTheDateItMeans() {
    Reply r = get(server, "/tasks?after=today&before=" + Html.url("2025-09-30"));
    assertThat(r.body()).contains("id=\"after\" name=\"after\" type=\"date\" value=\"2025-09-15\"");
    assertThat(titles(r.body())).contains("Finaliser le cahier des charges v1.0")
        .doesNotContain("Rendre le traitement des paiements idempotent");
  }

  @Test
  void theRootFileCanBeChosenAlone() {
    Reply r = get(server, "/tasks?project=-");
    assertThat(groups(r.body())).containsExactly("Vault root");
    assertThat(r.body()).contains("<option value=\"-\" selected>Vault root (tasks.md)</option>")
        .contains("4 tasks in 1 group · 1 overdue");
  }

  @Test
  void overdueTasksAreMarkedAgainstTheSearchersClockButNotDoneOnes() {
    Reply r = get(server, "/tasks?project=renovation-maison");
    String body = r.body();
    // 2025-09-15 is the plumber's deadline: today; the bank's (2025-06-15) is done.
    assertThat(body).contains("<span class=\"due due-today\">Due <time datetime=\"2025-09-15\">"
        + "2025-09-15</time> · <strong>due today</strong>");
    assertThat(body).contains("<span class=\"due due-closed\">Due <time datetime=\"2025-06-15\">");
    Reply all = get(server, "/tasks?project=startup-x");
    assertThat(all.body()).contains("<li class=\"task due due-overdue\">")
        .contains("<strong>overdue by 52 days</strong>");
  }

  @Test
  void eachTaskOpensItsFileAtItsLinesAndLeadsBack() {
    Reply r = get(server, "/tasks?project=startup-x&prio=basse");
    assertThat(titles(r.body())).containsExactly("Réécrire les tests Cypress instables");
    String href = "/?open=projects%2Fstartup-x%2Ftasks.md%3A30-33&amp;tasks="
        + "project%3Dstartup-x%26prio%3Dbasse";
    assertThat(r.body()).contains("<a href=\"" + href + "\"")
        .contains(">projects/startup-x/tasks.md · lines 30-33</a>");
    Reply file = get(server, href.replace("&amp;", "&"));
    assertThat(file.status()).isEqualTo(200);
    assertThat(file.body()).contains("<a href=\"/tasks?project=startup-x&amp;prio=basse\">"
        + "← Back to tasks</a>")
        .contains("<span class=\"lines\">lines 30-33</span>");
  }

  @Test
  void htmlInATaskIsShownAsText() {
    Reply r = get(server, "/tasks?project=-");
    assertThat(r.body())
        .contains("Vérifier &lt;script&gt;window.pwned = 3&lt;/script&gt; le "
            + "&lt;b&gt;formulaire&lt;/b&gt; &amp; co</a>")
        .contains("&lt;img src=x onerror=&quot;window.pwned = 4&quot;&gt;")
        .doesNotContain("<script>window").doesNotContain("<b>formulaire")
        .doesNotContain("<img src=x");
  }

  @Test
  void noMatchSaysSoInASentence() {
    Reply r = get(server, "/tasks?q=licorne");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.body()).contains("<h2>No task matches these filters</h2>")
        .doesNotContain("class=\"task-group\"");
  }

  @Test
  void anImpossibleDeadlineIsSaidNextToItsField() {
    Reply r = get(server, "/tasks?before=2025-02-30");
    assertThat(r.status()).isEqualTo(400);
    assertThat(error(r.body(), "before")).startsWith("Due before: Invalid date '2025-02-30'");
    // The field keeps the value, as text, beside its message.
    assertThat(r.body()).contains("<input id=\"before\" name=\"before\" type=\"text\" "
        + "value=\"2025-02-30\" aria-invalid=\"true\" aria-describedby=\"before-error\">")
        .doesNotContain("Exception").doesNotContain("class=\"task-group\"");
  }

  @Test
  void boundsInTheWrongOrderAreSaidNextToDueBefore() {
    Reply r = get(server, "/tasks?after=2025-10-01&before=2025-09-01");
    assertThat(r.status()).isEqualTo(400);
    assertThat(error(r.body(), "before")).isEqualTo(
        "Due after 2025-10-01 is after Due before 2025-09-01; swap them or widen the period");
  }

  @Test
  void anUnknownProjectIsSaidNextToItsFieldWithTheNearestNames() {
    Reply r = get(server, "/tasks?project=startupx");
    assertThat(r.status()).isEqualTo(400);
    assertThat(error(r.body(), "project")).contains("startupx").contains("startup-x")
        .doesNotContain("Exception");
    assertThat(r.body()).contains("<option value=\"startupx\" selected>startupx</option>");
  }

  @Test
  void bothPagesLinkToEachOther() {
    assertThat(get(server, "/").body()).contains("<nav class=\"views\" aria-label=\"Views\">"
        + "<a href=\"/\" aria-current=\"page\">Search</a><a href=\"/tasks\">Tasks</a></nav>");
    assertThat(get(server, "/tasks").body()).contains("<nav class=\"views\" aria-label=\"Views\">"
        + "<a href=\"/\">Search</a><a href=\"/tasks\" aria-current=\"page\">Tasks</a></nav>");
  }

  @Test
  void aForeignHostIsRefused() {
    Reply r = raw(server, "GET", "/tasks?status=fait", "evil.example:" + server.port());
    assertThat(r.status()).isEqualTo(403);
    assertThat(r.body()).doesNotContain("task-group");
    assertThat(get(server, "/tasks").header("Content-Security-Policy"))
        .contains("script-src 'self'");
  }

  static List<String> groups(String html) {
    return all(html, "<h2 id=\"[^\"]+\">([^<]*)</h2>");
  }

  static List<String> titles(String html) {
    return all(html, "<h3 class=\"task-title\"><a [^>]*>([^<]*)</a>");
  }

  private static String error(String html, String field) {
    List<String> e = all(html, "id=\"" + field + "-error\" role=\"alert\">([^<]*)</p>");
    assertThat(e).as(field + " error").hasSize(1);
    return e.get(0).replace("&#39;", "'").replace("&quot;", "\"");
  }

  private static List<String> all(String html, String regex) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile(regex).matcher(html);
    while (m.find()) out.add(m.group(1).replace("&#39;", "'"));
    return out;
  }
}
