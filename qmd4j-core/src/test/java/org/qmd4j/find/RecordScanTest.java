package org.qmd4j.find;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.LineRange;

/** {@code find_notes} conditions on task fields and changelog tags. */
class RecordScanTest {
  private static Searcher searcher;

  @BeforeAll
  static void open() {
    searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
  }

  @AfterAll
  static void close() {
    searcher.close();
  }

  private static FindResult find(FindRequest.Builder request) {
    return searcher.find(request.limit(100).build());
  }

  private static List<String> headings(FindResult r) {
    return r.results().stream().map(i -> ((ChunkItem) i).heading()).toList();
  }

  @Test
  void statusConditionFindsEachBlockedTaskNotItsFile() {
    FindResult r = find(FindRequest.newBuilder().where("status eq bloque"));
    assertThat(r.total()).isEqualTo(7);
    assertThat(r.results()).allSatisfy(i -> assertThat(i).isInstanceOf(ChunkItem.class));
    assertThat(headings(r)).contains("Signer la term sheet", "Payer la CFE 2025",
        "Démarrer la phase 3");
    ChunkItem termSheet = r.results().stream().map(ChunkItem.class::cast)
        .filter(c -> c.heading().equals("Signer la term sheet")).findFirst().orElseThrow();
    assertThat(termSheet.source()).isEqualTo("projects/startup-x/tasks.md");
    assertThat(termSheet.lines()).isEqualTo(new LineRange(35, 39));
    assertThat(termSheet.content()).startsWith("# Signer la term sheet\nstatus: bloqué");
  }

  @Test
  void taskConditionsCombineAndCompareDeadlinesAsDates() {
    FindResult r = find(FindRequest.newBuilder().where("status eq bloqué")
        .where("prio eq haute").where("deadline lte 2025-09-30").includeFields("deadline"));
    assertThat(headings(r)).containsExactlyInAnyOrder("Certificat médical pour le dossard",
        "Relancer le plombier pour la pose du meuble vasque");
    assertThat(r.results()).allSatisfy(i -> assertThat(i.fields()).containsKey("deadline"));
    assertThat(headings(find(FindRequest.newBuilder().where("priority in basse,moyenne")
        .where("deadline missing").folder("projects/comptabilite"))))
        .containsExactlyInAnyOrder("Automatiser l'export mensuel des écritures",
            "Rapprocher les relevés bancaires de juillet");
  }

  @Test
  void tagConditionFindsChangelogEntriesInTheFolder() {
    FindResult r = find(FindRequest.newBuilder().where("tag eq [décision]").folder(
        "projects/startup-x"));
    assertThat(headings(r)).containsExactly("On reste sur PostgreSQL",
        "Abandon de l'API externe", "Geler les nouvelles fonctionnalités jusqu'à fin août",
        "Recruter un dev backend en CDI plutôt qu'un freelance",
        "Passer à une facturation annuelle par défaut", "Choix de Stripe pour les paiements");
  }

  @Test
  void withAQueryOnlyTheChunksOfPassingTasksRank() {
    FindResult r = find(FindRequest.newBuilder().query("AWS").where("status eq bloqué"));
    assertThat(r.results()).singleElement().satisfies(i -> assertThat(((ChunkItem) i)
        .heading()).isEqualTo("Récupérer l'accès root au compte AWS"));
    assertThat(find(FindRequest.newBuilder().query("AWS").where("status eq fait")).total())
        .isZero();
  }

  @Test
  void frontmatterConditionsKeepTheirFileSemantics() {
    FindResult r = find(FindRequest.newBuilder().where("type eq réunion"));
    assertThat(r.total()).isEqualTo(9);
    assertThat(r.results()).allSatisfy(i -> assertThat(i).isInstanceOf(NoteItem.class));
  }
}
