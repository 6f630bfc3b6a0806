package org.qmd4j.notes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.InvalidQueryException;
import org.qmd4j.search.InvalidRequestException;
import org.qmd4j.search.InvalidScopeException;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.Mode;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.SearchEngine;

/** The typed facade of {@link Searcher} on the example vault. */
class TypedSearchTest {
  private static Searcher searcher;

  @BeforeAll
  static void open() {
    searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
  }

  @AfterAll
  static void close() {
    searcher.close();
  }

  private static LocalDate date(String iso) {
    return LocalDate.parse(iso);
  }

  // --- tasks --------------------------------------------------------------------------------

  @Test
  void taskCarriesTitleStatusPriorityDeadlineAndLines() {
    List<Task> tasks = searcher.tasks(NoteQuery.of(Kind.TASKS, "term sheet"));
    assertThat(tasks).first().satisfies(t -> {
      assertThat(t.path()).isEqualTo("projects/startup-x/tasks.md");
      assertThat(t.project()).contains("startup-x");
      assertThat(t.title()).isEqualTo("Signer la term sheet");
      assertThat(t.status()).contains("bloqué");
      assertThat(t.priority()).contains("haute");
      assertThat(t.deadline()).contains(date("2025-10-15"));
      assertThat(t.lines()).isEqualTo(new LineRange(35, 39));
      assertThat(t.text()).startsWith("# Signer la term sheet\nstatus: bloqué")
          .endsWith("n'est pas terminée.");
      assertThat(t.score()).isBetween(0.0, 1.0);
    });
  }

  @Test
  void statusFilterIgnoresAccentsAndCase() {
    List<Task> blocked = searcher.tasks(NoteQuery.newBuilder(Kind.TASKS).status("BLOQUE").limit(50)
        .build());
    assertThat(blocked).hasSize(7).allSatisfy(t -> assertThat(t.status()).contains("bloqué"));
  }

  @Test
  void projectAndPriorityNarrowTheTasks() {
    List<Task> high = searcher.tasks(NoteQuery.newBuilder(Kind.TASKS).project("startup-x")
        .priority("Haute").limit(50).build());
    assertThat(high).extracting(Task::title).containsExactlyInAnyOrder(
        "Rendre le traitement des paiements idempotent", "Récupérer l'accès root au compte AWS",
        "Mettre à jour le deck investisseurs", "Signer la term sheet");
    List<Task> blockedHigh = searcher.tasks(NoteQuery.newBuilder(Kind.TASKS).status("bloqué")
        .priority("haute").limit(50).build());
    assertThat(blockedHigh).hasSize(5);
  }

  @Test
  void hashLinesInCodeAreNotTasks() {
    List<Task> tasks = searcher.tasks(NoteQuery.newBuilder(Kind.TASKS).project("comptabilite").limit(50)
        .build());
    assertThat(tasks).extracting(Task::title).containsExactlyInAnyOrder(
        "Relancer le client Dupont pour la facture 2025-014", "Déclarer la TVA Q3",
        "Automatiser l'export mensuel des écritures", "Payer la CFE 2025",
        "Rapprocher les relevés bancaires de juillet");
    assertThat(tasks).filteredOn(t -> t.title().startsWith("Automatiser")).singleElement()
        .satisfies(t -> {
          assertThat(t.deadline()).isEmpty();
          assertThat(t.text()).contains("# export mensuel pour le cabinet Lambert");
        });
  }

  @Test
  void rootTaskHasNoProject() {
    assertThat(searcher.tasks(NoteQuery.of(Kind.TASKS, "assurance habitation"))).first().satisfies(t -> {
      assertThat(t.path()).isEqualTo("tasks.md");
      assertThat(t.project()).isEmpty();
      assertThat(t.lines()).isEqualTo(new LineRange(6, 11));
      assertThat(t.deadline()).contains(date("2025-09-20"));
    });
  }

  @Test
  void deadlineBoundsAreInclusive() {
    List<Task> due = searcher.tasks(NoteQuery.newBuilder(Kind.TASKS).from("2025-09-20")
        .to("2025-09-30").limit(50).build());
    assertThat(due).extracting(t -> t.deadline().orElseThrow()).containsExactlyInAnyOrder(
        date("2025-09-20"), date("2025-09-25"), date("2025-09-26"), date("2025-09-30"),
        date("2025-09-30"));
  }

  @Test
  void relativeDeadlineBoundsFollowTheSearchersClock() {
    // The fixed clock is 2025-09-15: overdue or due today.
    List<Task> overdue = searcher.tasks(NoteQuery.newBuilder(Kind.TASKS).to("today")
        .limit(50).build());
    assertThat(overdue).extracting(t -> t.deadline().orElseThrow()).containsExactlyInAnyOrder(
        date("2025-06-15"), date("2025-07-25"), date("2025-07-31"), date("2025-09-10"),
        date("2025-09-15"));
    // A period as an upper bound means its last day, as a lower bound its first day.
    List<Task> thisMonth = searcher.tasks(NoteQuery.newBuilder(Kind.TASKS).from("ce mois-ci")
        .to("this month").limit(50).build());
    assertThat(thisMonth).hasSize(8).allSatisfy(t -> assertThat(t.deadline().orElseThrow())
        .isBetween(date("2025-09-01"), date("2025-09-30")));
  }

  @Test
  void aDeadlineBoundLeavesOutTasksWithoutDeadline() {
    NoteQuery.Builder<Task> blocked = NoteQuery.newBuilder(Kind.TASKS).status("bloqué").limit(50);
    assertThat(searcher.tasks(blocked.build())).hasSize(7);
    List<Task> dated = searcher.tasks(blocked.from("2000-01-01").build());
    assertThat(dated).extracting(Task::title).containsExactlyInAnyOrder(
        "Signer la term sheet", "Payer la CFE 2025", "Certificat médical pour le dossard",
        "Relancer le plombier pour la pose du meuble vasque");
    // The filter runs while ranking: a small limit is still filled.
    assertThat(searcher.tasks(blocked.limit(3).build())).hasSize(3)
        .allSatisfy(t -> assertThat(t.deadline()).isPresent());
  }

  @Test
  void deadlineBoundsInTheWrongOrderAreTypedAndNamed() {
    assertThatThrownBy(() -> searcher.tasks(NoteQuery.newBuilder(Kind.TASKS).from("2025-10-01")
        .to("2025-09-01").build()))
        .isInstanceOf(InvalidDateException.class)
        .hasMessage("deadline_after 2025-10-01 is after deadline_before 2025-09-01; swap them "
            + "or widen the period");
    assertThatThrownBy(() -> searcher.tasks(NoteQuery.newBuilder(Kind.TASKS).from("today")
        .to("yesterday").build()))
        .isInstanceOf(InvalidDateException.class)
        .hasMessage("deadline_after 2025-09-15 ('today') is after deadline_before 2025-09-14 "
            + "('yesterday'); swap them or widen the period");
  }

  @Test
  void unparseableDeadlineNamesItsParameter() {
    assertThatThrownBy(() -> NoteQuery.newBuilder(Kind.TASKS).to("bientôt"))
        .isInstanceOf(InvalidDateException.class)
        .hasMessageStartingWith("deadline_before: ")
        .hasMessageContaining("bientôt");
    assertThatThrownBy(() -> NoteQuery.newBuilder(Kind.TASKS).from("2025-02-30"))
        .isInstanceOf(InvalidDateException.class)
        .hasMessageStartingWith("deadline_after: ");
  }

  // --- changelog ----------------------------------------------------------------------------

  @Test
  void changelogEntriesCarryDateTagTitleAndTheirOwnLines() {
    List<ChangelogEntry> entries = searcher.changelog(NoteQuery.newBuilder(Kind.CHANGELOG)
        .project("startup-x").tag("[décision]").from("2025-07-14").to("2025-07-14").build());
    assertThat(entries).extracting(ChangelogEntry::lines).containsExactly(
        new LineRange(23, 27), new LineRange(42, 44), new LineRange(61, 63));
    assertThat(entries.get(0)).satisfies(e -> {
      assertThat(e.date()).contains(date("2025-07-14"));
      assertThat(e.tag()).contains("décision");
      assertThat(e.title()).isEqualTo("Abandon de l'API externe");
      assertThat(e.text()).startsWith("## [décision] Abandon de l'API externe\n")
          .endsWith("seront prévenus par mail.");
      assertThat(e.project()).contains("startup-x");
    });
  }

  @Test
  void tagFilterFindsEveryDecisionOfEveryChangelog() {
    List<ChangelogEntry> decisions = searcher.changelog(NoteQuery.newBuilder(Kind.CHANGELOG)
        .tag("Decision").limit(50).build());
    assertThat(decisions).hasSize(18)
        .allSatisfy(e -> assertThat(e.tag()).contains("décision"));
    assertThat(decisions).extracting(ChangelogEntry::path).contains("changelog.md");
    assertThat(decisions).filteredOn(e -> e.path().equals("changelog.md"))
        .allSatisfy(e -> assertThat(e.project()).isEmpty());
  }

  @Test
  void aDayChunkIsSplitIntoItsEntriesNewestFirstForTheWildcard() {
    List<ChangelogEntry> latest = searcher.changelog(NoteQuery.newBuilder(Kind.CHANGELOG)
        .project("startup-x").limit(3).build());
    assertThat(latest).extracting(e -> e.lines().toString() + " " + e.tag().orElse(""))
        .containsExactly("3-6 livraison", "8-9 note", "13-16 décision");
    assertThat(latest).extracting(e -> e.date().orElseThrow()).containsExactly(
        date("2025-09-08"), date("2025-09-08"), date("2025-08-20"));
  }

  @Test
  void changelogQueryFindsTheEntryInACrlfFile() {
    assertThat(searcher.changelog(NoteQuery.of(Kind.CHANGELOG, "clafoutis"))).first().satisfies(e -> {
      assertThat(e.path()).isEqualTo("projects/livre-recettes/changelog.md");
      assertThat(e.text()).contains("clafoutis").doesNotContain("\r");
      assertThat(e.date()).contains(date("2025-09-02"));
    });
  }

  @Test
  void changelogPeriodInTheWrongOrderIsTyped() {
    assertThatThrownBy(() -> searcher.changelog(NoteQuery.newBuilder(Kind.CHANGELOG)
        .from("2025-09-01").to("2025-08-01").build()))
        .isInstanceOf(InvalidDateException.class)
        .hasMessage("date_from 2025-09-01 is after date_to 2025-08-01; swap them or widen the "
            + "period");
  }

  // --- states and descriptions --------------------------------------------------------------

  @Test
  void stateHasItsProjectUpdatedDateAndOrderedSections() {
    List<ProjectState> states = searcher.states(NoteQuery.newBuilder(Kind.STATES).project("startup-x")
        .build());
    assertThat(states).singleElement().satisfies(s -> {
      assertThat(s.project()).isEqualTo("startup-x");
      assertThat(s.updated()).contains(date("2025-07-15"));
      assertThat(s.sections().keySet()).containsExactly("État de startup-x", "Où on en est",
          "Prochaines étapes", "Risques");
      assertThat(s.sections().get("Risques")).startsWith("- Trésorerie")
          .contains("cautionnement");
      assertThat(s.lines()).isEqualTo(new LineRange(7, 22));
      assertThat(s.text()).startsWith("# État de startup-x");
    });
  }

  @Test
  void everyStateIsFoundWithItsAwkwardFrontmatter() {
    List<ProjectState> states = searcher.states(NoteQuery.newBuilder(Kind.STATES).limit(50).build());
    assertThat(states).hasSize(7);
    Map<String, Optional<LocalDate>> updated = new java.util.HashMap<>();
    states.forEach(s -> updated.put(s.project(), s.updated()));
    assertThat(updated).containsEntry("client-dupont", Optional.empty()) // updated: soon
        .containsEntry("comptabilite", Optional.of(date("2025-09-10"))) // quoted
        .containsEntry("marathon-2025", Optional.of(date("2025-08-30"))); // BOM
    assertThat(states).filteredOn(s -> s.project().equals("jardin-potager")).singleElement()
        .satisfies(s -> assertThat(s.section("récoltes prévues")).contains(
            "- Courgettes : à partir de début juillet\n- Tomates : mi-juillet à fin septembre"));
  }

  @Test
  void statePeriodUsesUpdatedAndDropsUndatedStates() {
    List<ProjectState> recent = searcher.states(NoteQuery.newBuilder(Kind.STATES).from("2025-08-01")
        .build());
    assertThat(recent).extracting(ProjectState::project).containsExactly("comptabilite",
        "livre-recettes", "marathon-2025");
  }

  @Test
  void descriptionsHaveTheirProjectAndUpdatedDate() {
    assertThat(searcher.descriptions(NoteQuery.newBuilder(Kind.DESCRIPTIONS).build()))
        .extracting(Description::project).containsExactlyInAnyOrder("startup-x",
            "client-dupont", "renovation-maison", "comptabilite");
    assertThat(searcher.descriptions(NoteQuery.of(Kind.DESCRIPTIONS, "SaaS"))).first().satisfies(d -> {
      assertThat(d.project()).isEqualTo("startup-x");
      assertThat(d.updated()).contains(date("2025-04-20"));
      assertThat(d.lines()).isEqualTo(new LineRange(5, 21));
      assertThat(d.text()).startsWith("# startup-x\n");
    });
  }

  // --- buckets ------------------------------------------------------------------------------

  @Test
  void bucketItemCarriesTypeDatesTagsAndFrontmatter() {
    List<BucketItem> items = searcher.buckets(NoteQuery.of(Kind.BUCKETS, "freemium"));
    assertThat(items).first().satisfies(b -> {
      assertThat(b.path()).isEqualTo("projects/startup-x/bucket/idees/pricing-freemium.md");
      assertThat(b.project()).contains("startup-x");
      assertThat(b.type()).contains("idée");
      assertThat(b.created()).contains(date("2025-06-28"));
      assertThat(b.updated()).contains(date("2025-07-14"));
      assertThat(b.tags()).containsExactly("pricing", "croissance");
      assertThat(b.frontmatter()).containsExactly(Map.entry("type", "idée"),
          Map.entry("created", "2025-06-28"), Map.entry("updated", "2025-07-14"),
          Map.entry("tags", List.of("pricing", "croissance")));
      assertThat(b.lines()).isEqualTo(new LineRange(8, 18));
      assertThat(b.text()).startsWith("# Freemium : pour ou contre ?");
    });
  }

  @Test
  void typeAndTagFiltersIgnoreCaseAndAccents() {
    List<BucketItem> meetings = searcher.buckets(NoteQuery.newBuilder(Kind.BUCKETS).type("REUNION")
        .limit(50).build());
    assertThat(meetings).hasSize(9).allSatisfy(b -> assertThat(b.type()).contains("réunion"));
    assertThat(searcher.buckets(NoteQuery.newBuilder(Kind.BUCKETS).tags("Dupont").limit(50).build()))
        .hasSize(3);
    assertThat(searcher.buckets(NoteQuery.newBuilder(Kind.BUCKETS).type("réunion")
        .tags("dupont", "comite").build()))
        .extracting(BucketItem::path)
        .containsExactly("projects/client-dupont/bucket/reunions/2025-08-28-comite.md");
  }

  @Test
  void rootBucketItemsHaveNoProjectAndProjectFilterKeepsOneBucket() {
    assertThat(searcher.buckets(NoteQuery.of(Kind.BUCKETS, "notaire"))).first()
        .satisfies(b -> assertThat(b.project()).isEmpty());
    assertThat(searcher.buckets(NoteQuery.newBuilder(Kind.BUCKETS).project("livre-recettes").limit(50)
        .build())).hasSize(5).allSatisfy(b -> assertThat(b.project()).contains("livre-recettes"));
  }

  @Test
  void laterChunkOfALargeNoteGetsTheFrontmatterOfItsFile() {
    assertThat(searcher.buckets(NoteQuery.of(Kind.BUCKETS, "ornithorynque"))).singleElement()
        .satisfies(b -> {
          assertThat(b.path()).isEqualTo("bucket/export-journal.md");
          assertThat(b.lines().from()).isGreaterThan(8000);
          assertThat(b.type()).contains("référence");
          assertThat(b.tags()).containsExactly("export", "journal", "archive");
          assertThat(b.created()).contains(date("2025-07-01"));
        });
  }

  @Test
  void awkwardBucketNotesStillParse() {
    assertThat(searcher.buckets(NoteQuery.of(Kind.BUCKETS, "robinetterie"))).first().satisfies(b -> {
      assertThat(b.frontmatter()).as("malformed").isEmpty();
      assertThat(b.type()).isEmpty();
      assertThat(b.text()).contains("Robinetterie");
    });
    assertThat(searcher.buckets(NoteQuery.of(Kind.BUCKETS, "échéancier"))).first().satisfies(b -> {
      assertThat(b.path()).endsWith("ancien-export-latin1.md");
      assertThat(b.type()).contains("référence");
      assertThat(b.text()).contains("Échéancier");
    });
    assertThat(searcher.buckets(NoteQuery.of(Kind.BUCKETS, "corps"))).filteredOn(
        b -> b.path().equals("bucket/frontmatter-seule.md")).singleElement().satisfies(b -> {
          assertThat(b.text()).isEmpty();
          assertThat(b.lines()).isEqualTo(new LineRange(1, 7));
          assertThat(b.tags()).containsExactly("brouillon", "vide");
        });
  }

  // --- validation ---------------------------------------------------------------------------

  @Test
  void blankQueryIsTyped() {
    assertThatThrownBy(() -> NoteQuery.of(Kind.TASKS, " "))
        .isInstanceOf(InvalidQueryException.class)
        .hasMessage("The query is empty; pass some words, or \"*\" for every note");
  }

  @Test
  void projectThatIsNotANameIsTyped() {
    assertThatThrownBy(() -> NoteQuery.newBuilder(Kind.CHANGELOG).project("projects/startup-x").build())
        .isInstanceOf(InvalidScopeException.class)
        .hasMessage("Expected a project name such as startup-x but was 'projects/startup-x'");
  }

  @Test
  void limitBelowOneIsRefused() {
    assertThatThrownBy(() -> NoteQuery.newBuilder(Kind.BUCKETS).limit(0).build())
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("Expected a limit of at least 1 but was 0");
  }

  @Test
  void unknownProjectIsAnErrorAndAnExistingOneWithNoMatchIsEmpty() {
    // An unknown project is an error naming the vault's projects, as in search.
    assertThatThrownBy(() -> searcher.tasks(NoteQuery.newBuilder(Kind.TASKS).project("nope").build()))
        .isInstanceOf(org.qmd4j.search.InvalidScopeException.class)
        .hasMessageStartingWith("Unknown project in scope 'project:nope': there is no folder"
            + " projects/nope/. No project name is close to it (7 projects in the vault).");
    assertThat(searcher.tasks(NoteQuery.newBuilder(Kind.TASKS).project("jardin-potager")
        .query("zanzibar").build())).isEmpty();
  }

  @Test
  void deepModeWorksToo() {
    assertThat(searcher.tasks(NoteQuery.newBuilder(Kind.TASKS).query("term sheet").mode(Mode.DEEP)
        .build())).extracting(Task::title).contains("Signer la term sheet");
  }

  // --- async --------------------------------------------------------------------------------

  /** Counts the calls it runs, each on a thread of its own. */
  private static final class CountingExecutor implements Executor {
    final AtomicInteger runs = new AtomicInteger();

    @Override
    public void execute(Runnable command) {
      runs.incrementAndGet();
      new Thread(command, "counting-executor").start();
    }
  }

  @Test
  void asyncVariantsRunOnTheConfiguredExecutorAndGiveTheSameResults(@TempDir Path dir)
      throws Exception {
    Path vault = Fixtures.copyVault(dir.resolve("vault"));
    Files.delete(vault.resolve("bucket/export-journal.md")); // 1 MB to index: not needed here
    CountingExecutor executor = new CountingExecutor();
    try (Searcher s = SearchProviders.forVault(vault,
        Fixtures.memoryOptions().withExecutor(executor))) {
      NoteQuery<Task> tasks = NoteQuery.of(Kind.TASKS, "term sheet");
      NoteQuery<ChangelogEntry> changelog = NoteQuery.newBuilder(Kind.CHANGELOG).tag("décision").build();
      NoteQuery<ProjectState> states = NoteQuery.of(Kind.STATES, "*");
      NoteQuery<Description> descriptions = NoteQuery.of(Kind.DESCRIPTIONS, "*");
      NoteQuery<BucketItem> buckets = NoteQuery.newBuilder(Kind.BUCKETS).type("réunion").build();
      assertThat(s.async().tasks(tasks).join()).isEqualTo(s.tasks(tasks));
      assertThat(s.async().changelog(changelog).join()).isEqualTo(s.changelog(changelog));
      assertThat(s.async().states(states).join()).isEqualTo(s.states(states));
      assertThat(s.async().descriptions(descriptions).join())
          .isEqualTo(s.descriptions(descriptions));
      assertThat(s.async().buckets(buckets).join()).isEqualTo(s.buckets(buckets));
      assertThat(s.async().search(SearchRequest.of("webhook")).join())
          .isEqualTo(s.search(SearchRequest.of("webhook")));
      assertThat(executor.runs).hasValue(6);
    }
  }

  @Test
  void asyncFailureCompletesTheFutureWithTheTypedException() throws Exception {
    NoteQuery<ChangelogEntry> backwards = NoteQuery.newBuilder(Kind.CHANGELOG).from("today").to("yesterday")
        .build();
    assertThatThrownBy(() -> searcher.async().changelog(backwards).join())
        .isInstanceOf(CompletionException.class)
        .hasCauseInstanceOf(InvalidDateException.class)
        .cause().hasMessage("date_from 2025-09-15 ('today') is after date_to 2025-09-14 "
            + "('yesterday'); swap them or widen the period");
    assertThat(Files.exists(Fixtures.vault())).isTrue();
  }

  @Test
  void defaultExecutorRunsOnSharedDaemonThreads() {
    // The engine records the thread it runs on: thenApply would run on the caller when the
    // future is already complete.
    AtomicReference<Thread> ran = new AtomicReference<>();
    SearchEngine.Factory recording = context -> new SearchEngine() {
      @Override public String name() {
        return "recording";
      }

      @Override public List<Hit> search(EngineQuery query) {
        ran.set(Thread.currentThread());
        return List.of();
      }

      @Override public String indexLocation() {
        return "memory";
      }

      @Override public Map<String, String> diagnostics() {
        return Map.of();
      }

      @Override public void close() {}
    };
    try (Searcher own = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions(),
        recording)) {
      own.async().tasks(NoteQuery.of(Kind.TASKS, "*")).join();
    }
    assertThat(ran.get().getName() + " " + ran.get().isDaemon())
        .matches("qmd4j-async-\\d+ true");
  }

}
