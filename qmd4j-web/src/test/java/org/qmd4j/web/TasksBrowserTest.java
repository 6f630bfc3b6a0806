package org.qmd4j.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;

/**
 * The Tasks page in a real headless Chromium, used as a person would: choose
 * filters in the form and press Enter, follow a deep link, read the groups, open a task and
 * come back, read a bad date's message, and look at a task full of HTML that must not run.
 * A foreign host name, resolved to the server by Chromium itself, is refused. "Today" is the
 * fixtures' 2025-09-15. Screenshots go to {@code target/screenshots/issue16-tasks*.png}.
 * Skipped, saying so, without Debian's {@code chromium} and {@code chromium-driver}.
 */
@Tag("browser")
class TasksBrowserTest {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  private static final Path SHOTS = Path.of("target", "screenshots");
  /** A name that Chromium resolves to this machine: a DNS-rebinding attacker's host. */
  private static final String FOREIGN = "tasks.evil.test";

  private static final java.util.logging.Logger CDP_LOG =
      java.util.logging.Logger.getLogger("org.openqa.selenium.devtools");

  @TempDir static Path tmp;
  private static Searcher searcher;
  private static WebServer server;
  private static ChromeDriver driver;

  @BeforeAll
  static void start() throws IOException {
    assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
        "Browser tests skipped: no " + CHROMIUM + " or " + CHROMEDRIVER + " (install Debian's "
            + "chromium and chromium-driver, as .ci/run does)");
    CDP_LOG.setLevel(java.util.logging.Level.SEVERE);
    Path vault = Fixtures.copyVault(tmp.resolve("vault"));
    Files.writeString(vault.resolve("tasks.md"), TasksServletTest.HTML_TASK,
        StandardOpenOption.APPEND);
    searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions());
    server = WebServer.newBuilder(searcher).port(0).build().start();

    driver = HeadlessChromium.start(CHROMIUM, CHROMEDRIVER, tmp, "--lang=en-US",
        "--host-resolver-rules=MAP " + FOREIGN + " 127.0.0.1");
    Files.createDirectories(SHOTS);
  }

  @AfterAll
  static void stop() {
    if (driver != null) driver.quit();
    if (server != null) server.close();
    if (searcher != null) searcher.close();
  }

  @BeforeEach
  void wide() {
    driver.manage().window().setSize(new Dimension(1360, 1000));
    colorScheme("light");
  }

  @AfterEach
  void nothingBrokeThePolicy() {
    assertThat(HeadlessChromium.policyProblems(driver)).as("console errors").isEmpty();
  }

  @Test
  void theNavLeadsFromSearchToTasksAndEveryTaskIsGroupedByProject() throws IOException {
    open("/");
    driver.findElement(By.linkText("Tasks")).click();
    waitFor(".task-group");
    assertThat(driver.getCurrentUrl()).endsWith("/tasks");
    assertThat(driver.findElement(By.cssSelector(".views [aria-current=page]")).getText())
        .isEqualTo("Tasks");
    assertThat(texts(".group-head h2")).containsExactly("Vault root", "client-dupont",
        "comptabilite", "livre-recettes", "marathon-2025", "renovation-maison", "startup-x");
    WebElement root = driver.findElements(By.cssSelector(".task-group")).get(0);
    assertThat(root.findElement(By.cssSelector(".group-path")).getText()).isEqualTo("tasks.md");
    assertThat(root.findElement(By.cssSelector(".count")).getText()).isEqualTo("4 tasks");
    assertThat(driver.findElement(By.cssSelector(".tasks-head .summary")).getText())
        .startsWith("29 tasks in 7 groups · ");
    shot("issue16-tasks-all");
  }

  @Test
  void filtersChosenInTheFormNarrowTheListAndLandInTheAddress() throws IOException {
    open("/tasks");
    new Select(driver.findElement(By.id("status"))).selectByVisibleText("bloqué");
    new Select(driver.findElement(By.id("prio"))).selectByVisibleText("haute");
    WebElement before = driver.findElement(By.id("before"));
    before.sendKeys("10012025"); // en-US: month, day, year
    assertThat(before.getAttribute("value")).isEqualTo("2025-10-01");
    driver.findElement(By.id("q")).sendKeys(Keys.ENTER);
    new WebDriverWait(driver, Duration.ofSeconds(20))
        .until(ExpectedConditions.urlContains("before=2025-10-01"));
    assertThat(driver.getCurrentUrl()).contains("status=bloqu%C3%A9").contains("prio=haute");
    assertThat(texts(".task-title")).containsExactly(
        "Certificat médical pour le dossard",
        "Relancer le plombier pour la pose du meuble vasque");
    assertThat(texts(".group-head h2")).containsExactly("marathon-2025", "renovation-maison");
    assertThat(texts(".task .badge.status")).allMatch(s -> s.endsWith("bloqué"));
    shot("issue16-tasks-filtered");
    colorScheme("dark");
    shot("issue16-tasks-filtered-dark");
  }

  @Test
  void aDeepLinkFillsTheFormAndOverdueTasksStandOut() throws IOException {
    open("/tasks?status=" + Html.url("en-cours") + "&prio=haute");
    assertThat(new Select(driver.findElement(By.id("status"))).getFirstSelectedOption()
        .getText()).isEqualTo("en-cours");
    assertThat(new Select(driver.findElement(By.id("prio"))).getFirstSelectedOption()
        .getText()).isEqualTo("haute");
    WebElement late = driver.findElements(By.cssSelector(".task")).stream()
        .filter(t -> t.getText().contains("Rendre le traitement des paiements idempotent"))
        .findFirst().orElseThrow();
    assertThat(late.getAttribute("class")).contains("due-overdue");
    assertThat(late.findElement(By.cssSelector(".task-meta .due")).getText())
        .isEqualTo("Due 2025-07-25 · overdue by 52 days");
    String red = late.findElement(By.cssSelector(".task-meta .due")).getCssValue("color");
    String plain = driver.findElement(By.cssSelector(".task-meta .where")).getCssValue("color");
    assertThat(red).isNotEqualTo(plain);
    driver.manage().window().setSize(new Dimension(400, 860));
    shot("issue16-tasks-narrow");
  }

  @Test
  void aTaskOpensItsFileAtItsLinesAndTheFileLeadsBackToTheSameList() {
    open("/tasks?project=startup-x&prio=basse");
    driver.findElement(By.linkText("Réécrire les tests Cypress instables")).click();
    waitFor(".block");
    assertThat(texts(".block-head .path")).containsExactly("projects/startup-x/tasks.md");
    assertThat(driver.findElement(By.cssSelector(".block-head .lines")).getText())
        .isEqualTo("lines 30-33");
    assertThat(driver.findElement(By.cssSelector(".rendered h1")).getText())
        .isEqualTo("Réécrire les tests Cypress instables");
    driver.findElement(By.linkText("← Back to tasks")).click();
    waitFor(".task-group");
    assertThat(driver.getCurrentUrl()).endsWith("/tasks?project=startup-x&prio=basse");
    assertThat(texts(".task-title")).containsExactly("Réécrire les tests Cypress instables");
  }

  @Test
  void htmlInATaskIsShownAsTextAndRunsNothing() throws IOException {
    open("/tasks?project=-");
    assertThat(texts(".task-title")).contains(
        "Vérifier <script>window.pwned = 3</script> le <b>formulaire</b> & co");
    assertThat(driver.findElement(By.cssSelector(".task.due-overdue .task-note")).getText())
        .isEqualTo("Texte <img src=x onerror=\"window.pwned = 4\"> à relire.");
    assertThat(driver.findElements(By.cssSelector("main script, main img, main b"))).isEmpty();
    assertThat(((JavascriptExecutor) driver).executeScript("return window.pwned === undefined"))
        .isEqualTo(true);
    shot("issue16-tasks-html");
  }

  @Test
  void anImpossibleDateIsSaidNextToItsFieldAndNothingIsListed() throws IOException {
    open("/tasks?status=" + Html.url("bloqué") + "&before=2025-02-30");
    WebElement error = waitFor("#before-error");
    assertThat(error.getText()).startsWith("Due before: ").contains("2025-02-30")
        .doesNotContain("Exception").doesNotContain("org.qmd4j");
    assertThat(driver.findElement(By.id("before")).getAttribute("aria-invalid"))
        .isEqualTo("true");
    assertThat(driver.findElements(By.cssSelector(".task-group"))).isEmpty();
    driver.manage().logs().get(LogType.BROWSER); // the 400 status is logged; it is expected
    shot("issue16-tasks-error");
  }

  @Test
  void noMatchIsAFriendlySentenceAndSlashFocusesTheWords() throws IOException {
    open("/tasks?q=licorne");
    assertThat(waitFor(".empty-tasks").getText()).startsWith("No task matches these filters");
    driver.findElement(By.cssSelector(".empty-tasks p")).click();
    new Actions(driver).sendKeys("/").perform();
    assertThat(driver.switchTo().activeElement().getAttribute("id")).isEqualTo("q");
    assertThat(driver.findElement(By.id("q")).getAttribute("value")).isEqualTo("licorne");
    shot("issue16-tasks-empty");
  }

  @Test
  void everyFieldHasALabelAndTheHeadingsOutlineThePage() {
    open("/tasks");
    for (String id : List.of("q", "status", "prio", "project", "after", "before")) {
      assertThat(driver.findElements(By.cssSelector("label[for=" + id + "]")))
          .as("label of " + id).hasSize(1);
    }
    assertThat(texts("main h1")).containsExactly("Tasks");
    assertThat(driver.findElements(By.cssSelector("main h2"))).hasSize(7);
    assertThat(driver.findElements(By.cssSelector("main h3"))).hasSize(29);
  }

  @Test
  void aFolderOfNotesOffersNoTasksAndItsAddressSaysWhyWithAWayBack() throws IOException {
    try (Searcher notes = SearchProviders.forVault(Fixtures.notesVault(),
        Fixtures.memoryOptions());
        WebServer notesServer = WebServer.newBuilder(notes).port(0).build().start()) {
      driver.get(notesServer.uri().resolve("/").toString());
      assertThat(texts(".views a")).containsExactly("Search");
      assertThat(driver.findElements(By.linkText("Tasks"))).isEmpty();
      driver.get(notesServer.uri().resolve("/tasks").toString());
      WebElement why = waitFor(".no-tasks");
      assertThat(why.findElement(By.tagName("h2")).getText())
          .isEqualTo("This vault has no task list");
      assertThat(why.getText()).contains("It uses the notes layout (detected: no projects/, "
          + "changelog.md or tasks.md at the root)").contains("--layout projects");
      assertThat(driver.findElements(By.cssSelector("[role=alert], form, .task-group")))
          .isEmpty();
      assertThat(texts(".views a")).containsExactly("Search");
      shot("issue16-tasks-notes");
      why.findElement(By.linkText("Search the notes")).click();
      waitFor("#q");
      assertThat(driver.getCurrentUrl()).isEqualTo(notesServer.uri().resolve("/").toString());
    }
  }

  @Test
  void aForeignHostIsRefusedEvenByARealBrowser() {
    driver.get("http://" + FOREIGN + ":" + server.port() + "/tasks");
    // The refusal is the app's error page: its alert holds the message.
    assertThat(driver.findElement(By.cssSelector(".alert p")).getText())
        .startsWith("Host '" + FOREIGN + ":" + server.port() + "' is not this server's");
    assertThat(driver.findElements(By.cssSelector(".task-group"))).isEmpty();
    driver.manage().logs().get(LogType.BROWSER); // the 403 status is logged; it is expected
  }

  private static void open(String pathAndQuery) {
    driver.get(server.uri().resolve(pathAndQuery).toString());
  }

  private static WebElement waitFor(String css) {
    return new WebDriverWait(driver, Duration.ofSeconds(20))
        .until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(css)));
  }

  private static List<String> texts(String css) {
    return driver.findElements(By.cssSelector(css)).stream().map(WebElement::getText)
        .collect(Collectors.toList());
  }

  private static void colorScheme(String scheme) {
    driver.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features",
        List.of(Map.of("name", "prefers-color-scheme", "value", scheme))));
  }

  private static void shot(String name) throws IOException {
    File png = driver.getScreenshotAs(OutputType.FILE);
    Files.copy(png.toPath(), SHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
  }
}
