package org.qmd4j.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What Obsidian calls a tag, and what it does not. */
class HashtagsTest {

  private static List<String> tags(String text) {
    return Hashtags.find(text).stream().map(Hashtags.Occurrence::tag).toList();
  }

  @Test
  void inlineTagsAreFoldedLikeWords() {
    assertThat(tags("Relance #Client et #échéance, puis #projet/Client_X."))
        .containsExactly("client", "echeance", "projet/client_x");
  }

  @Test
  void occurrencesPointAtTheTagAsWritten() {
    String text = "a #projet/client/ b";
    Hashtags.Occurrence o = Hashtags.find(text).get(0);
    assertThat(text.substring(o.start(), o.end())).isEqualTo("#projet/client");
    assertThat(o.tag()).isEqualTo("projet/client");
  }

  @ParameterizedTest
  @ValueSource(strings = {"# Titre", "## Sous-titre", "voir page#anchor", "[[Note#Section]]",
      "ticket #123", "#2025", "`#code` seulement", "``a #b``", "https://x.org/#frag",
      "&#233;", "C\\#sharp", "(#paren)"})
  void theseAreNotTags(String text) {
    assertThat(tags(text)).as(text).isEmpty();
  }

  @Test
  void aTagNeedsOneCharacterThatIsNotADigit() {
    assertThat(tags("#1984 #y1984 #2025-q3")).containsExactly("y1984", "2025-q3");
  }

  @Test
  void fencedCodeHoldsNoTag() {
    String text = "avant #un\n```bash\necho #deux\n```\naprès #trois\n~~~\n#quatre\n~~~\n";
    assertThat(tags(text)).containsExactly("un", "trois");
  }

  @Test
  void frontmatterTagsInEveryYamlForm() {
    assertThat(tags("---\ntags: [projet, \"#Client\"]\n---\ncorps")).containsExactly("projet",
        "client");
    assertThat(tags("---\ntitle: x\ntags: projet, client/acme\n---\n")).containsExactly("projet",
        "client/acme");
    assertThat(tags("---\ntag: solo\n---\n")).containsExactly("solo");
    assertThat(tags("---\ntags:\n  - projet/client\n  - '#urgent'\ncreated: 2025-01-01\n---\n"
        + "# Titre #corps")).containsExactly("projet/client", "urgent", "corps");
  }

  @Test
  void frontmatterOffsetsPointAtTheValue() {
    String text = "---\ntitle: x\ntags:\n  - Projet/Client\n---\n";
    Hashtags.Occurrence o = Hashtags.find(text).get(0);
    assertThat(text.substring(o.start(), o.end())).isEqualTo("Projet/Client");
  }

  @Test
  void otherFrontmatterKeysAndAFrontmatterLaterInTheTextAreNoTags() {
    assertThat(tags("---\ntitle: '#pas-un-tag'\ncategories: [x]\n---\n")).isEmpty();
    assertThat(tags("texte\n---\ntags: [x]\n---\n")).isEmpty();
  }

  @Test
  void aTagCarriesItsParents() {
    assertThat(Hashtags.carried("#projet/client/acme et #autre"))
        .containsExactly("projet", "projet/client", "projet/client/acme", "autre");
  }

  @Test
  void aQueryTagAnswersItselfAndItsChildrenOnly() {
    assertThat(Hashtags.answers("projet", "projet")).isTrue();
    assertThat(Hashtags.answers("projet/client", "projet")).isTrue();
    assertThat(Hashtags.answers("projets", "projet")).isFalse();
    assertThat(Hashtags.answers("projet", "projet/client")).isFalse();
  }

  @Test
  void queryTagsAreTakenOutOfTheWords() {
    assertThat(Hashtags.inQuery("facture #Projet/client #urgent #12"))
        .containsExactly("projet/client", "urgent");
    assertThat(Hashtags.withoutTags("facture #projet impayée").split("\\s+"))
        .containsExactly("facture", "impayée");
  }
}
