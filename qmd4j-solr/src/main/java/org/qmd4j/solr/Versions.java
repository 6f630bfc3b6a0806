package org.qmd4j.solr;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.solr.client.solrj.SolrRequest;
import org.apache.solr.client.solrj.request.QueryRequest;
import org.apache.solr.client.solrj.request.UpdateRequest;
import org.apache.solr.common.params.ModifiableSolrParams;
import org.apache.solr.common.util.NamedList;

/**
 * The last step of two writers of one file: the collection ignores a chunk read from an older
 * file than the one it holds ({@code file_version}, see the configset), but an older read with
 * more chunks would leave its surplus chunks. After its writes, a writer asks for the newest
 * version of each file it sent and deletes whatever is older, so the collection converges on
 * the newest read whichever writer finishes last.
 */
final class Versions {
  private Versions() {}

  static void dropOlderThanNewest(Nodes nodes, String collection, String vault,
      Collection<String> sent, Map<String, String> stamps, Sync sync) {
    if (sent.isEmpty()) return;
    NamedList<Object> response = nodes.request(new QueryRequest(
        facets(vault, sent, "\"newest\":\"max(file_version)\""), SolrRequest.METHOD.POST),
        collection);
    UpdateRequest deletes = new UpdateRequest();
    for (Object b : buckets(response)) {
      NamedList<?> bucket = (NamedList<?>) b;
      String path = (String) bucket.get("val");
      Object newest = bucket.get("newest");
      if (path == null || !(newest instanceof Number) || !stamps.containsKey(path)) continue;
      long max = ((Number) newest).longValue();
      if (max > ChunkDocs.version(stamps.get(path))) {
        deletes.deleteByQuery(sync.pathQuery(path) + " AND file_version:[* TO " + (max - 1)
            + "]");
      }
    }
    if (deletes.getDeleteQuery() != null && !deletes.getDeleteQuery().isEmpty()) {
      sync.commit(deletes);
    }
  }

  /**
   * The deletes that follow a send of {@code sent} (before its commit): the chunks of older
   * reads of each file, and chunks of this read numbered past its last one, for the files whose
   * committed chunks show some (one facet query: the oldest version and the highest ordinal of
   * each file). A file the collection held nothing of, as in a first index, needs none.
   *
   * @param counts the number of chunks of each file sent
   * @return the deletes, or null when there is nothing to delete
   */
  static UpdateRequest staleChunks(Nodes nodes, String collection, String vault,
      List<String> sent, Map<String, String> stamps, Map<String, Integer> counts, Sync sync) {
    NamedList<Object> response = nodes.request(new QueryRequest(facets(vault, sent,
        "\"oldest\":\"min(file_version)\",\"last\":\"max(ord)\""), SolrRequest.METHOD.POST),
        collection);
    UpdateRequest deletes = new UpdateRequest();
    for (Object b : buckets(response)) {
      NamedList<?> bucket = (NamedList<?>) b;
      String path = (String) bucket.get("val");
      if (path == null || !stamps.containsKey(path) || !counts.containsKey(path)) continue;
      long version = ChunkDocs.version(stamps.get(path));
      Object oldest = bucket.get("oldest");
      Object last = bucket.get("last");
      if (oldest instanceof Number && ((Number) oldest).longValue() < version) {
        deletes.deleteByQuery(sync.pathQuery(path) + " AND file_version:[* TO " + (version - 1)
            + "]");
      }
      if (last instanceof Number && ((Number) last).longValue() >= counts.get(path)) {
        deletes.deleteByQuery(sync.pathQuery(path) + " AND file_version:" + version
            + " AND ord:[" + counts.get(path) + " TO *]");
      }
    }
    List<String> queries = deletes.getDeleteQuery();
    return queries == null || queries.isEmpty() ? null : deletes;
  }

  /** A query of the vault's chunks of {@code paths}: one facet bucket per path, with stats. */
  private static ModifiableSolrParams facets(String vault, Collection<String> paths,
      String stats) {
    ModifiableSolrParams p = new ModifiableSolrParams();
    p.set("q", "*:*");
    p.add("fq", "{!term f=vault}" + vault);
    p.add("fq", "{!terms f=path separator=$qsep v=$qpaths}");
    p.set("qsep", "\n");
    p.set("qpaths", String.join("\n", paths));
    p.set("rows", 0);
    p.set("json.facet", "{\"p\":{\"type\":\"terms\",\"field\":\"path\",\"limit\":-1,"
        + "\"facet\":{" + stats + "}}}");
    return p;
  }

  private static List<?> buckets(NamedList<Object> response) {
    Object facets = response.get("facets");
    Object p = facets instanceof NamedList ? ((NamedList<?>) facets).get("p") : null;
    Object buckets = p instanceof NamedList ? ((NamedList<?>) p).get("buckets") : null;
    return buckets instanceof List ? (List<?>) buckets : List.of();
  }
}
