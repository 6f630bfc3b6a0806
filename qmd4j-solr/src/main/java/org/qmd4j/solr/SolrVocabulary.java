package org.qmd4j.solr;

import java.util.ArrayList;
import java.util.List;
import org.apache.solr.client.solrj.SolrRequest;
import org.apache.solr.client.solrj.request.QueryRequest;
import org.apache.solr.client.solrj.response.QueryResponse;
import org.apache.solr.client.solrj.response.SpellCheckResponse;
import org.apache.solr.common.params.ModifiableSolrParams;
import org.qmd4j.spi.TextAnalysis;
import org.qmd4j.spi.Vocabulary;

/**
 * The vault's words in the collection, for corrections and "did you mean": whether
 * a word is held is a count on the vault's documents; corrections come from Solr's
 * DirectSpellChecker over the unstemmed words, which reads the whole collection, so each
 * candidate is then checked against this vault (another vault's words are never suggested).
 */
final class SolrVocabulary implements Vocabulary {
  private static final int MIN_PREFIX_LENGTH = 3;

  private final Nodes nodes;
  private final String collection;
  private final String vault;
  private final TextAnalysis analysis;

  SolrVocabulary(Nodes nodes, String collection, String vault, TextAnalysis analysis) {
    this.nodes = nodes;
    this.collection = collection;
    this.vault = vault;
    this.analysis = analysis;
  }

  @Override
  public boolean holds(String word) {
    ModifiableSolrParams p = new ModifiableSolrParams();
    String q = "_query_:\"{!term f=exact v=$w}\" _query_:\"{!term f=body v=$s}\""
        + " _query_:\"{!term f=heading v=$s}\" _query_:\"{!term f=title v=$s}\""
        + " _query_:\"{!term f=pathtext v=$s}\"";
    if (word.length() >= MIN_PREFIX_LENGTH) q += " _query_:\"{!prefix f=exact v=$w}\"";
    p.set("q", q);
    p.set("w", word);
    p.set("s", analysis.stem(word));
    return count(p) > 0;
  }

  @Override
  public List<String> nearest(String word, int maxEdits, int max) {
    ModifiableSolrParams p = new ModifiableSolrParams();
    p.set("q", "*:*");
    p.set("rows", 0);
    p.set("spellcheck", true);
    p.set("spellcheck.q", word);
    // Other vaults' words come too and are dropped below: ask for more than needed.
    p.set("spellcheck.count", Math.max(max * 4, 10));
    QueryResponse r = new QueryResponse(
        nodes.request(new QueryRequest(p, SolrRequest.METHOD.POST), collection), null);
    SpellCheckResponse spell = r.getSpellCheckResponse();
    List<String> out = new ArrayList<>();
    if (spell == null) return out;
    for (SpellCheckResponse.Suggestion s : spell.getSuggestions()) {
      for (String candidate : s.getAlternatives()) {
        if (out.size() == max) return out;
        if (candidate.equals(word) || out.contains(candidate)) continue;
        if (edits(word, candidate) <= maxEdits && heldExactly(candidate)) out.add(candidate);
      }
    }
    return out;
  }

  private boolean heldExactly(String word) {
    return frequency(word) > 0;
  }

  @Override
  public int frequency(String word) {
    ModifiableSolrParams p = new ModifiableSolrParams();
    p.set("q", "{!term f=exact v=$w}");
    p.set("w", word);
    return (int) Math.min(Integer.MAX_VALUE, count(p));
  }

  private long count(ModifiableSolrParams p) {
    p.add("fq", "{!term f=vault}" + vault);
    p.set("rows", 0);
    QueryResponse r = new QueryResponse(
        nodes.request(new QueryRequest(p, SolrRequest.METHOD.POST), collection), null);
    return r.getResults().getNumFound();
  }

  /**
   * Edit distance with transpositions (optimal string alignment), as Lucene's Levenshtein
   * automata count them: {@code factrue} is one edit from {@code facture}.
   */
  static int edits(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) d[i][0] = i;
    for (int j = 0; j <= b.length(); j++) d[0][j] = j;
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
