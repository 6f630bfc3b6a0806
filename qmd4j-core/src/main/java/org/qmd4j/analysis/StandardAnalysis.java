package org.qmd4j.analysis;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.qmd4j.spi.KeywordQuery;
import org.qmd4j.spi.TextAnalysis;

/** The SPI's {@link TextAnalysis}: {@link Analysis}, {@link Hashtags}, {@link KeywordParser}. */
public enum StandardAnalysis implements TextAnalysis {
  /** The one instance; stateless. */
  INSTANCE;

  @Override
  public String normalize(String text) {
    return Analysis.normalize(Objects.requireNonNull(text, "text == null"));
  }

  @Override
  public String stem(String exactToken) {
    return Analysis.stem(Objects.requireNonNull(exactToken, "exactToken == null"));
  }

  @Override
  public List<String> compounds(String text) {
    return Analysis.compounds(Objects.requireNonNull(text, "text == null"));
  }

  @Override
  public List<String> tags(String text) {
    return Analysis.tags(Objects.requireNonNull(text, "text == null"));
  }

  @Override
  public Set<String> hashtags(String text) {
    return Hashtags.carried(Objects.requireNonNull(text, "text == null"));
  }

  @Override
  public KeywordQuery keywordQuery(String text) {
    return KeywordParser.parse(Objects.requireNonNull(text, "text == null"));
  }

  @Override
  public String tokenizer() {
    return Analysis.tokenizer();
  }

  @Override
  public List<String> filters(String chain) {
    if (!CHAINS.contains(chain)) {
      throw new IllegalArgumentException("Unknown analysis chain '" + chain
          + "'; valid chains are: " + String.join(", ", CHAINS));
    }
    return Analysis.filters(chain);
  }

  @Override
  public Map<String, String> parameters(String filter) {
    return Analysis.parameters(Objects.requireNonNull(filter, "filter == null"));
  }

  @Override
  public List<String> indexOnly() {
    return Analysis.indexOnly();
  }
}
