package org.qmd4j.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.Scope;

/**
 * The page in a real headless Chromium, used as a person would: type and press Enter, change
 * the scope and dates, open a file, read a wrong scope's message, follow a deep link, and
 * look at a note full of HTML that must not run. Screenshots go to
 * {@code target/screenshots/}. Needs Debian's {@code chromium} and {@code chromium-driver}
 * ({@code .ci/run} installs them); skipped, saying so, when they are missing.
 */
@Tag("browser")
class BrowserTest {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  private static final Path SHOTS = Path.of("target", "screenshots");

  // Selenium maps CDP by Chromium version and warns when Debian's is newer than its table;
  // the one command used here (Emulation.setEmulatedMedia) is stable. Held: loggers are weak.
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
    Files.writeString(vault.resolve("bucket/piege.md"), PageServletTest.XSS_NOTE);
    Files.writeString(vault.resolve("bucket/obsidien.md"), PageServletTest.OBSIDIAN_NOTE);
    searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions());
    server = WebServer.newBuilder(searcher).port(0).build().start();

    driver = HeadlessChromium.start(CHROMIUM, CHROMEDRIVER, tmp);
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
  void typingAQueryAndPressingEnterShowsTheOverviewAndTheBlocks() throws IOException {
    open("/");
    WebElement q = driver.findElement(By.id("q"));
    assertThat(driver.switchTo().activeElement()).isEqualTo(q);
    q.sendKeys("stripe", Keys.ENTER);
    waitFor(".overview");
    assertThat(driver.findElement(By.cssSelector(".overview")).getText())
        .contains("Question: \"stripe\".");
    List<String> headers = texts(".block-head .path");
    assertThat(headers).isNotEmpty().contains("projects/startup-x/changelog.md");
    assertThat(texts(".block-head .lines")).anyMatch(t -> t.matches("lines \\d+-\\d+"));
    assertThat(driver.getCurrentUrl()).contains("q=stripe");
    shot("search-light-wide");
    colorScheme("dark");
    shot("search-dark-wide");
  }

  @Test
  void slashFocusesTheSearchBox() {
    open("/?q=stripe");
    driver.findElement(By.cssSelector(".summary")).click();
    assertThat(driver.switchTo().activeElement().getAttribute("id")).isNotEqualTo("q");
    new Actions(driver).sendKeys("/").perform();
    assertThat(driver.switchTo().activeElement().getAttribute("id")).isEqualTo("q");
    assertThat(driver.findElement(By.id("q")).getAttribute("value")).isEqualTo("stripe");
  }

  @Test
  void changingScopeAndDatesNarrowsTheAnswer() {
    open("/?q=stripe");
    driver.findElement(By.id("scope")).sendKeys("all-changelogs");
    driver.findElement(By.id("from")).sendKeys("2025-07-01");
    WebElement to = driver.findElement(By.id("to"));
    to.sendKeys("2025-07-31", Keys.ENTER);
    new WebDriverWait(driver, Duration.ofSeconds(20))
        .until(ExpectedConditions.urlContains("scope=all-changelogs"));
    waitFor(".overview");
    assertThat(driver.getCurrentUrl()).contains("from=2025-07-01").contains("to=2025-07-31");
    List<String> paths = texts(".block-head .path");
    assertThat(paths).isNotEmpty().allMatch(p -> p.endsWith("changelog.md"));
    assertThat(driver.findElement(By.cssSelector(".overview")).getText())
        .doesNotContain("tasks.md");
  }

  @Test
  void aBlockOpensItsWholeFileAndComesBack() throws IOException {
    open("/?q=stripe");
    WebElement firstExcerpt = driver.findElements(By.cssSelector(".block")).stream()
        .filter(b -> !b.findElements(By.cssSelector("a.open")).isEmpty())
        .findFirst().orElseThrow();
    String path = firstExcerpt.findElement(By.cssSelector(".path")).getText();
    firstExcerpt.findElement(By.cssSelector("a.open")).click();
    waitFor(".back");
    assertThat(texts(".block-head .path")).containsExactly(path);
    assertThat(driver.findElement(By.cssSelector(".block-head .lines")).getText())
        .startsWith("whole file · ");
    assertThat(driver.findElement(By.cssSelector(".tree a[aria-current=page]"))
        .getAttribute("title")).isEqualTo(path);
    shot("file-light-wide");
    driver.findElement(By.cssSelector(".back a")).click();
    waitFor(".overview");
    assertThat(driver.getCurrentUrl()).doesNotContain("open=");
  }

  @Test
  void theTreeOpensAnyFile() {
    open("/");
    WebElement file = driver.findElement(
        By.cssSelector(".tree a[title='projects/startup-x/state.md']"));
    assertThat(file.isDisplayed()).isFalse();
    driver.findElements(By.cssSelector(".tree summary")).stream()
        .filter(s -> s.getText().equals("startup-x")).findFirst().orElseThrow().click();
    file.click();
    waitFor(".block");
    assertThat(texts(".block-head .path")).containsExactly("projects/startup-x/state.md");
    assertThat(driver.findElement(By.cssSelector(".rendered h1")).getText())
        .isEqualTo("État de startup-x");
  }

  @Test
  void aTagFindsItsNoteWhoseWikiLinkOpensTheNoteItNames() {
    open("/?q=%23obsidien");
    waitFor(".overview");
    assertThat(texts(".block-head .path")).containsExactly("bucket/obsidien.md");
    assertThat(texts(".rendered mark")).containsExactly("#obsidien");
    driver.findElement(By.cssSelector(".rendered a.wikilink")).click();
    new WebDriverWait(driver, Duration.ofSeconds(20))
        .until(ExpectedConditions.urlContains("taux-tva"));
    waitFor(".block");
    assertThat(texts(".block-head .path"))
        .containsExactly("projects/comptabilite/bucket/reference/taux-tva.md");
  }

  @Test
  void theSourceToggleShowsTheVaultsLineNumbers() throws IOException {
    open("/?q=stripe&open=projects/startup-x/state.md:9-11");
    WebElement toggle = driver.findElement(By.cssSelector("button.toggle"));
    assertThat(driver.findElement(By.cssSelector(".source")).isDisplayed()).isFalse();
    toggle.click();
    assertThat(driver.findElement(By.cssSelector(".rendered")).isDisplayed()).isFalse();
    assertThat(texts(".source .n")).containsExactly("9", "10", "11");
    assertThat(driver.findElement(By.cssSelector(".source")).getText())
        .contains("## Où on en est");
    assertThat(toggle.getAttribute("aria-pressed")).isEqualTo("true");
    colorScheme("dark");
    shot("source-dark-wide");
    toggle.sendKeys(Keys.ENTER);
    assertThat(driver.findElement(By.cssSelector(".rendered")).isDisplayed()).isTrue();
  }

  @Test
  void anUnknownScopeShowsItsMessageNextToTheField() throws IOException {
    open("/?q=stripe");
    WebElement scope = driver.findElement(By.id("scope"));
    scope.sendKeys("partout", Keys.ENTER);
    WebElement error = waitFor("#scope-error");
    assertThat(error.getText())
        .isEqualTo("Unknown scope 'partout'. To search the project 'partout', write"
            + " 'project:partout'. Valid scopes are: " + Scope.VALID_SCOPES);
    assertThat(driver.findElement(By.id("scope")).getAttribute("aria-invalid"))
        .isEqualTo("true");
    assertThat(driver.findElements(By.cssSelector(".block"))).isEmpty();
    driver.manage().logs().get(LogType.BROWSER); // the 400 status is logged; it is expected
    shot("error-light-wide");
  }

  @Test
  void aDeepLinkRendersOnLoad() throws IOException {
    open("/?q=cautionnement&scope=project:startup-x&limit=5");
    assertThat(driver.findElement(By.id("q")).getAttribute("value")).isEqualTo("cautionnement");
    assertThat(driver.findElement(By.id("scope")).getAttribute("value"))
        .isEqualTo("project:startup-x");
    assertThat(texts(".block-head .path")).contains("projects/startup-x/state.md");
    driver.manage().window().setSize(new Dimension(400, 860));
    shot("search-light-narrow");
    colorScheme("dark");
    shot("search-dark-narrow");
  }

  @Test
  void aNoteFullOfHtmlIsShownAsTextAndRunsNothing() throws IOException {
    open("/?q=zanzibar");
    waitFor(".overview");
    open("/?open=bucket/piege.md");
    String text = driver.findElement(By.cssSelector(".rendered")).getText();
    assertThat(text).contains("zanzibar <script>window.pwned = 1</script>")
        .contains("<img src=x onerror=\"window.pwned = 2\">");
    assertThat(((JavascriptExecutor) driver).executeScript("return window.pwned === undefined"))
        .isEqualTo(true);
    assertThat(driver.findElements(By.cssSelector(".rendered script, .rendered img")))
        .isEmpty();
    assertThat(text).contains("clic");
    assertThat(driver.findElements(By.cssSelector("a[href^='javascript']"))).isEmpty();
    assertThatThrownBy(() -> driver.switchTo().alert()).isInstanceOf(
        NoAlertPresentException.class);
    shot("xss-light-wide");
  }

  // --- what a person reads ---------------------------------------------------------------

  @Test
  void theQuerysWordsAreMarkedInBothViewsAndNoBlockIsADayAlone() throws IOException {
    open("/?q=" + Html.url("webhook idempotence"));
    waitFor(".overview");
    WebElement first = driver.findElements(By.cssSelector(".block")).get(0);
    List<String> marked = first.findElements(By.cssSelector(".rendered mark")).stream()
        .map(WebElement::getText).collect(Collectors.toList());
    assertThat(marked).contains("webhook", "idempotence");
    for (WebElement block : driver.findElements(By.cssSelector(".block .rendered"))) {
      String text = block.getText().strip();
      assertThat(text).as("a block that is only a day heading")
          .doesNotMatch("\\d{4}-\\d{2}-\\d{2}");
      assertThat(block.findElements(By.cssSelector("h1, h2, h3")).isEmpty()
          || !text.matches("(?s).*\\n##? [^\\n]*$")).isTrue();
    }
    shot("marks-light-wide");
    first.findElement(By.cssSelector("button.toggle")).click();
    List<String> inSource = first.findElements(By.cssSelector(".source mark")).stream()
        .map(WebElement::getText).collect(Collectors.toList());
    assertThat(inSource).contains("webhook", "idempotence");
    shot("marks-source-light-wide");
  }

  @Test
  void aMisspelledQuerySaysWhatItSearchedAndNothingOffersQueriesThatMatch()
      throws IOException {
    open("/?q=idempotance");
    WebElement notice = waitFor(".notice");
    assertThat(notice.getText()).isEqualTo(
        "Showing results for idempotence (no match for idempotance)");
    assertThat(texts(".block .rendered mark")).contains("idempotence");
    shot("corrected-light-wide");
    open("/?q=wobhouk");
    waitFor(".notice").findElement(By.cssSelector("a")).click();
    waitFor(".overview");
    assertThat(driver.getCurrentUrl()).contains("q=webhook");
    assertThat(texts(".block .rendered mark")).contains("webhook");
  }

  @Test
  void noteHtmlStaysTextWhenItsWordsAreMarked() throws IOException {
    open("/?q=zanzibar");
    waitFor(".overview");
    assertThat(texts(".rendered mark")).contains("zanzibar");
    assertThat(driver.findElement(By.cssSelector(".block .rendered")).getText())
        .contains("<script>window.pwned = 1</script>");
    assertThat(((JavascriptExecutor) driver).executeScript("return window.pwned === undefined"))
        .isEqualTo(true);
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
