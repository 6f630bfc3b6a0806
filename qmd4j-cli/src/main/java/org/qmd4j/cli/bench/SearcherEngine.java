package org.qmd4j.cli.bench;

import java.util.ArrayList;
import java.util.List;
import org.qmd4j.EngineDescription;
import org.qmd4j.Searcher;
import org.qmd4j.search.Mode;

/** A qmd4j searcher opened for a benchmark, with one backend per mode. */
final class SearcherEngine implements OpenedEngine {
  private final String label;
  private final Searcher searcher;
  private final List<Backend> backends = new ArrayList<>();

  /**
   * @param label the backends' prefix, e.g. {@code embedded} gives {@code embedded/fast}
   * @param suffix added to each backend's name, e.g. {@code +model}
   */
  SearcherEngine(String label, String suffix, Searcher searcher, List<Mode> modes) {
    this.label = label;
    this.searcher = searcher;
    for (Mode m : modes) {
      backends.add(new SearcherBackend(label + "/" + m.wireName() + suffix, searcher, m));
    }
  }

  @Override
  public List<Backend> backends() {
    return List.copyOf(backends);
  }

  @Override
  public String describe() {
    EngineDescription d = searcher.describe();
    boolean deep = backends.stream().anyMatch(b -> b.name().contains("/deep"));
    return label + ": " + d.engine() + " engine (" + d.reason() + ")"
        + (deep ? "; deep search: " + d.deepSearch() : "");
  }

  @Override
  public void close() {
    searcher.close();
  }
}
