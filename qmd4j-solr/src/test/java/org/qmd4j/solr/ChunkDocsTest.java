package org.qmd4j.solr;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrInputDocument;
import org.junit.jupiter.api.Test;
import org.qmd4j.SearchProviders;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.LineRange;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.VaultFile;

/** Chunks to Solr documents and back. */
class ChunkDocsTest {
  private static Chunk chunk(String path, String text, int ordinal) {
    return new Chunk(new VaultFile(path, FileKind.CHANGELOG, Optional.of("startup-x")), ordinal,
        new LineRange(3, 9), text, List.of("2025-07-14", "[décision] Abandon"),
        Optional.of(LocalDate.of(2025, 7, 14)));
  }

  @Test
  void aChunkComesBackWhole() {
    Chunk c = chunk("projects/startup-x/changelog.md", "# 2025-07-14\n## [décision] x", 2);
    SolrInputDocument in =
        ChunkDocs.toDocument(SearchProviders.analysis(), "v", c, "2025-07-14", "10:20");
    assertThat(in.getFieldValue("id")).isEqualTo("v/projects/startup-x/changelog.md#2");
    assertThat(in.getFieldValues("units")).contains("2025-07-14",
        "projects/startup-x/changelog.md");
    assertThat(in.getFieldValues("tags")).contains("decision");
    assertThat(in.getFieldValue("stamp")).as("only the first chunk").isNull();
    SolrDocument out = new SolrDocument();
    for (String f : ChunkDocs.FIELDS.split(",")) {
      if (in.getFieldValue(f) != null) out.setField(f, in.getFieldValue(f));
    }
    assertThat(ChunkDocs.toChunk(out)).isEqualTo(c);
  }
}
