package org.qmd4j.qmd;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.OptionalLong;
import org.qmd4j.search.QmdFailedException;
import org.qmd4j.search.QmdTimeoutException;
import org.qmd4j.search.QmdUnavailableException;
import org.qmd4j.spi.QmdOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** How many documents qmd's collection holds: from the session when it runs, else the CLI. */
final class QmdDocumentCount {
  private static final Logger LOG = LoggerFactory.getLogger(QmdDocumentCount.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final ResidentSession session;
  private final QmdOptions options;
  private final QmdCollection collection;

  QmdDocumentCount(ResidentSession session, QmdOptions options, QmdCollection collection) {
    this.session = session;
    this.options = options;
    this.collection = collection;
  }

  OptionalLong get() throws IOException {
    if (session.isUsable()) {
      try {
        String status = session.call(s -> s.indexStatus(options.fastTimeout()), false);
        for (JsonNode c : JSON.readTree(status).path("collections")) {
          if (options.collection().equals(c.path("name").asText())) {
            return OptionalLong.of(c.path("documents").asLong());
          }
        }
        return OptionalLong.of(0);
      } catch (QmdUnavailableException | QmdTimeoutException | QmdFailedException e) {
        LOG.debug("qmd session status unavailable: {}", e.getMessage());
      }
    }
    return collection.documentCount();
  }
}
