package org.qmd4j.concat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.qmd4j.analysis.Analysis;
import org.qmd4j.internal.Problems;
import org.qmd4j.search.EngineException;
import org.qmd4j.search.InvalidLineRangeException;
import org.qmd4j.search.InvalidRequestException;
import org.qmd4j.search.Layout;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.NoteNotFoundException;
import org.qmd4j.search.PathRefusedException;
import org.qmd4j.search.SearchException;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResponse;
import org.qmd4j.search.SearchResult;
import org.qmd4j.vault.NoteText;
import org.qmd4j.vault.VaultLayout;

/**
 * Reads vault files and assembles them into one markdown document.
 * Application code usually reaches it through {@code Searcher.concat},
 * {@code brief}, {@code read} and {@code tree}.
 *
 * <pre>{@code
 * ConcatEngine engine = ConcatEngine.forVault(Path.of("notes"), ConcatOptions.DEFAULT);
 * ConcatDocument doc = engine.concat(List.of(
 *     ConcatItem.parse("projects/startup-x/state.md"),
 *     ConcatItem.parse("projects/startup-x/changelog.md:21-45")), "");
 * System.out.print(doc.markdown());
 * }</pre>
 *
 * <p>Rules: the items of one file are grouped into that file's blocks, at the position where
 * the file first appeared; a whole-file item absorbs every range of its file; ranges that
 * overlap or touch are merged, the others stay separate blocks in line order; a range that
 * ends past the end of the file is clamped, and the header names the lines really included.
 * A block whose text exceeds {@link ConcatOptions#blockCap()} bytes is cut at a line
 * boundary and ends with a visible marker. Only regular files inside the vault are read:
 * absolute paths, {@code ..} segments, symbolic links that lead outside the vault, folders
 * and missing files are refused with a {@link PathRefusedException} or
 * {@link NoteNotFoundException} naming the path. Any file inside the vault can be read,
 * indexed or not.
 *
 * <p>Thread-safe and immutable: it holds only the vault's real path and the options.
 *
 * @since 0.1
 */
public final class ConcatEngine {
  private final VaultFiles files;
  private final ConcatOptions options;
  private final VaultLayout layout;

  private ConcatEngine(VaultFiles files, ConcatOptions options, VaultLayout layout) {
    this.files = files;
    this.layout = layout;
    this.options = options;
  }

  /** An engine for {@code vault} with {@link ConcatOptions#DEFAULT}. */
  public static ConcatEngine forVault(Path vault) {
    return forVault(vault, ConcatOptions.DEFAULT);
  }

  /**
   * An engine for {@code vault}.
   *
   * @throws org.qmd4j.search.VaultNotFoundException if {@code vault} is not an existing folder
   */
  public static ConcatEngine forVault(Path vault, ConcatOptions options) {
    Objects.requireNonNull(vault, "vault == null");
    Objects.requireNonNull(options, "options == null");
    VaultFiles files = VaultFiles.of(vault);
    return new ConcatEngine(files, options, layoutOf(files.root(), Optional.empty()));
  }

  /**
   * An engine for {@code vault} in the given layout (a searcher's, so that briefs and trees
   * see the files it indexes).
   *
   * @throws org.qmd4j.search.VaultNotFoundException if {@code vault} is not an existing folder
   * @since 0.4
   */
  public static ConcatEngine forVault(Path vault, ConcatOptions options, Layout layout) {
    Objects.requireNonNull(vault, "vault == null");
    Objects.requireNonNull(options, "options == null");
    Objects.requireNonNull(layout, "layout == null");
    VaultFiles files = VaultFiles.of(vault);
    return new ConcatEngine(files, options, layoutOf(files.root(), Optional.of(layout)));
  }

  private static VaultLayout layoutOf(Path root, Optional<Layout> layout) {
    try {
      return VaultLayout.of(root, layout);
    } catch (IOException e) {
      throw new EngineException(Problems.cannotReadVault(root, e), e);
    }
  }

  /** The layout of the vault, which decides what {@link #tree()} marks as indexed. */
  public Layout layout() {
    return layout.layout();
  }

  /** The options this engine was built with. */
  public ConcatOptions options() {
    return options;
  }

  /**
   * Assembles {@code items} into one document.
   *
   * @param overview the text before the {@code ---} line; blank for none
   * @throws InvalidRequestException if {@code items} is empty
   * @throws PathRefusedException if a path is absolute, has {@code ..}, leads outside the
   *     vault or is not a regular file
   * @throws NoteNotFoundException if a path names no file
   * @throws InvalidLineRangeException if a range starts past the end of its file
   * @throws EngineException if a file cannot be read
   */
  public ConcatDocument concat(List<ConcatItem> items, String overview) {
    Objects.requireNonNull(overview, "overview == null");
    return new ConcatDocument(overview, blocks(items));
  }

  /**
   * Expert: the blocks {@link #concat} would include, without the document around them.
   *
   * @throws InvalidRequestException as {@link #concat}
   */
  public List<Block> blocks(List<ConcatItem> items) {
    Objects.requireNonNull(items, "items == null");
    if (items.isEmpty()) {
      throw new InvalidRequestException("Nothing to concatenate; give at least one PATH or "
          + "PATH:FROM-TO, such as projects/startup-x/state.md");
    }
    // Every path is normalized (absolute and ".." refused) before any file is read.
    Map<String, List<ConcatItem>> byPath = new LinkedHashMap<>();
    for (ConcatItem item : items) {
      Objects.requireNonNull(item, "item == null");
      byPath.computeIfAbsent(VaultFiles.normalize(item.path()), p -> new ArrayList<>())
          .add(item);
    }
    List<Block> blocks = new ArrayList<>();
    for (Map.Entry<String, List<ConcatItem>> e : byPath.entrySet()) {
      blocks.addAll(blocksOf(e.getKey(), e.getValue(), files.read(e.getKey())));
    }
    return List.copyOf(blocks);
  }

  /**
   * One file, or a range of it, as a block: {@code PATH} or {@code PATH:FROM-TO}, or the
   * whole note a wiki link names ({@code [[Note Name]]}, resolved by {@link #resolve}).
   *
   * @throws InvalidRequestException as {@link #concat}, or if the range is malformed
   */
  public Block read(String pathWithOptionalRange) {
    Objects.requireNonNull(pathWithOptionalRange, "pathWithOptionalRange == null");
    Optional<WikiLink> link = WikiLink.parse(pathWithOptionalRange);
    if (link.isPresent()) return read(ConcatItem.whole(resolve(link.get())));
    return read(ConcatItem.parse(pathWithOptionalRange));
  }

  /**
   * The vault path of the note {@code link} names, seen from the vault's root ({@link
   * WikiLink#resolve}).
   *
   * @throws NoteNotFoundException if no file of the vault matches it
   * @since 0.4
   */
  public String resolve(WikiLink link) {
    Objects.requireNonNull(link, "link == null");
    List<String> paths = new ArrayList<>();
    for (VaultTree.Entry e : tree().files()) paths.add(e.path());
    return link.resolve("", paths).orElseThrow(() -> new NoteNotFoundException(link.toString(),
        "No note of the vault matches the wiki link " + link + "; give a note's file name "
            + "(.md implied, any folder, any case) or its vault-relative path; tree lists the "
            + "vault's files"));
  }

  /**
   * One file, or a range of it, as a block.
   *
   * @throws InvalidRequestException as {@link #concat}
   */
  public Block read(ConcatItem item) {
    Objects.requireNonNull(item, "item == null");
    return blocks(List.of(item)).get(0);
  }

  /**
   * Turns search results into a brief: chooses whole files or ranges around the hits (whole
   * files for states, descriptions and files of at most 60 lines and 4 KiB; otherwise the
   * hit's lines with 2 lines of context, plus the day line of a changelog hit), asks
   * {@code writer} for the overview, and assembles the document. Files come in the order of
   * their best result.
   *
   * @param request the search that produced {@code results}
   * @param results its results, best first
   * @throws EngineException if a file cannot be read or the writer fails
   */
  public Brief brief(SearchRequest request, List<SearchResult> results, OverviewWriter writer) {
    return brief(request, new SearchResponse(results, Map.of(), List.of()), writer);
  }

  /**
   * {@link #brief(SearchRequest, List, OverviewWriter)} of a search's whole response: the
   * overview starts with the correction ({@code Showing results for ...}) or, when nothing
   * matched, ends with the suggestions.
   *
   * @since 0.3
   */
  public Brief brief(SearchRequest request, SearchResponse response, OverviewWriter writer) {
    Objects.requireNonNull(request, "request == null");
    Objects.requireNonNull(response, "response == null");
    Objects.requireNonNull(writer, "writer == null");
    List<SearchResult> results = response.results();
    List<ConcatItem> items = BriefPlanner.plan(results, path -> files.read(
        VaultFiles.normalize(path)), layout);
    List<Block> blocks = items.isEmpty() ? List.of() : blocks(items);
    String overview;
    try {
      overview = writer.overview(new BriefContext(asSearched(request, response.corrected()),
          results, blocks));
    } catch (SearchException e) {
      throw e;
    } catch (RuntimeException e) {
      // A plugged-in writer's own words (an LLM "model offline") say most.
      String why = e.getMessage() != null && !e.getMessage().isBlank() ? e.getMessage()
          : Problems.describe(e);
      throw new EngineException("The overview writer failed (" + why + "); try again, or use"
          + " the mechanical overview", e);
    }
    String said = overview == null ? "" : overview;
    if (!response.corrected().isEmpty()) said = response.correctionNotice() + ".\n\n" + said;
    if (!response.alsoSearched().isEmpty()) {
      said = response.alsoSearchedNotice() + ".\n\n" + said;
    }
    if (!response.suggestions().isEmpty()) {
      said = said + (said.isBlank() ? "" : "\n\n") + response.suggestionNotice();
    }
    return new Brief(request, results, new ConcatDocument(said, blocks),
        response.corrected(), response.suggestions(), response.total());
  }

  /** The request with each corrected word (folded as typed) replaced by its correction. */
  private static SearchRequest asSearched(SearchRequest request, Map<String, String> corrected) {
    if (corrected.isEmpty()) return request;
    StringBuilder sb = new StringBuilder();
    for (String piece : request.query().split(" ", -1)) {
      if (sb.length() > 0) sb.append(' ');
      String folded = String.join(" ", Analysis.tokens(Analysis.WORDS, Analysis.normalize(piece)));
      sb.append(corrected.getOrDefault(folded, piece));
    }
    return request.withQuery(sb.toString());
  }

  /**
   * The vault's folders and files, hidden ones and symbolic links left out.
   *
   * @throws EngineException if a folder cannot be listed
   */
  public VaultTree tree() {
    return TreeWalker.walk(files.root(), layout);
  }

  private List<Block> blocksOf(String path, List<ConcatItem> items, NoteText note) {
    int n = note.lineCount();
    boolean whole = items.stream().anyMatch(i -> i instanceof ConcatItem.WholeFile);
    if (whole) {
      if (n == 0) return List.of(new Block(path, true, Optional.empty(), 0, "", Optional.empty()));
      return List.of(block(path, note, new LineRange(1, n), true));
    }
    List<LineRange> ranges = new ArrayList<>();
    for (ConcatItem item : items) {
      if (!(item instanceof ConcatItem.LineSpan)) throw new AssertionError(item);
      ConcatItem.LineSpan span = (ConcatItem.LineSpan) item;
      if (span.from() > n) {
        throw new InvalidLineRangeException("Lines " + span.from() + "-" + span.to() + " of '"
            + path + "' start past its end: it has " + n + (n == 1 ? " line" : " lines")
            + (n == 0 ? "" : "; give a range within 1-" + n + ", or the path alone"));
      }
      ranges.add(new LineRange(span.from(), Math.min(span.to(), n)));
    }
    ranges.sort(Comparator.comparingInt(LineRange::from));
    List<Block> out = new ArrayList<>();
    LineRange current = ranges.get(0);
    for (LineRange next : ranges.subList(1, ranges.size())) {
      if (next.from() <= current.to() + 1) {
        current = new LineRange(current.from(), Math.max(current.to(), next.to()));
      } else {
        out.add(block(path, note, current, false));
        current = next;
      }
    }
    out.add(block(path, note, current, false));
    return out;
  }

  /** Lines {@code range} of the file, cut to the block cap with a marker when larger. */
  private Block block(String path, NoteText note, LineRange range, boolean whole) {
    int cap = options.blockCap();
    long total = 0;
    long kept = 0;
    int last = range.from() - 1; // last line that fits whole
    for (int line = range.from(); line <= range.to(); line++) {
      int size = Utf8.length(note.line(line)) + (line < range.to() ? 1 : 0);
      total += size;
      if (last == line - 1 && kept + size <= cap) {
        kept += size;
        last = line;
      }
    }
    int n = note.lineCount();
    if (last == range.to()) {
      return new Block(path, whole, Optional.of(range), n, note.text(range.from(), range.to()),
          Optional.empty());
    }
    if (last >= range.from()) {
      LineRange included = new LineRange(range.from(), last);
      String text = note.text(range.from(), last);
      return new Block(path, false, Optional.of(included), n, text, Optional.of(
          new Block.Truncation(total - Utf8.length(text), new LineRange(last + 1, range.to()),
              cap)));
    }
    // Not even the first line fits: keep what fits of it.
    String text = Utf8.prefix(note.line(range.from()), cap);
    return new Block(path, false, Optional.of(new LineRange(range.from(), range.from())), n,
        text, Optional.of(new Block.Truncation(total - Utf8.length(text), range, cap)));
  }

  @Override
  public String toString() {
    return "ConcatEngine[" + files.root() + ", cap " + options.blockCap() + "]";
  }
}
