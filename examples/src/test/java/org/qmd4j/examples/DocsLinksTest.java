package org.qmd4j.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.vladsch.flexmark.ast.Heading;
import com.vladsch.flexmark.ast.Image;
import com.vladsch.flexmark.ast.Link;
import com.vladsch.flexmark.ast.Reference;
import com.vladsch.flexmark.util.ast.Document;
import com.vladsch.flexmark.util.ast.NodeVisitor;
import com.vladsch.flexmark.util.ast.TextCollectingVisitor;
import com.vladsch.flexmark.util.ast.VisitHandler;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README and {@code docs/*.md} hold together for a reader of the repository alone: every
 * relative link and image resolves, to a file and, for a link into a page, to one of its
 * headings; and no page cites a tracker issue by number or design notes kept outside the
 * repository: a page states the behaviour itself.
 */
class DocsLinksTest {
  /**
   * A citation: "issue" followed by a number (a space or a '#' between), or the design notes
   * the repository does not hold (the rule {@code SourceCommentsTest} applies to comments).
   * A file name such as {@code issue16-tasks.png} does not match.
   */
  static final Pattern CITATION = Pattern.compile(
      "(?i)\\bissues?(?: +#?| *#)\\d+\\b|\\bDESIGN\\.md\\b|\\.\\./shared\\b");

  /**
   * Pages that other branches of this round add: a link to one of them is accepted while it
   * is missing. Empty this set once they are merged.
   */
  private static final Set<String> ARRIVING = Set.of("docs/bench.md", "docs/install.md");

  private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:|^//");

  @Test
  void everyRelativeLinkOfTheReadmeAndDocsResolves() {
    Map<Path, Set<String>> anchors = new HashMap<>();
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path page : DocPages.all()) {
      for (String url : links(DocPages.parse(DocPages.read(page)))) {
        if (SCHEME.matcher(url).find()) continue;
        checked++;
        String problem = problem(page, url, anchors);
        if (problem != null) broken.add(DocPages.name(page) + ": (" + url + ") " + problem);
      }
    }
    assertThat(checked).as("relative links checked").isGreaterThan(50);
    assertThat(broken).as("links that lead nowhere").isEmpty();
  }

  @Test
  void noPageCitesAnIssueNumberOrDesignNotes() {
    List<String> found = new ArrayList<>();
    for (Path page : DocPages.all()) {
      String[] lines = DocPages.read(page).split("\n", -1);
      for (int i = 0; i < lines.length; i++) {
        if (CITATION.matcher(lines[i]).find()) {
          found.add(DocPages.name(page) + ":" + (i + 1) + ": " + lines[i].strip());
        }
      }
    }
    assertThat(found)
        .as("pages citing an issue number or design notes: say the behaviour itself instead")
        .isEmpty();
  }

  @Test
  void headingsGetGitHubsAnchors() {
    Document page = DocPages.parse(String.join("\n",
        "# The command line", "## `search` options", "## Scale-out: SolrCloud",
        "## Finding notes: `find_notes`", "## Semantic deep search (`--model`)",
        "## JDK 22 and later: warnings on stderr", "## Usage", "## Usage",
        "## Où l'on **trie** les tâches", ""));
    assertThat(anchors(page)).containsExactly("the-command-line", "search-options",
        "scale-out-solrcloud", "finding-notes-find_notes", "semantic-deep-search---model",
        "jdk-22-and-later-warnings-on-stderr", "usage", "usage-1", "où-lon-trie-les-tâches");
  }

  @Test
  void citationsAreToldFromLookAlikes() {
    assertThat(CITATION.matcher("## Tasks (issue 16)").find()).isTrue();
    assertThat(CITATION.matcher("as Issue #4 said").find()).isTrue();
    assertThat(CITATION.matcher("the table of DESIGN.md").find()).isTrue();
    assertThat(CITATION.matcher("see ../shared/STYLE.md").find()).isTrue();
    assertThat(CITATION.matcher("![Tasks](screenshots/issue16-tasks.png)").find()).isFalse();
    assertThat(CITATION.matcher("github.com/o/r/issues/12, an issue of 3 lines").find())
        .isFalse();
  }

  /** Why {@code url}, found in {@code page}, leads nowhere; null when it resolves. */
  private static String problem(Path page, String url, Map<Path, Set<String>> anchors) {
    int hash = url.indexOf('#');
    String file = URLDecoder.decode(hash < 0 ? url : url.substring(0, hash),
        StandardCharsets.UTF_8);
    String anchor = hash < 0 ? "" : url.substring(hash + 1);
    Path target = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
    if (!target.startsWith(DocPages.root())) return "leaves the repository";
    if (!Files.exists(target)) {
      return ARRIVING.contains(DocPages.name(target)) ? null : "no such file";
    }
    if (anchor.isEmpty() || !target.toString().endsWith(".md")) return null;
    Set<String> known = anchors.computeIfAbsent(target,
        t -> anchors(DocPages.parse(DocPages.read(t))));
    String wanted = URLDecoder.decode(anchor, StandardCharsets.UTF_8);
    return known.contains(wanted) ? null
        : "no heading of " + DocPages.name(target) + " has the anchor #" + wanted;
  }

  /** The destinations of a page's links, images and link reference definitions. */
  static List<String> links(Document page) {
    List<String> urls = new ArrayList<>();
    new NodeVisitor(
        new VisitHandler<>(Link.class, l -> urls.add(l.getUrl().toString())),
        new VisitHandler<>(Image.class, i -> urls.add(i.getUrl().toString())),
        new VisitHandler<>(Reference.class, r -> urls.add(r.getUrl().toString())))
        .visit(page);
    return urls;
  }

  /**
   * The anchors GitHub gives a page's headings: the heading's text, lower-cased, without
   * punctuation, spaces turned to hyphens; a repeated one gets {@code -1}, {@code -2}, ...
   */
  static Set<String> anchors(Document page) {
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    new NodeVisitor(new VisitHandler<>(Heading.class, h -> {
      String text = new TextCollectingVisitor().collectAndGetText(h);
      String slug = text.toLowerCase(Locale.ROOT)
          .replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]", "")
          .replace(' ', '-');
      int n = seen.merge(slug, 1, Integer::sum) - 1;
      anchors.add(n == 0 ? slug : slug + "-" + n);
    })).visit(page);
    return anchors;
  }
}
