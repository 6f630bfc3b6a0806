package org.qmd4j.spi;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Expert: qmd4j's reading of text, as the built-in engines index and search it, for an engine
 * that must make the same tokens and rank alike (the Solr engine writes its schema's analysers
 * from {@link #tokenizer()}, {@link #filters(String)} and {@link #parameters(String)}, and fills
 * its documents' fields with the methods below). An engine gets it from {@link
 * SearchEngine.Context#analysis()}; {@code SearchProviders.analysis()} gives the same without a
 * vault.
 *
 * <p>The analysis chains have Lucene's analysis SPI names, as Solr's
 * {@code <tokenizer name=".."/>} and {@code <filter name=".."/>} take them: {@code stemmed}
 * (body, title, headings, path) and {@code exact} (the same without stemming). Text is
 * NFKC-normalized ({@link #normalize}) before it reaches either chain. Stateless and
 * thread-safe.
 *
 * @since 0.9
 */
public interface TextAnalysis {
  /** The analysis chains' names: the stemmed one, then the exact one. */
  List<String> CHAINS = List.of("stemmed", "exact");

  /** NFKC, so that composed and decomposed accents, ligatures and full-width forms match. */
  String normalize(String text);

  /** The stem of one token of the exact chain. */
  String stem(String exactToken);

  /** The compounds of a normalized text, folded and kept whole ({@code en-cours}), each once. */
  List<String> compounds(String text);

  /** The changelog tags of a normalized text ({@code [décision]} as {@code decision}). */
  List<String> tags(String text);

  /**
   * The Obsidian tags a text carries, each with its parents ({@code projet/client} gives
   * {@code projet} and {@code projet/client}), folded, as an index stores them.
   */
  Set<String> hashtags(String text);

  /** A search's text as the keyword engines search it: words, phrase, tags, exclusions. */
  KeywordQuery keywordQuery(String text);

  /** The tokenizer of both chains, by its analysis SPI name ({@code standard}). */
  String tokenizer();

  /**
   * The filters of one chain, in order, by their analysis SPI names.
   *
   * @param chain {@code stemmed} or {@code exact} ({@link #CHAINS})
   * @throws IllegalArgumentException for another chain, naming the valid ones
   */
  List<String> filters(String chain);

  /** The parameters of one filter ({@code name} to value), empty when it has none. */
  Map<String, String> parameters(String filter);

  /**
   * The filters of the chains that a query's words do not go through: a query word is read
   * whole, the text gives its identifiers whole and by parts.
   */
  List<String> indexOnly();
}
