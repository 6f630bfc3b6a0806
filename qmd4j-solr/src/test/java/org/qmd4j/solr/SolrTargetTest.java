package org.qmd4j.solr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.qmd4j.search.EngineException;

/** Where the Solr engine goes: URLs, collection, variables, and what a bad value says. */
class SolrTargetTest {
  @Test
  void urlsAreSplitAndLoseTheirTrailingSlash() {
    SolrTarget t = SolrTarget.of("http://a:8983/solr/, https://b:8983/solr", "notes");
    assertThat(t.nodes()).containsExactly("http://a:8983/solr", "https://b:8983/solr");
    assertThat(t.collection()).isEqualTo("notes");
    assertThat(t.timeout()).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void aBadUrlCollectionOrLayoutSaysWhatIsExpected() {
    assertThatThrownBy(() -> SolrTarget.of("solr1:8983", "notes"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Expected a Solr base URL such as http://localhost:8983/solr but was"
            + " 'solr1:8983'");
    assertThatThrownBy(() -> SolrTarget.of("http://a:8983/solr", "my notes"))
        .hasMessage("Expected a collection name of letters, digits, '.', '_' or '-' but was"
            + " 'my notes'");
    assertThatThrownBy(() -> SolrTarget.of("http://a:8983/solr", "n").withLayout(0, 2))
        .hasMessage("Expected at least 1 shard and 1 replica but was 0 x 2");
    assertThatThrownBy(() -> SolrTarget.of("http://a:8983/solr", "n")
        .withTimeout(Duration.ZERO)).hasMessage("Expected a positive timeout but was PT0S");
  }

  @Test
  void theEnvironmentGivesEverySetting() {
    SolrTarget t = SolrTarget.fromEnvironment(Map.of("QMD4J_SOLR_URL", "http://a:8983/solr",
        "QMD4J_SOLR_COLLECTION", "team", "QMD4J_SOLR_VAULT", "wiki",
        "QMD4J_SOLR_USER", "qmd4j", "QMD4J_SOLR_PASSWORD", "s3cret",
        "QMD4J_SOLR_TIMEOUT", "2.5", "QMD4J_SOLR_FALLBACK", "1"));
    assertThat(t.nodes()).isEqualTo(List.of("http://a:8983/solr"));
    assertThat(t.collection()).isEqualTo("team");
    assertThat(t.vaultId()).contains("wiki");
    assertThat(t.user()).contains("qmd4j");
    assertThat(t.timeout()).isEqualTo(Duration.ofMillis(2500));
    assertThat(t.fallback()).isTrue();
    assertThat(t.toString()).contains("user=qmd4j").doesNotContain("s3cret");
  }

  @Test
  void engineSettingsComeBeforeTheEnvironment() {
    SolrTarget t = SolrTarget.fromSettings(Map.of("url", "http://s:8983/solr",
        "collection", "team", "fallback", "1"), Map.of("QMD4J_SOLR_URL", "http://e:8983/solr",
        "QMD4J_SOLR_COLLECTION", "other", "QMD4J_SOLR_VAULT", "wiki"));
    assertThat(t.nodes()).containsExactly("http://s:8983/solr");
    assertThat(t.collection()).isEqualTo("team");
    assertThat(t.vaultId()).contains("wiki");
    assertThat(t.fallback()).isTrue();
  }

  @Test
  void theSolrEngineIsFoundByItsName() {
    assertThat(new SolrEngineFactory().name()).isEqualTo("solr");
    assertThat(org.qmd4j.SearchProviders.engines()).contains("solr");
  }

  @Test
  void withoutAnAddressTheEnvironmentSaysHowToGiveOne() {
    assertThatThrownBy(() -> SolrTarget.fromEnvironment(Map.of()))
        .isInstanceOf(EngineException.class)
        .hasMessage("The Solr engine needs the cluster's address: pass --solr URL or set"
            + " QMD4J_SOLR_URL (e.g. http://localhost:8983/solr)");
    assertThatThrownBy(() -> SolrTarget.fromEnvironment(Map.of("QMD4J_SOLR_URL", "x")))
        .isInstanceOf(EngineException.class)
        .hasMessageStartingWith("Invalid Solr setting: Expected a Solr base URL");
  }

  @Test
  void nullsAreRefusedNamingTheParameter() {
    assertThatThrownBy(() -> SolrTarget.of(null, "n")).hasMessage("urls == null");
    assertThatThrownBy(() -> SolrTarget.fromEnvironment(null)).hasMessage("env == null");
    assertThatThrownBy(() -> SolrEngine.factory(null)).hasMessage("target == null");
    assertThatThrownBy(() -> SolrEngine.init(null)).hasMessage("target == null");
  }

  @Test
  void nodeNamesBecomeBaseUrls() {
    assertThat(Nodes.nodeUrl("127.0.0.1:8983_solr")).isEqualTo("127.0.0.1:8983/solr");
    assertThat(Nodes.nodeUrl("solr1:8983_api%2Fsolr")).isEqualTo("solr1:8983/api/solr");
  }

  @Test
  void theDefaultVaultIdIsTheFolderNameAndAHash() {
    assertThat(SolrEngine.defaultVaultId(java.nio.file.Path.of("/home/a/Mes notes")))
        .matches("Mes_notes-[0-9a-f]{12}");
  }
}
