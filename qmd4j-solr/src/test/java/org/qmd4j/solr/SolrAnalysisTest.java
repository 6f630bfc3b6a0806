package org.qmd4j.solr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.solr.client.solrj.impl.HttpJdkSolrClient;
import org.apache.solr.client.solrj.request.FieldAnalysisRequest;
import org.apache.solr.client.solrj.response.AnalysisResponseBase;
import org.apache.solr.client.solrj.response.FieldAnalysisResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.analysis.Analysis;

/**
 * One analysis definition: the field types of the configset, as the real
 * cluster analyses text with them, make exactly the tokens of the embedded engine's
 * analyzers, on French text chosen to be hard.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag("cluster")
class SolrAnalysisTest {
  private HttpJdkSolrClient client;

  @BeforeAll
  void createCollection() throws Exception {
    TestCluster cluster = TestCluster.shared();
    SolrTarget target = cluster.target("analysis");
    SolrEngine.init(target);
    client = new HttpJdkSolrClient.Builder(target.nodes().get(0)).useHttp1_1(true).build();
  }

  @AfterAll
  void close() throws Exception {
    if (client != null) client.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "L'équipe s'est réunie jusqu'à l’aube : qu'il pleuve, lorsqu'on décide, on décide.",
      "ÉCHÉANCES échéances Échéance ECHEANCE",
      "Décomposé : e\u0301che\u0301ance, cafe\u0301, Noe\u0308l, nai\u0308ve",
      "Ligatures : cœur, Œuvre, æther, ﬁchier, ﬂeur, ﬀ",
      "Pleine chasse : ＡＢＣ ｄéｆ １２３",
      "status: en-cours, startup-x, 2025-07-14, v2.3.1, presqu'île, aujourd'hui",
      "factures impayées, facture impayée, abandonner l'Abandon, chevaux, travaux",
      "Ça coûte 3,5 % — « vraiment » ? Oui… 10 000 € ; contact@exemple.fr https://ex.fr/a-b",
      "Straße, Ärger, niño, Ångström, ǅemal, ﬅ, İstanbul, ŒIL, d’une L’API C’est",
      "[décision] #projet/client-dupont 😀 emoji ⚠️ ->  -- __init__ file_name.md",
      "List<String> l = Files.readAllLines(p); HttpClientBuilder read_all_lines l'XMLHttpRequest"
          + " utf8Decoder HTTP2Client iPhone McDougall v2.3.1 Éléphant.créerÉtat",
      "", "   ", "a b c d' l' qu' jusqu'"})
  void solrFieldTypesMakeTheEmbeddedTokens(String raw) throws Exception {
    String text = Analysis.normalize(raw);
    assertThat(solrTokens("qmd4j_stemmed", text)).as("stemmed: " + text)
        .isEqualTo(Analysis.tokens(Analysis.STEMMED, text));
    assertThat(solrTokens("qmd4j_exact", text)).as("exact: " + text)
        .isEqualTo(Analysis.tokens(Analysis.EXACT, text));
  }

  @Test
  void theConfigsetFieldTypesNameTheCoreDefinitionsFilters() {
    assertThat(ConfigSet.fieldTypes())
        .contains("<tokenizer name=\"standard\"/>", "<filter name=\"elision\"/>",
            "<filter name=\"asciiFolding\"/>", "<filter name=\"frenchLightStem\"/>");
  }

  private List<String> solrTokens(String fieldType, String text) throws Exception {
    List<String> out = new ArrayList<>();
    if (text.isEmpty()) return out;
    FieldAnalysisRequest request = new FieldAnalysisRequest();
    request.setFieldTypes(List.of(fieldType));
    request.setFieldValue(text);
    FieldAnalysisResponse response = request.process(client, "analysis");
    AnalysisResponseBase.AnalysisPhase last = null;
    for (AnalysisResponseBase.AnalysisPhase phase
        : response.getFieldTypeAnalysis(fieldType).getIndexPhases()) {
      last = phase;
    }
    if (last != null) {
      for (AnalysisResponseBase.TokenInfo t : last.getTokens()) out.add(t.getText());
    }
    return out;
  }
}
