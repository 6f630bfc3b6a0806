package org.qmd4j.cli.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.qmd4j.Searcher;
import org.qmd4j.search.Mode;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/**
 * A qmd4j engine in one mode, through the public {@link Searcher}: its ranked chunks reduced
 * to files, each at the rank of its best chunk. The searcher is shared and closed by its
 * {@link OpenedEngine}.
 */
final class SearcherBackend implements Backend {
  /** Chunks asked for at most while looking for {@code limit} distinct files. */
  private static final int MAX_CHUNKS = 5000;

  private final String name;
  private final Searcher searcher;
  private final Mode mode;

  SearcherBackend(String name, Searcher searcher, Mode mode) {
    this.name = Objects.requireNonNull(name, "name == null");
    this.searcher = Objects.requireNonNull(searcher, "searcher == null");
    this.mode = Objects.requireNonNull(mode, "mode == null");
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public List<String> files(String query, int limit) {
    SearchRequest request = SearchRequest.parse(query, mode.wireName(), null, null, null);
    // Several chunks of one file may come first: ask for more until limit files are there.
    int chunks = limit * 5;
    while (true) {
      List<SearchResult> results = searcher.search(request.withLimit(chunks));
      Set<String> files = new LinkedHashSet<>();
      for (SearchResult r : results) {
        files.add(r.path());
        if (files.size() == limit) break;
      }
      if (files.size() == limit || results.size() < chunks || chunks >= MAX_CHUNKS) {
        return new ArrayList<>(files);
      }
      chunks = Math.min(MAX_CHUNKS, chunks * 4);
    }
  }
}
