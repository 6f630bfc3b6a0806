package org.qmd4j.catalogue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.qmd4j.concat.Block;
import org.qmd4j.concat.Brief;
import org.qmd4j.concat.ConcatDocument;
import org.qmd4j.concat.VaultTree;
import org.qmd4j.find.FindResult;
import org.qmd4j.notes.BucketItem;
import org.qmd4j.notes.ChangelogEntry;
import org.qmd4j.notes.Description;
import org.qmd4j.notes.Listing;
import org.qmd4j.notes.ProjectState;
import org.qmd4j.notes.Task;
import org.qmd4j.search.SearchResponse;

/**
 * The catalogue: every operation the front ends offer, each defined once by its request
 * record and its call into the facade. Adding an operation is one constant here and one
 * record; each front end then renders its answer.
 *
 * @since 0.6
 */
public final class Operations {
  /** Ranked chunks for a query. */
  public static final Operation<SearchArgs, SearchResponse> SEARCH = new Operation<>("search",
      SearchArgs.class, (s, a) -> s.answer(a.toRequest()));
  /** A question turned into an overview and the relevant files and line ranges. */
  public static final Operation<BriefArgs, Brief> BRIEF = new Operation<>("brief",
      BriefArgs.class, (s, a) -> s.brief(a.toRequest()));
  /** Notes found by text, folder, frontmatter and dates. */
  public static final Operation<FindArgs, FindResult> FIND = new Operation<>("find_notes",
      FindArgs.class, (s, a) -> s.find(a.toRequest()));
  /** One file, whole or a line range. */
  public static final Operation<ReadArgs, Block> READ = new Operation<>("read",
      ReadArgs.class, (s, a) -> s.read(a.spec()));
  /** The vault's folders and files. */
  public static final Operation<TreeArgs, VaultTree> TREE = new Operation<>("tree",
      TreeArgs.class, (s, a) -> s.tree());
  /** Several files or line ranges as one document. */
  public static final Operation<ConcatArgs, ConcatDocument> CONCAT = new Operation<>("concat",
      ConcatArgs.class, (s, a) -> s.concat(a.toItems(), a.overviewText()));
  /** Tasks of the tasks.md files. */
  public static final Operation<TasksArgs, Listing<Task>> TASKS = new Operation<>("tasks",
      TasksArgs.class, (s, a) -> s.list(a.toQuery()));
  /** Changelog entries. */
  public static final Operation<ChangelogArgs, Listing<ChangelogEntry>> CHANGELOG =
      new Operation<>("changelog", ChangelogArgs.class, (s, a) -> s.list(a.toQuery()));
  /** Project states. */
  public static final Operation<StatesArgs, Listing<ProjectState>> STATES =
      new Operation<>("states", StatesArgs.class, (s, a) -> s.list(a.toQuery()));
  /** Project descriptions. */
  public static final Operation<DescriptionsArgs, Listing<Description>> DESCRIPTIONS =
      new Operation<>("descriptions", DescriptionsArgs.class, (s, a) -> s.list(a.toQuery()));
  /** Bucket notes. */
  public static final Operation<BucketsArgs, Listing<BucketItem>> BUCKETS =
      new Operation<>("buckets", BucketsArgs.class, (s, a) -> s.list(a.toQuery()));

  private static final List<Operation<?, ?>> ALL = List.of(SEARCH, BRIEF, FIND, READ, TREE,
      CONCAT, TASKS, CHANGELOG, STATES, DESCRIPTIONS, BUCKETS);
  private static final Map<String, Operation<?, ?>> BY_NAME = ALL.stream()
      .collect(Collectors.toUnmodifiableMap(Operation::name, Function.identity()));

  private Operations() {}

  /** Every operation, in the order the MCP server lists its tools. */
  public static List<Operation<?, ?>> all() {
    return ALL;
  }

  /** The operation named {@code name} ({@code find_notes}, not {@code find}). */
  public static Optional<Operation<?, ?>> named(String name) {
    return Optional.ofNullable(BY_NAME.get(name));
  }

  /**
   * The typed listings ({@code tasks}, {@code changelog}, {@code states},
   * {@code descriptions}, {@code buckets}), which share one answer shape.
   */
  public static List<Operation<?, ? extends Listing<?>>> listings() {
    return List.of(TASKS, CHANGELOG, STATES, DESCRIPTIONS, BUCKETS);
  }
}
