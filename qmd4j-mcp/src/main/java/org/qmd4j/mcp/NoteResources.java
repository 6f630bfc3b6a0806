package org.qmd4j.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceResult;
import io.modelcontextprotocol.spec.McpSchema.TextResourceContents;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.util.McpUriTemplateManager;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmd4j.ErrorMessages;
import org.qmd4j.IndexedFiles;
import org.qmd4j.Searcher;
import org.qmd4j.concat.Block;
import org.qmd4j.search.InvalidRequestException;
import org.qmd4j.search.SearchException;
import org.qmd4j.spi.VaultFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The vault's notes as MCP resources: one {@code qmd4j://vault/<path>} resource per indexed
 * file (markdown, named by its path), the template {@code qmd4j://vault/{path}} that reads any
 * file {@code read} would give, and the list kept in step with the vault ({@link #sync}, one
 * {@code notifications/resources/list_changed} per note added or removed). Reads go through
 * {@link Searcher#read(String)}: the same path guard, the same messages. Thread-safe.
 */
final class NoteResources {
  private static final Logger LOG = LoggerFactory.getLogger(NoteResources.class);
  static final String SCHEME_PREFIX = "qmd4j://vault/";
  static final String TEMPLATE = SCHEME_PREFIX + "{path}";
  private static final String MIME = "text/markdown";
  private static final Pattern VARIABLE = Pattern.compile("\\{([^{}]+)\\}");

  private final Searcher searcher;
  private final Object lock = new Object();
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "qmd4j-mcp-resources");
        t.setDaemon(true);
        return t;
      });
  private Set<String> listed = Set.of(); // guarded by lock; a HashSet: diffed in O(n)
  private CompletableFuture<Void> loaded; // guarded by lock

  NoteResources(Searcher searcher) {
    this.searcher = searcher;
  }

  /**
   * Lists the notes indexed now as {@code server}'s resources, on the timer's thread, then
   * keeps the list in step ({@link #watch}); only the first call does, later ones return the
   * same future. For a server built without them, whose clients have not listed resources yet.
   *
   * @return completed once the server lists them
   */
  CompletableFuture<Void> load(McpSyncServer server, Duration every) {
    CompletableFuture<Void> mine;
    synchronized (lock) {
      if (loaded != null) return loaded;
      mine = loaded = new CompletableFuture<>();
    }
    try {
      timer.execute(() -> {
        try {
          Set<String> paths = indexed();
          synchronized (lock) {
            listed = paths;
          }
          for (String path : new TreeSet<>(paths)) server.addResource(spec(path));
          LOG.debug("Resources: {} notes listed", paths.size());
        } catch (RuntimeException e) {
          LOG.warn("Cannot list the notes as resources: {}", e.toString(), e);
        } finally {
          mine.complete(null);
        }
        watch(server, every);
      });
    } catch (RejectedExecutionException closed) {
      mine.complete(null); // the server closed: nothing to list
    }
    return mine;
  }

  /** The resources of the notes indexed now; remembers them for the next {@link #sync}. */
  List<SyncResourceSpecification> initial() {
    Set<String> paths = indexed();
    synchronized (lock) {
      listed = paths;
    }
    return new TreeSet<>(paths).stream().map(this::spec).toList();
  }

  /** The template {@code qmd4j://vault/{path}}: any file of the vault that read gives. */
  SyncResourceTemplateSpecification template() {
    return new SyncResourceTemplateSpecification(McpSchema.ResourceTemplate.builder(
            TEMPLATE, "vault-file").title("A file of the vault")
        .description("Any file of the vault by its vault-relative path, e.g. "
            + SCHEME_PREFIX + "projects/startup-x/state.md ('/' may be written %2F).")
        .mimeType(MIME).build(),
        (exchange, request) -> read(request.uri()));
  }

  /**
   * Adds the resources of the notes indexed since the last look and removes those of the
   * notes gone; the server tells the clients once per note added or removed.
   */
  void sync(McpSyncServer server) {
    Set<String> now = indexed();
    List<String> added = new ArrayList<>();
    List<String> removed = new ArrayList<>();
    synchronized (lock) {
      // Hash lookups: sorted sets made this diff cost more than the walk (JFR).
      for (String path : now) if (!listed.contains(path)) added.add(path);
      for (String path : listed) if (!now.contains(path)) removed.add(path);
      listed = now;
    }
    for (String path : removed) server.removeResource(uri(path));
    for (String path : added) server.addResource(spec(path));
    if (!added.isEmpty() || !removed.isEmpty()) {
      LOG.debug("Resources: {} added, {} removed", added.size(), removed.size());
    }
  }

  private Set<String> indexed() {
    try {
      Set<String> paths = new HashSet<>();
      for (VaultFile f : IndexedFiles.of(searcher)) paths.add(f.path());
      return paths;
    } catch (SearchException e) {
      // Keep the list as it was: a vault that cannot be walked now lists nothing new.
      LOG.warn("Cannot list the notes of {} as resources: {}", searcher.describe().vault(),
          e.getMessage());
      synchronized (lock) {
        return new HashSet<>(listed);
      }
    }
  }

  private SyncResourceSpecification spec(String path) {
    return new SyncResourceSpecification(McpSchema.Resource.builder(uri(path), path)
        .mimeType(MIME).build(), (exchange, request) -> read(request.uri()));
  }

  /** {@code qmd4j://vault/} and the path, each segment percent-encoded as a URI needs. */
  static String uri(String path) {
    try {
      return new URI("qmd4j", "vault", "/" + path, null).toASCIIString();
    } catch (URISyntaxException e) {
      throw new AssertionError("A vault path is a valid URI path: " + path, e);
    }
  }

  /**
   * The file a {@code qmd4j://vault/...} URI names, whole, as {@code read} gives it (a file
   * past the block cap ends with the marker saying what was cut).
   *
   * @throws McpError invalid params for a URI outside the vault or not of this server,
   *     resource not found for a file that does not exist, with the message {@code read} gives
   */
  ReadResourceResult read(String uri) {
    String path = path(uri);
    try {
      Block block = searcher.read(path);
      String text = block.text() + block.truncation().map(t -> "\n\n" + t.marker()).orElse("");
      return ReadResourceResult.builder(List.of(
          TextResourceContents.builder(uri, text).mimeType(MIME).build())).build();
    } catch (InvalidRequestException e) {
      throw error(McpSchema.ErrorCodes.INVALID_PARAMS, ErrorMessages.forPeople(e, null, null));
    } catch (SearchException e) {
      throw error(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND,
          ErrorMessages.forPeople(e, null, null));
    }
  }

  /** The vault path of {@code uri}: the rest after {@code qmd4j://vault/}, decoded. */
  static String path(String uri) {
    if (uri == null || !uri.startsWith(SCHEME_PREFIX) || uri.length() == SCHEME_PREFIX.length()) {
      throw error(McpSchema.ErrorCodes.INVALID_PARAMS, "Unknown resource " + uri
          + ": this server's resources are " + SCHEME_PREFIX + "<path of a vault file>");
    }
    String rest = uri.substring(SCHEME_PREFIX.length());
    try {
      // Not form decoding: a '+' in a file name stays a '+'.
      return URLDecoder.decode(rest.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw error(McpSchema.ErrorCodes.INVALID_PARAMS, "Resource " + uri
          + " has a broken %-escape; write '%' as %25");
    }
  }

  private static McpError error(int code, String message) {
    return McpError.builder(code).message(message).build();
  }

  /**
   * Calls {@link #sync} on a daemon thread until closed: {@code every} after the last one
   * ended, or {@value #IDLE_FACTOR} times as long as it took if that is longer, so that the
   * walk takes at most a tenth of the time whatever the vault's size (at 100,000
   * files a walk every 2 s took most of the server's CPU and slowed its searches). The
   * engines' own watcher is not used: it is pulled at each search (its events wait behind a
   * barrier for the next one), so it tells nobody when a note appears; this walk (the stat
   * walk a short-lived search does) is the listener.
   */
  AutoCloseable watch(McpSyncServer server, Duration every) {
    Runnable poll = new Runnable() {
      @Override
      public void run() {
        long start = System.nanoTime();
        try {
          sync(server);
        } catch (RuntimeException e) {
          LOG.warn("Cannot refresh the resource list: {}", e.toString(), e);
        }
        try {
          timer.schedule(this, nextDelayNanos(every, System.nanoTime() - start),
              TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException closed) {
          LOG.debug("Resource list no longer watched: the server closed");
        }
      }
    };
    try {
      timer.schedule(poll, every.toNanos(), TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException closed) {
      LOG.debug("Resource list not watched: the server closed");
    }
    return this::close;
  }

  /** Stops listing and watching the notes. Idempotent. */
  void close() {
    timer.shutdownNow();
  }

  /** How much longer than a walk took the next one waits at least. */
  static final int IDLE_FACTOR = 9;

  /** The wait before the next walk: {@code every}, or longer after a long walk. */
  static long nextDelayNanos(Duration every, long tookNanos) {
    return Math.max(every.toNanos(), IDLE_FACTOR * Math.max(0, tookNanos));
  }

  /**
   * Template matching where a variable may hold {@code /}: the SDK's own matches one path
   * segment only, so {@code qmd4j://vault/{path}} would miss every file in a folder.
   */
  static McpUriTemplateManager templateManager(String template) {
    List<String> names = new ArrayList<>();
    StringBuilder regex = new StringBuilder("^");
    Matcher m = VARIABLE.matcher(template);
    int last = 0;
    while (m.find()) {
      regex.append(Pattern.quote(template.substring(last, m.start()))).append("(.+)");
      names.add(m.group(1));
      last = m.end();
    }
    regex.append(Pattern.quote(template.substring(last))).append('$');
    Pattern pattern = Pattern.compile(regex.toString(), Pattern.DOTALL);
    return new McpUriTemplateManager() {
      @Override
      public List<String> getVariableNames() {
        return List.copyOf(names);
      }

      @Override
      public Map<String, String> extractVariableValues(String uri) {
        Matcher u = pattern.matcher(uri);
        Map<String, String> values = new LinkedHashMap<>();
        if (u.matches()) {
          for (int i = 0; i < names.size(); i++) values.put(names.get(i), u.group(i + 1));
        }
        return values;
      }

      @Override
      public boolean matches(String uri) {
        return pattern.matcher(uri).matches();
      }

      @Override
      public boolean isUriTemplate(String uri) {
        return VARIABLE.matcher(uri).find();
      }
    };
  }
}
