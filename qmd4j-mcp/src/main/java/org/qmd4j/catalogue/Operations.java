package org.qmd4j.catalogue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.qmd4j.Searcher;
import org.qmd4j.concat.Block;
import org.qmd4j.concat.Brief;
import org.qmd4j.concat.ConcatDocument;
import org.qmd4j.concat.ConcatItem;
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
 * record, its call into the facade and the record describing its answer (from which its
 * output schema is generated). Adding an operation is one constant here, its request record
 * and its answer record; each front end then renders its answer.
 *
 * @since 0.6
 */
public final class Operations {
  /** Ranked chunks for a query. */
  public static final Operation<SearchArgs, SearchResponse> SEARCH = new Operation<>("search",
      SearchArgs.class, via(SearchArgs::toRequest, Searcher::answer), Answers.Search.class);
  /** A question turned into an overview and the relevant files and line ranges. */
  public static final Operation<BriefArgs, Brief> BRIEF = new Operation<>("brief",
      BriefArgs.class, via(BriefArgs::toRequest, Searcher::brief), Answers.Brief.class);
  /** Notes found by text, folder, frontmatter and dates. */
  public static final Operation<FindArgs, FindResult> FIND = new Operation<>("find_notes",
      FindArgs.class, via(FindArgs::toRequest, Searcher::find), Answers.Find.class);
  /** One file, whole or a line range. */
  public static final Operation<ReadArgs, Block> READ = new Operation<>("read",
      ReadArgs.class, via(ReadArgs::spec, Searcher::read), Answers.Read.class);
  /** The vault's folders and files. */
  public static final Operation<TreeArgs, VaultTree> TREE = new Operation<>("tree",
      TreeArgs.class, a -> Searcher::tree, Answers.Tree.class);
  /** Several files or line ranges as one document. */
  public static final Operation<ConcatArgs, ConcatDocument> CONCAT = new Operation<>("concat",
      ConcatArgs.class, a -> {
        List<ConcatItem> items = a.toItems();
        String overview = a.overviewText();
        return s -> s.concat(items, overview);
      },
      Answers.Concat.class);
  /** Tasks of the tasks.md files. */
  public static final Operation<TasksArgs, Listing<Task>> TASKS = new Operation<>("tasks",
      TasksArgs.class, via(TasksArgs::toQuery, Searcher::list), Answers.Listed.class,
      Answers.TaskRow.class);
  /** Changelog entries. */
  public static final Operation<ChangelogArgs, Listing<ChangelogEntry>> CHANGELOG =
      new Operation<>("changelog", ChangelogArgs.class,
      via(ChangelogArgs::toQuery, Searcher::list), Answers.Listed.class, Answers.ChangelogRow.class);
  /** Project states. */
  public static final Operation<StatesArgs, Listing<ProjectState>> STATES =
      new Operation<>("states", StatesArgs.class, via(StatesArgs::toQuery, Searcher::list),
      Answers.Listed.class, Answers.StateRow.class);
  /** Project descriptions. */
  public static final Operation<DescriptionsArgs, Listing<Description>> DESCRIPTIONS =
      new Operation<>("descriptions", DescriptionsArgs.class,
      via(DescriptionsArgs::toQuery, Searcher::list),
      Answers.Listed.class, Answers.DescriptionRow.class);
  /** Bucket notes. */
  public static final Operation<BucketsArgs, Listing<BucketItem>> BUCKETS =
      new Operation<>("buckets", BucketsArgs.class, via(BucketsArgs::toQuery, Searcher::list),
      Answers.Listed.class, Answers.BucketRow.class);

  private static final List<Operation<?, ?>> ALL = List.of(SEARCH, BRIEF, FIND, READ, TREE,
      CONCAT, TASKS, CHANGELOG, STATES, DESCRIPTIONS, BUCKETS);
  private static final Map<String, Operation<?, ?>> BY_NAME = ALL.stream()
      .collect(Collectors.toUnmodifiableMap(Operation::name, Function.identity()));

  private Operations() {}

  /**
   * An operation's binding: {@code check} turns the request into the facade's own request
   * (refusing bad input), {@code call} runs that on a searcher.
   */
  private static <A, R, T> Function<A, Function<Searcher, T>> via(Function<A, R> check,
      BiFunction<Searcher, R, T> call) {
    return args -> {
      R checked = check.apply(args);
      return searcher -> call.apply(searcher, checked);
    };
  }

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
