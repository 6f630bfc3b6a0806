package org.qmd4j;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.GeneralCodingRules;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Guards of qmd4j-core's shape: no package cycles, dependencies point down, the
 * library never prints, no class grows past {@value #MAX_LINES} lines, and the other modules
 * reach core through its exported packages only.
 */
class ArchitectureTest {
  private static final JavaClasses CORE = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("org.qmd4j");

  static final int MAX_LINES = 350;

  /**
   * Core's packages that are not API: no module but core may name them. The engines outside
   * core reach what they need through {@code spi.SearchEngine.Context}.
   */
  static final List<String> INNER = List.of("internal", "analysis", "watch", "cache",
      "embedded", "qmd", "vault");

  /** A name of a class of an inner package, in an import or in code. */
  private static final Pattern INNER_NAME = Pattern.compile(
      "\\borg\\.qmd4j\\.(?:" + String.join("|", INNER) + ")\\.[A-Za-z]");

  /**
   * Classes still over {@value #MAX_LINES} lines, with their size when listed. The engine
   * engineers are splitting them: delete an entry (and, once empty, this map) as soon as its
   * class fits; an entry may never grow.
   */
  private static final Map<String, Integer> TOO_LONG_FOR_NOW = Map.of();

  /** Each Java package is a slice. */
  private static final SliceAssignment BY_PACKAGE = new SliceAssignment() {
    @Override
    public SliceIdentifier getIdentifierOf(com.tngtech.archunit.core.domain.JavaClass c) {
      return SliceIdentifier.of(c.getPackageName());
    }

    @Override
    public String getDescription() {
      return "the packages of qmd4j-core";
    }
  };

  @Test
  void noPackageCycles() {
    SlicesRuleDefinition.slices().assignedFrom(BY_PACKAGE).should().beFreeOfCycles()
        .check(CORE);
  }

  @Test
  void nothingBelowTheRootImportsTheRoot() {
    noClasses().that().resideInAPackage("org.qmd4j..")
        .and().resideOutsideOfPackage("org.qmd4j")
        .should().dependOnClassesThat().resideInAPackage("org.qmd4j")
        .check(CORE);
  }

  @Test
  void searchDependsOnNoOtherQmd4jPackage() {
    noClasses().that().resideInAPackage("org.qmd4j.search..")
        .should().dependOnClassesThat(com.tngtech.archunit.core.domain.JavaClass.Predicates
            .resideInAPackage("org.qmd4j..")
            .and(com.tngtech.archunit.core.domain.JavaClass.Predicates
                .resideOutsideOfPackage("org.qmd4j.search..")))
        .check(CORE);
  }

  @Test
  void spiDependsOnlyOnSearch() {
    noClasses().that().resideInAPackage("org.qmd4j.spi..")
        .should().dependOnClassesThat(com.tngtech.archunit.core.domain.JavaClass.Predicates
            .resideInAPackage("org.qmd4j..")
            .and(com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackages(
                "org.qmd4j.spi..", "org.qmd4j.search..")))
        .check(CORE);
  }

  @Test
  void theLibraryNeverPrints() {
    // System.out, System.err and printStackTrace: the library logs through SLF4J or throws.
    GeneralCodingRules.NO_CLASSES_SHOULD_ACCESS_STANDARD_STREAMS.check(CORE);
  }

  @Test
  void noClassIsOverTheLineLimit() throws IOException {
    Path sources = Path.of("src/main/java");
    Map<String, Integer> tooLong = new TreeMap<>();
    try (Stream<Path> files = Files.walk(sources)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java"))
          .collect(Collectors.toList())) {
        int lines = Files.readAllLines(file).size();
        if (lines > MAX_LINES) {
          tooLong.put(sources.relativize(file).toString().replace('\\', '/'), lines);
        }
      }
    }
    for (Map.Entry<String, Integer> e : tooLong.entrySet()) {
      assertThat(TOO_LONG_FOR_NOW).as(e.getKey() + " has " + e.getValue() + " lines (at most "
          + MAX_LINES + "): split it by job").containsKey(e.getKey());
      assertThat(e.getValue()).as(e.getKey() + " may not grow while it is on the allow-list")
          .isLessThanOrEqualTo(TOO_LONG_FOR_NOW.get(e.getKey()));
    }
    assertThat(TOO_LONG_FOR_NOW.keySet()).as("allow-listed classes that now fit: remove them")
        .isSubsetOf(tooLong.keySet());
  }

  /**
   * No main source of another module (the CLI, MCP, web, Solr, semantic, testkit, examples)
   * names a class of core's inner packages or declares itself in one. Their tests may: a
   * white-box test of a built-in engine lives in that engine's package.
   */
  @Test
  void noModuleButCoreNamesCoresInnerPackages() throws IOException {
    List<Path> roots = new ArrayList<>();
    try (Stream<Path> modules = Files.list(Path.of(".."))) {
      modules.filter(m -> !m.getFileName().toString().equals("qmd4j-core"))
          .forEach(m -> roots.add(m.resolve("src/main/java")));
    }
    roots.add(Path.of("../examples/own-engine/src/main/java"));
    List<String> found = new ArrayList<>();
    int files = 0;
    for (Path root : roots) {
      if (!Files.isDirectory(root)) continue;
      try (Stream<Path> sources = Files.walk(root)) {
        for (Path file : sources.filter(f -> f.toString().endsWith(".java")).toList()) {
          files++;
          List<String> lines = Files.readAllLines(file);
          for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            boolean inner = INNER.stream().anyMatch(p -> line.startsWith("package org.qmd4j." + p
                + ";") || line.startsWith("package org.qmd4j." + p + "."));
            if (inner || INNER_NAME.matcher(line).find()) {
              found.add(root.getParent().getParent().getFileName() + ": " + root.relativize(file)
                  + ":" + (i + 1) + ": " + line.strip());
            }
          }
        }
      }
    }
    assertThat(files).as("main sources of the other modules").isGreaterThan(100);
    assertThat(found).as("names of core's inner packages " + INNER + " outside core; reach"
        + " them through org.qmd4j, org.qmd4j.spi or org.qmd4j.search").isEmpty();
  }

  /**
   * No module ships a hand-written JSON schema: the MCP tools' input and output schemas are
   * generated from the catalogue's request and answer records (their reviewed copies live under
   * qmd4j-mcp's test resources).
   */
  @Test
  void noJsonSchemaIsWrittenByHand() throws IOException {
    List<String> found = new ArrayList<>();
    try (Stream<Path> modules = Files.list(Path.of(".."))) {
      for (Path module : modules.toList()) {
        Path resources = module.resolve("src/main/resources");
        if (!Files.isDirectory(resources)) continue;
        try (Stream<Path> files = Files.walk(resources)) {
          for (Path file : files.filter(f -> f.toString().endsWith(".json")).toList()) {
            if (Files.readString(file).contains("\"properties\"")) {
              found.add(module.getFileName() + ": " + resources.relativize(file));
            }
          }
        }
      }
    }
    assertThat(found).as("JSON schemas under src/main/resources; describe the operation's"
        + " request or answer as a record of org.qmd4j.catalogue instead").isEmpty();
  }
}
