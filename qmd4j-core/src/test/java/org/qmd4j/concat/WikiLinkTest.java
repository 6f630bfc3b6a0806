package org.qmd4j.concat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Obsidian wiki links, read and resolved as Obsidian does. */
class WikiLinkTest {
  private static final List<String> VAULT = List.of(
      "Accueil.md",
      "notes/Réunion client.md",
      "projets/acme/Réunion client.md",
      "projets/acme/état.md",
      "projets/beta/état.md",
      "archives/2024/état.md",
      "images/schéma.png",
      "v2.3.md");

  @Test
  void parsesEveryWrittenForm() {
    assertThat(WikiLink.parse("[[Note Name]]")).contains(
        new WikiLink("Note Name", Optional.empty(), Optional.empty()));
    assertThat(WikiLink.parse(" ![[dossier/Note#Titre|le texte]] ")).contains(
        new WikiLink("dossier/Note", Optional.of("Titre"), Optional.of("le texte")));
    assertThat(WikiLink.parse("[[#Titre]]")).contains(
        new WikiLink("", Optional.of("Titre"), Optional.empty()));
    assertThat(WikiLink.parse("[[Note|alias]]").get()).hasToString("[[Note|alias]]");
  }

  @ParameterizedTest
  @ValueSource(strings = {"Note", "[Note]", "[[Note]] et [[Autre]]", "[[]]", "[[a[b]]"})
  void otherTextIsNoWikiLink(String text) {
    assertThat(WikiLink.parse(text)).as(text).isEmpty();
  }

  @ParameterizedTest(name = "{0} from [{1}] -> {2}")
  @CsvSource(delimiter = '|', value = {
      "[[Accueil]]                  | ''                       | Accueil.md",
      "[[accueil]]                  | ''                       | Accueil.md",
      "[[Accueil.md]]               | ''                       | Accueil.md",
      "[[v2.3]]                     | ''                       | v2.3.md",
      "[[schéma.png]]               | ''                       | images/schéma.png",
      // Ambiguous names: the note closest to the linking one, else the shortest path.
      "[[Réunion client]]           | ''                       | notes/Réunion client.md",
      "[[Réunion client]]           | projets/acme/état.md     | projets/acme/Réunion client.md",
      "[[état]]                     | projets/beta/suivi.md    | projets/beta/état.md",
      "[[état]]                     | archives/2024/x.md       | archives/2024/état.md",
      "[[état]]                     | ''                       | archives/2024/état.md",
      // A folder in the link narrows the match; ./ and ../ are relative to the linking note.
      "[[acme/état]]                | archives/2024/x.md       | projets/acme/état.md",
      "[[projets/beta/état#Risques]]| ''                       | projets/beta/état.md",
      "[[../beta/état]]             | projets/acme/état.md     | projets/beta/état.md",
      "[[./état]]                   | projets/beta/x.md        | projets/beta/état.md",
      "[[#Risques]]                 | projets/beta/état.md     | projets/beta/état.md",
  })
  void resolvesAsObsidianDoes(String link, String from, String path) {
    assertThat(WikiLink.parse(link).get().resolve(from, VAULT)).contains(path);
  }

  @ParameterizedTest
  @ValueSource(strings = {"[[Absent]]", "[[cueil]]", "[[../../../Accueil]]", "[[#Titre]]"})
  void aLinkToNoFileResolvesToNothing(String link) {
    assertThat(WikiLink.parse(link).get().resolve("", VAULT)).as(link).isEmpty();
  }

  @Test
  void findAllReadsTheLinksOfANoteButNotTheOnesInCode() {
    String note = "Voir [[Accueil]] et ![[schéma.png]], puis [[projets/acme/état|l'état]].\n"
        + "En code : `[[Pas un lien]]`.\n"
        + "```\n[[Dans un bloc]]\n```\n"
        + "Après le bloc : [[Réunion client#Suite]]\n";
    assertThat(WikiLink.findAll(note)).extracting(WikiLink::target).containsExactly(
        "Accueil", "schéma.png", "projets/acme/état", "Réunion client");
    assertThat(WikiLink.findAll("Aucun lien ici.")).isEmpty();
  }
}
