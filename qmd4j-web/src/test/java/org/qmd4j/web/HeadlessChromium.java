package org.qmd4j.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/** Debian's headless Chromium, driven by Debian's chromedriver, for the browser tests. */
final class HeadlessChromium {
  private HeadlessChromium() {}

  /**
   * Starts Chromium with a fresh profile under {@code profileParent}, its console recorded, and
   * the flags that keep it off the network (this machine has none but loopback).
   */
  static ChromeDriver start(Path chromium, Path chromedriver, Path profileParent,
      String... extraArguments) throws IOException {
    List<String> arguments = new ArrayList<>(List.of("--headless", "--no-sandbox",
        "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
        "--hide-scrollbars"));
    arguments.addAll(List.of(extraArguments));
    arguments.add("--user-data-dir="
        + Files.createDirectories(profileParent.resolve("chromium-profile")));
    ChromeOptions options = new ChromeOptions();
    options.setBinary(chromium.toFile());
    options.addArguments(arguments);
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, java.util.logging.Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    // The driver is Debian's, named explicitly: Selenium Manager downloads nothing.
    ChromeDriverService service = new ChromeDriverService.Builder()
        .usingDriverExecutable(chromedriver.toFile()).usingAnyFreePort().build();
    return new ChromeDriver(service, options);
  }

  /** Console lines since the last call that say the page broke its policy or threw. */
  static List<String> policyProblems(WebDriver driver) {
    return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
        .map(LogEntry::getMessage)
        .filter(m -> m.contains("Content Security Policy") || m.contains("Uncaught"))
        .collect(Collectors.toList());
  }
}
