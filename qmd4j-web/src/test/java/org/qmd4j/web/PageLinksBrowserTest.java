package org.qmd4j.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
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
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;

/**
 * Tags, backlinks and field errors in a real headless Chromium: a click on a tag runs its
 * search, a note lists the notes linking to it and opens them, and two invalid fields show
 * both their messages, each a line or two beside its field. Screenshots go to
 * {@code target/screenshots/}. Skipped, saying so, without Debian's chromium.
 */
@Tag("browser")
class PageLinksBrowserTest {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  private static final Path SHOTS = Path.of("target", "screenshots");

  @TempDir static Path tmp;
  private static Searcher searcher;
  private static WebServer server;
  private static ChromeDriver driver;

  @BeforeAll
  static void start() throws IOException {
    assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
        "Browser tests skipped: no " + CHROMIUM + " or " + CHROMEDRIVER + " (install Debian's "
            + "chromium and chromium-driver, as .ci/run does)");
    Path vault = Fixtures.copyVault(tmp.resolve("vault"));
    Files.writeString(vault.resolve("bucket/obsidien.md"), PageServletTest.OBSIDIAN_NOTE);
    Files.writeString(vault.resolve("bucket/memo.md"), PageLinksTest.LISTS_NOTE);
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
  }

  @AfterEach
  void nothingBrokeThePolicy() {
    assertThat(HeadlessChromium.policyProblems(driver)).as("console errors").isEmpty();
  }

  @Test
  void aTagInANoteRunsItsSearchWhenClicked() throws IOException {
    open("/?open=bucket/obsidien.md");
    WebElement tag = waitFor(".rendered a.tag");
    assertThat(tag.getText()).isEqualTo("#obsidien");
    tag.click();
    new WebDriverWait(driver, Duration.ofSeconds(20))
        .until(ExpectedConditions.urlContains("q=%23obsidien"));
    waitFor(".overview");
    assertThat(driver.findElement(By.id("q")).getAttribute("value")).isEqualTo("#obsidien");
    assertThat(texts(".block-head .path")).containsExactly("bucket/obsidien.md");
    shot("tag-search-light-wide");
  }

  @Test
  void aFrontmatterTagRunsItsSearchAndAListIsAList() throws IOException {
    open("/?open=bucket/memo.md");
    assertThat(texts(".frontmatter .yaml-list li")).containsExactly("TVA réduite", "taux bas");
    assertThat(texts(".frontmatter a.tag")).containsExactly("#fiscalité", "#memo/tva");
    shot("frontmatter-light-wide");
    open("/?open=" + PageLinksTest.TVA);
    driver.findElements(By.cssSelector(".frontmatter a.tag")).stream()
        .filter(a -> a.getText().equals("#tva")).findFirst().orElseThrow().click();
    new WebDriverWait(driver, Duration.ofSeconds(20))
        .until(ExpectedConditions.urlContains("q=%23tva"));
    waitFor(".overview");
    assertThat(texts(".block-head .path")).contains(PageLinksTest.TVA);
  }

  @Test
  void aNoteShowsItsBacklinksAndOneOpensTheLinkingNote() throws IOException {
    open("/?open=" + PageLinksTest.TVA);
    WebElement backlinks = waitFor(".backlinks");
    assertThat(backlinks.findElement(By.cssSelector("h2")).getText())
        .isEqualToIgnoringCase("Linked from");
    List<WebElement> links = backlinks.findElements(By.cssSelector("a"));
    assertThat(links).extracting(WebElement::getText).containsExactly("Lectures");
    shot("backlinks-light-wide");
    links.get(0).click();
    new WebDriverWait(driver, Duration.ofSeconds(20))
        .until(ExpectedConditions.urlContains("obsidien.md"));
    assertThat(texts(".block-head .path")).containsExactly("bucket/obsidien.md");
  }

  @Test
  void resultsShowTheirDate() {
    open("/?q=stripe");
    waitFor(".overview");
    List<WebElement> dates = driver.findElements(By.cssSelector(".block-head .date"));
    assertThat(dates).isNotEmpty().allMatch(WebElement::isDisplayed);
    assertThat(dates.get(0).getText()).matches("\\d{4}-\\d{2}-\\d{2} \\(.+\\).*");
  }

  @Test
  void twoInvalidFieldsShowBothMessagesInALineOrTwoEach() throws IOException {
    for (Dimension size : List.of(new Dimension(1360, 1000), new Dimension(400, 860))) {
      driver.manage().window().setSize(size);
      open("/?q=stripe&scope=partout&from=demain-matin");
      WebElement scope = waitFor("#scope-error");
      WebElement from = waitFor("#from-error");
      assertThat(scope.getText()).startsWith("Unknown scope 'partout'.");
      shot("two-errors-light-" + (size.getWidth() > 1000 ? "wide" : "narrow"));
      assertThat(from.getText()).isEqualTo("Not a date this page reads");
      double line = Double.parseDouble(driver.executeScript("return parseFloat("
          + "getComputedStyle(arguments[0]).lineHeight)", from).toString());
      assertThat(from.getSize().getHeight()).as("the From error at " + size)
          .isLessThanOrEqualTo((int) Math.ceil(2 * line));
      assertThat(driver.findElement(By.cssSelector(".f-from .field-more")).getText())
          .isEqualTo("Accepted dates");
      assertThat(driver.findElements(By.cssSelector(".block"))).isEmpty();
      driver.manage().logs().get(LogType.BROWSER); // the 400 status is logged; expected
    }
    driver.findElement(By.cssSelector(".f-from .field-more summary")).click();
    assertThat(driver.findElement(By.cssSelector(".f-from .field-more p")).getText())
        .startsWith("From: Invalid date 'demain-matin': it is not a recognized form; expected");
  }

  @Test
  void emptyDateFieldsReadAsAnyDate() throws IOException {
    open("/");
    for (String id : List.of("from", "to")) {
      WebElement field = driver.findElement(By.id(id));
      assertThat(field.getAttribute("value")).isEmpty();
      assertThat(field.getAttribute("placeholder")).isEqualTo("Any date");
    }
    shot("filters-light-wide");
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

  private static void shot(String name) throws IOException {
    File png = driver.getScreenshotAs(OutputType.FILE);
    Files.copy(png.toPath(), SHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
  }
}
