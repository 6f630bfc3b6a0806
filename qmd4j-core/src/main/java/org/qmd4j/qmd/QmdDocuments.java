package org.qmd4j.qmd;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.qmd4j.search.Mode;
import org.qmd4j.search.QmdUnavailableException;
import org.qmd4j.spi.ProcessResult;
import org.qmd4j.spi.QmdOptions;
import org.qmd4j.spi.QmdSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * qmd's documents for a query: one {@code query} tool call of the resident session when it
 * can serve ({@link QmdSearches}), else one {@code qmd search} or {@code qmd query} process
 * per search, plus one {@code qmd search} per identifier of the vault that holds a query word.
 * Thread-safe.
 */
final class QmdDocuments {
  private static final Logger LOG = LoggerFactory.getLogger(QmdDocuments.class);

  private final Path vault;
  private final QmdOptions options;
  private final Map<String, String> environment;
  private final QmdCommands commands;
  private final ResidentSession session;
  private final QmdVocabulary words;

  QmdDocuments(Path vault, QmdOptions options, Map<String, String> environment,
      QmdCommands commands, ResidentSession session, QmdVocabulary words) {
    this.vault = vault;
    this.options = options;
    this.environment = environment;
    this.commands = commands;
    this.session = session;
    this.words = words;
  }

  /**
   * qmd's documents, best first, and how many it was asked for.
   *
   * @param asked the number of documents qmd was asked for; its answer has at most that many
   */
  record Answer(List<QmdJson.DocHit> docs, int asked) {
    /** The first {@code rows} documents: what asking for {@code rows} answers (see get). */
    List<QmdJson.DocHit> first(int rows) {
      return docs.size() <= rows ? docs : docs.subList(0, rows);
    }
  }

  /**
   * qmd's documents for {@code query}: {@code rows} of them, or, through the session in fast
   * mode, {@code wider} ({@code >= rows}) in the same call. qmd's {@code query} tool without
   * re-ranking fuses the same candidates whatever the limit and only cuts the fused list at
   * it, so the first {@code rows} of the wider answer are what asking for {@code rows} answers
   * (a test against the real qmd keeps it so): a search that needs the wider list as well
   * makes one call instead of two.
   */
  Answer get(String query, Mode mode, int rows, int wider) throws IOException {
    List<String> identifiers = words.identifiersFor(query);
    if (session.isUsable()) {
      int asked = mode == Mode.FAST ? Math.max(rows, wider) : rows;
      try {
        return new Answer(viaSession(query, mode, asked, identifiers), asked);
      } catch (QmdUnavailableException e) {
        if (mode == Mode.DEEP && Boolean.FALSE.equals(session.modelsReady())) throw e;
        LOG.debug("qmd session unavailable, searching through the CLI: {}", e.getMessage());
      }
    }
    if (mode == Mode.DEEP) QmdModels.require(environment);
    String argument = mode == Mode.FAST ? QmdQuery.forSearch(query) : QmdQuery.forQuery(query);
    String verb = mode == Mode.FAST ? "search" : "query";
    List<QmdJson.DocHit> docs = cli(verb, argument, mode, rows);
    for (String id : identifiers) docs = QmdJson.merged(docs, cli("search", id, mode, rows));
    return new Answer(docs, rows);
  }

  private List<QmdJson.DocHit> cli(String verb, String argument, Mode mode, int rows)
      throws IOException {
    ProcessResult r = commands.run(List.of(verb, "-c", options.collection(), "--json", "-n",
        Integer.toString(rows), "--", argument),
        mode == Mode.FAST ? options.fastTimeout() : options.deepTimeout());
    return QmdJson.parse(r.stdoutText(), options.collection(), vault);
  }

  private List<QmdJson.DocHit> viaSession(String query, Mode mode, int rows,
      List<String> identifiers) {
    boolean deep = mode == Mode.DEEP;
    if (deep) {
      // Once per process: without its models qmd tries to download them and hangs.
      Boolean ready = session.modelsReady();
      if (ready == null) {
        ready = QmdModels.missing(QmdModels.folder(environment)).isEmpty();
        session.modelsReady(ready);
      }
      if (!ready) QmdModels.require(environment);
    }
    QmdSession.Query call = new QmdSession.Query(QmdSearches.withIdentifiers(
        deep ? QmdSearches.deep(query) : QmdSearches.fast(query), identifiers),
        List.of(options.collection()), rows, deep,
        deep ? OptionalInt.of(options.session().deepCandidates()) : OptionalInt.empty(),
        deep ? options.deepTimeout() : options.fastTimeout());
    String json = session.call(s -> s.query(call), deep);
    return QmdJson.parse(json, options.collection(), vault);
  }
}
