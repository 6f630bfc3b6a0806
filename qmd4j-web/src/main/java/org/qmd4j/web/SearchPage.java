package org.qmd4j.web;

import java.util.List;
import java.util.Map;

/**
 * What the search page shows, read by the {@code search.jte} template: the form with its
 * values and errors, what the main column holds (a brief, a file, a welcome or only an alert)
 * and the vault's tree. Every text in it is raw, escaped by the template, except the HTML that
 * {@link Markdown} made ({@link BlockView#html()}, {@link #overviewHtml()}).
 *
 * @param title the whole page title
 * @param vaultName the vault's folder name
 * @param engine the engine's name
 * @param tasksView whether the nav offers the Tasks view (not on a {@code notes} vault)
 * @param form the search form
 * @param alert what failed, or {@code null}
 * @param nothingIndexed why nothing is indexed, or {@code null}
 * @param back the link back to the results or the tasks, or {@code null}
 * @param notices the correction and suggestion notices above the overview
 * @param overviewHtml the brief's overview as HTML, or {@code null} without a brief
 * @param summary the results' summary line, or {@code null} without a brief
 * @param blocks the blocks shown: the brief's, or the one opened file
 * @param welcome the welcome's starting points, or {@code null} when it is not shown
 * @param notesLayout whether the vault has the notes layout
 * @param tree the vault's tree in the sidebar
 * @param backlinks the notes linking to the opened file (their page address and title), or
 *     {@code null} when no file is opened
 * @param backlinksFailure why the backlinks could not be listed, or {@code null}
 */
record SearchPage(String title, String vaultName, String engine, boolean tasksView,
    Form form, Alert alert, String nothingIndexed, Link back, List<Notice> notices,
    String overviewHtml, Summary summary, List<BlockView> blocks, List<Link> welcome,
    boolean notesLayout, Tree tree, List<Link> backlinks, String backlinksFailure) {

  /**
   * The search form as given, with the message of each invalid field.
   *
   * @param query the words
   * @param autofocus whether the search box takes the focus on load
   * @param modes the mode choices
   * @param scope the scope as given
   * @param scopes the scope suggestions
   * @param from the lower date bound as given
   * @param to the upper date bound as given
   * @param limit the limit as given
   * @param errors the error of each invalid field, by the field's name
   */
  record Form(String query, boolean autofocus, List<Choice> modes, String scope,
      List<String> scopes, String from, String to, String limit,
      Map<String, FieldError> errors) {
    boolean invalid(String field) {
      return errors.containsKey(field);
    }

    /** {@code " invalid"} for the field's class when it is invalid, else empty. */
    String invalidClass(String field) {
      return invalid(field) ? " invalid" : "";
    }

    /** {@code "true"} when the field is invalid, else {@code null} (no attribute). */
    String ariaInvalid(String field) {
      return invalid(field) ? "true" : null;
    }

    /** The id of the field's error, or {@code null} when it has none. */
    String describedBy(String field) {
      return invalid(field) ? field + "-error" : null;
    }

    FieldError error(String field) {
      return errors.get(field);
    }

    /** What the hint above the results asks to fix. */
    String fix() {
      return errors.size() == 1 ? "the highlighted field" : "the highlighted fields";
    }
  }

  /**
   * An invalid field's message, short enough to stand beside the field in a narrow column:
   * a date's says what is wrong in a few words (the field shows the value, its label names
   * it), and the library's whole message, with the forms it accepts, is folded under it.
   *
   * @param message what is wrong, in a line or two
   * @param accepted the library's whole message, listing what the field accepts; {@code null}
   *     when {@code message} is the whole message
   */
  record FieldError(String message, String accepted) {
    private static final String EXPECTED = "; expected ";
    private static final String INVALID = "Invalid date '";

    /** The error of the library's {@code message}. */
    static FieldError of(String message) {
      int invalid = message.indexOf(INVALID);
      int expected = message.indexOf(EXPECTED);
      int why = message.indexOf("': ", invalid);
      if (invalid < 0 || expected < 0 || why < 0 || why > expected) {
        return new FieldError(message, null);
      }
      String reason = message.substring(why + 3, expected).replaceFirst("^it is ", "");
      String shortly = reason.equals("not a recognized form") ? "Not a date this page reads"
          : reason.equals("not a real calendar date") ? "No such day in the calendar"
          : Character.toUpperCase(reason.charAt(0)) + reason.substring(1);
      return new FieldError(shortly, message);
    }
  }

  /**
   * An option of a select.
   *
   * @param value the value sent
   * @param label what the option says
   * @param selected whether it is the current one
   */
  record Choice(String value, String label, boolean selected) {}

  /**
   * A link.
   *
   * @param href where it goes, raw (the template escapes it)
   * @param label what it says
   */
  record Link(String href, String label) {}

  /**
   * What failed.
   *
   * @param heading the alert's heading
   * @param message the message
   */
  record Alert(String heading, String message) {}

  /**
   * A notice above the overview: the words searched instead of misspelt ones, or queries
   * that would match.
   *
   * @param corrected the words searched
   * @param misspelt the words given that matched nothing
   * @param suggestions the queries offered, as links
   */
  record Notice(List<String> corrected, List<String> misspelt, List<Link> suggestions) {}

  /**
   * The line under the overview.
   *
   * @param found {@code 20 of 28 results}, or {@code 3 results}
   * @param blocks {@code 2 blocks}
   * @param millis how long the search took
   * @param json the brief's address in the API
   */
  record Summary(String found, String blocks, long millis, String json) {}

  /**
   * One block of a brief, or an opened file.
   *
   * @param id the block's element id
   * @param dir the path's folder part, with its trailing slash
   * @param name the file's name
   * @param open the page's address of the whole file
   * @param kind the file's kind, or {@code null}
   * @param lines which lines it shows, in words
   * @param dates the dates of its results and their sources, or empty
   * @param wholeFile whether it is the whole file
   * @param frontmatter the frontmatter's fields, or {@code null} when it shows none
   * @param html the note's text as HTML from {@link Markdown}; empty for an empty text
   * @param source the text's lines, for the source view
   * @param truncated the truncation marker, or {@code null}
   */
  record BlockView(String id, String dir, String name, String open, String kind,
      String lines, String dates, boolean wholeFile, List<Field> frontmatter, String html,
      List<SourceLine> source, String truncated) {}

  /**
   * A line of the frontmatter.
   *
   * @param key the field's name, or {@code null} for a line that continues the previous one
   * @param value the value as written, when it is not a list
   * @param items the values of a YAML list, or of the tags; empty for a single value
   * @param tags whether the values are the note's tags, each a link to its search
   */
  record Field(String key, String value, List<String> items, boolean tags) {
    /** The search of tag {@code tag}: the notes carrying it. */
    static String tagSearch(String tag) {
      return "/?q=" + Html.url("#" + tag);
    }
  }

  /**
   * A line of a block's source.
   *
   * @param number its number in the file
   * @param hit whether a result holds it
   * @param spans its text, split where the query's words are marked
   */
  record SourceLine(int number, boolean hit, List<Span> spans) {
    String css() {
      return hit ? "line hit" : "line";
    }
  }

  /**
   * A piece of a line.
   *
   * @param text the text
   * @param marked whether it is one of the query's words
   */
  record Span(String text, boolean marked) {}

  /**
   * The vault's files in the sidebar.
   *
   * @param files how many files
   * @param nodes the top level's folders and files
   */
  record Tree(int files, List<Node> nodes) {}

  /**
   * A folder or a file of the tree.
   *
   * @param name what the tree shows
   * @param folder whether it is a folder
   * @param open whether a folder starts unfolded
   * @param children a folder's entries
   * @param href a file's page address
   * @param path a file's vault path
   * @param indexed whether a file is indexed
   * @param current whether a file is the one shown
   * @param kind a file's kind, or {@code null}
   */
  record Node(String name, boolean folder, boolean open, List<Node> children, String href,
      String path, boolean indexed, boolean current, String kind) {
    String css() {
      return indexed ? "file" : "file plain";
    }
  }
}
