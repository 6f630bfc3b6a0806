package org.qmd4j.solr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.solr.client.solrj.SolrRequest;
import org.apache.solr.client.solrj.request.AbstractUpdateRequest;
import org.apache.solr.client.solrj.request.QueryRequest;
import org.apache.solr.client.solrj.request.UpdateRequest;
import org.apache.solr.client.solrj.response.QueryResponse;
import org.apache.solr.client.solrj.util.ClientUtils;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrInputDocument;
import org.apache.solr.common.params.CursorMarkParams;
import org.apache.solr.common.params.ModifiableSolrParams;
import org.qmd4j.spi.ChangeFeed;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.FileStamp;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.spi.TextAnalysis;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the vault's documents in step with its files: the first look compares every file's
 * stamp with the stamps the collection holds (so a second process, or a restart, re-sends
 * nothing that did not change); later looks take the change feed's paths only. A changed file's
 * chunks are added over their old ids and its surplus chunks deleted after (readers see the old
 * or the new file, never none); updates go in batches, then one soft commit that waits for the
 * new searcher, so that the search that follows sees them (never stale for the writer).
 */
final class Sync {
  private static final Logger LOG = LoggerFactory.getLogger(Sync.class);
  private static final int BATCH = 500;
  /** Files per request of deletes and per version query after a send. */
  static final int GROUP = 1_000;

  private final Nodes nodes;
  private final String collection;
  private final String vault;
  private final SearchEngine.Context context;
  private final TextAnalysis analysis;
  private final ChangeFeed feed;
  /** Path to stamp of the files the collection holds for this vault, as last seen. */
  private final Map<String, String> known = new HashMap<>();
  private boolean loaded;

  Sync(Nodes nodes, String collection, String vault, SearchEngine.Context context,
      ChangeFeed feed) {
    this.nodes = nodes;
    this.collection = collection;
    this.vault = vault;
    this.context = context;
    this.analysis = context.analysis();
    this.feed = feed;
  }

  /** Sends what changed since the last call; returns the number of files sent or deleted. */
  synchronized int refresh() {
    ChangeFeed.Changes changes = feed.changes();
    try {
      if (!loaded || changes.everything()) {
        if (!loaded) loadStamps();
        int n = apply(scan(null), true, null);
        loaded = true;
        return n;
      }
      if (changes.isEmpty()) return 0;
      int n = 0;
      for (String path : changes.paths()) n += apply(scan(path), false, path);
      return n;
    } catch (RuntimeException e) {
      loaded = false; // the feed's changes are spent: walk everything next time
      throw e;
    }
  }

  /** The indexed files under {@code rel} (the whole vault when null), with their stamps. */
  private Map<String, String> scan(String rel) {
    Map<String, String> out = new TreeMap<>();
    context.stamps(rel == null ? "" : rel).forEach((p, s) -> out.put(p, stamp(s)));
    return out;
  }

  /**
   * The format of the documents this version writes, at the head of each stamp: a collection
   * whose stamps lack it was written by an older qmd4j, and its files are sent again once.
   * Format 2: titles as the chunker reads them. Format 3: notes dated by a day in
   * their file name before their modification day.
   */
  static final String FORMAT = "3/";

  static String stamp(FileStamp s) {
    return FORMAT + s.size() + ":" + s.modifiedNanos();
  }

  /**
   * Sends the files of {@code found} whose stamp changed and deletes the known files under
   * {@code rel} (everything when {@code all}) that are gone.
   */
  private int apply(Map<String, String> found, boolean all, String rel) {
    List<String> gone = new ArrayList<>();
    for (String path : known.keySet()) {
      boolean under = all || path.equals(rel) || path.startsWith(rel + "/");
      if (under && !found.containsKey(path)) gone.add(path);
    }
    dropOlderFormats(found);
    List<SolrInputDocument> batch = new ArrayList<>();
    Map<String, Integer> counts = new HashMap<>();
    for (Map.Entry<String, String> f : found.entrySet()) {
      if (f.getValue().equals(known.get(f.getKey()))) continue;
      List<Chunk> chunks = context.chunks(f.getKey());
      // The chunker's title: a chunk's text may not hold it (a changelog's first day cut into
      // entries carries its day heading in no chunk's text).
      String title = context.title(f.getKey());
      for (Chunk c : chunks) {
        batch.add(ChunkDocs.toDocument(analysis, vault, c, title, f.getValue()));
        if (batch.size() >= BATCH) send(batch);
      }
      counts.put(f.getKey(), chunks.size());
    }
    if (!batch.isEmpty()) send(batch);
    if (counts.isEmpty() && gone.isEmpty()) return 0;
    // In groups: a first index of 100,000 files would otherwise be a version query naming
    // 100,000 paths (6.7 MB, over Solr's 2 MB form limit). Deletes only where the collection
    // holds stale chunks: a delete-by-query per file (two, before) made a first index of
    // 100,000 files send 200,000 of them, which Solr runs one by one.
    List<String> sent = new ArrayList<>(counts.keySet());
    for (int from = 0; from < sent.size(); from += GROUP) {
      UpdateRequest deletes = Versions.staleChunks(nodes, collection, vault,
          sent.subList(from, Math.min(sent.size(), from + GROUP)), found, counts, this);
      if (deletes != null) nodes.request(deletes, collection);
    }
    for (int from = 0; from < gone.size(); from += GROUP) {
      UpdateRequest deletes = new UpdateRequest();
      for (String path : gone.subList(from, Math.min(gone.size(), from + GROUP))) {
        deletes.deleteByQuery(pathQuery(path));
      }
      nodes.request(deletes, collection);
    }
    commit(new UpdateRequest());
    for (int from = 0; from < sent.size(); from += GROUP) {
      Versions.dropOlderThanNewest(nodes, collection, vault,
          sent.subList(from, Math.min(sent.size(), from + GROUP)), found, this);
    }
    for (Map.Entry<String, String> f : found.entrySet()) known.put(f.getKey(), f.getValue());
    gone.forEach(known::remove);
    LOG.debug("Solr collection {}: {} files sent, {} deleted", collection, counts.size(),
        gone.size());
    return counts.size() + gone.size();
  }

  /**
   * Deletes the documents of the files of {@code found} that an older qmd4j wrote, before they
   * are sent again: their file version may equal the new one, which the collection's version
   * check would take for a replay and ignore.
   */
  private void dropOlderFormats(Map<String, String> found) {
    UpdateRequest deletes = new UpdateRequest();
    int n = 0;
    for (String path : found.keySet()) {
      String held = known.get(path);
      if (held != null && !held.startsWith(FORMAT)) {
        deletes.deleteByQuery(pathQuery(path));
        n++;
      }
    }
    if (n == 0) return;
    LOG.info("Solr collection {}: {} files were written by an older qmd4j; sending them again",
        collection, n);
    commit(deletes);
  }

  /** Sends {@code request} with a soft commit that waits for the new searcher. */
  void commit(UpdateRequest request) {
    // The writer's next search sees what it wrote.
    request.setAction(AbstractUpdateRequest.ACTION.COMMIT, true, true, true);
    nodes.request(request, collection);
  }

  private void send(List<SolrInputDocument> batch) {
    UpdateRequest add = new UpdateRequest();
    add.add(new ArrayList<>(batch));
    nodes.request(add, collection);
    batch.clear();
  }

  String pathQuery(String path) {
    return "vault:" + ClientUtils.escapeQueryChars(vault) + " AND path:"
        + ClientUtils.escapeQueryChars(path);
  }

  /** The stamps the collection holds for this vault (first chunks), read with a cursor. */
  private void loadStamps() {
    known.clear();
    String cursor = CursorMarkParams.CURSOR_MARK_START;
    while (true) {
      ModifiableSolrParams p = new ModifiableSolrParams();
      p.set("q", "*:*");
      p.add("fq", "{!term f=vault}" + vault);
      p.add("fq", "ord:0");
      p.set("fl", "path,stamp");
      p.set("sort", "id asc");
      p.set("rows", 2_000);
      p.set(CursorMarkParams.CURSOR_MARK_PARAM, cursor);
      QueryResponse r = new QueryResponse(
          nodes.request(new QueryRequest(p, SolrRequest.METHOD.POST), collection), null);
      for (SolrDocument d : r.getResults()) {
        Object stamp = d.getFirstValue("stamp");
        known.put((String) d.getFirstValue("path"), stamp == null ? "" : stamp.toString());
      }
      String next = r.getNextCursorMark();
      if (next == null || next.equals(cursor)) break;
      cursor = next;
    }
  }
}
