package org.qmd4j.web;

import com.vladsch.flexmark.ast.Image;
import com.vladsch.flexmark.ast.Link;
import com.vladsch.flexmark.ast.SoftLineBreak;
import com.vladsch.flexmark.ast.Text;
import com.vladsch.flexmark.ext.gfm.strikethrough.StrikethroughExtension;
import com.vladsch.flexmark.ext.gfm.tasklist.TaskListExtension;
import com.vladsch.flexmark.ext.tables.TablesExtension;
import com.vladsch.flexmark.ext.wikilink.WikiLinkExtension;
import com.vladsch.flexmark.html.AttributeProvider;
import com.vladsch.flexmark.html.HtmlRenderer;
import com.vladsch.flexmark.html.HtmlWriter;
import com.vladsch.flexmark.html.IndependentAttributeProviderFactory;
import com.vladsch.flexmark.html.renderer.AttributablePart;
import com.vladsch.flexmark.html.renderer.LinkResolverContext;
import com.vladsch.flexmark.html.renderer.NodeRendererContext;
import com.vladsch.flexmark.html.renderer.NodeRenderingHandler;
import com.vladsch.flexmark.parser.Parser;
import com.vladsch.flexmark.util.ast.Document;
import com.vladsch.flexmark.util.ast.Node;
import com.vladsch.flexmark.util.data.DataKey;
import com.vladsch.flexmark.util.data.MutableDataSet;
import com.vladsch.flexmark.util.html.MutableAttributes;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmd4j.Highlighter;
import org.qmd4j.concat.WikiLink;
import org.qmd4j.search.LineMatch;

/**
 * Renders note text as HTML that cannot run anything: raw HTML in a note is escaped (shown
 * as text), links keep only http, https and mailto targets, images only relative ones, and a
 * relative link to another note opens that note in the page, and so does an Obsidian wiki link
 * ({@code [[Note Name|alias]]}, resolved as {@link WikiLink} says; one that names no note is
 * shown as text marked {@code unresolved}); an Obsidian {@code #tag} links to its search; the
 * query's words can be wrapped in {@code <mark>} (on text nodes only, escaped as any text).
 * Thread-safe.
 */
final class Markdown {
  /** An Obsidian tag as written: {@code #} after a blank or at the start, then its name. */
  private static final Pattern TAG =
      Pattern.compile("(?<![^\\s])#([\\p{L}\\p{M}\\p{N}_/\\-]+)");
  private static final DataKey<String> NOTE_PATH = new DataKey<>("QMD4J_NOTE_PATH", "");
  private static final Highlighter NONE = Highlighter.of("");
  private static final DataKey<Highlighter> WORDS = new DataKey<>("QMD4J_WORDS", NONE);
  private static final DataKey<LinkTargets> LINKS =
      new DataKey<>("QMD4J_LINKS", new LinkTargets("", List::of));

  private final Parser parser;
  private final HtmlRenderer renderer;
  private final Supplier<List<String>> vaultPaths;

  /** A renderer that resolves no wiki link (each is shown as unresolved text). */
  Markdown() {
    this(List::of);
  }

  /**
   * A renderer whose wiki links resolve among {@code vaultPaths}, the vault's file paths
   * (asked once per rendering that holds a wiki link).
   */
  Markdown(Supplier<List<String>> vaultPaths) {
    this.vaultPaths = vaultPaths;
    MutableDataSet options = new MutableDataSet();
    options.set(Parser.EXTENSIONS, List.of(TablesExtension.create(),
        TaskListExtension.create(), StrikethroughExtension.create(),
        WikiLinkExtension.create()));
    // Obsidian's order: [[target|alias]], and [[target#heading]].
    options.set(WikiLinkExtension.LINK_FIRST_SYNTAX, true);
    options.set(WikiLinkExtension.ALLOW_ANCHORS, true);
    // Notes are user content: their HTML is shown as text, never parsed by the browser.
    options.set(HtmlRenderer.ESCAPE_HTML, true);
    options.set(TablesExtension.CLASS_NAME, "table");
    this.parser = Parser.builder(options).build();
    this.renderer = HtmlRenderer.builder(options)
        .nodeRendererFactory(options1 -> () -> Set.of(new NodeRenderingHandler<>(Text.class,
            Markdown::text), new NodeRenderingHandler<>(SoftLineBreak.class,
                Markdown::softBreak), new NodeRenderingHandler<>(
                com.vladsch.flexmark.ext.wikilink.WikiLink.class, Markdown::wikiLink)))
        .attributeProviderFactory(new IndependentAttributeProviderFactory() {
          @Override
          public AttributeProvider apply(LinkResolverContext context) {
            return new SafeLinks(NOTE_PATH.get(context.getDocument()));
          }
        })
        .build();
  }

  /**
   * The HTML of {@code markdown}, a note's text or an overview; relative links resolve
   * against the folder of {@code notePath} (vault-relative, empty for the vault's root).
   */
  String render(String markdown, String notePath) {
    return render(markdown, notePath, NONE);
  }

  /** {@link #render(String, String)} with the words {@code words} finds wrapped in mark. */
  String render(String markdown, String notePath, Highlighter words) {
    Document document = parser.parse(markdown);
    document.set(NOTE_PATH, notePath);
    document.set(WORDS, words);
    document.set(LINKS, new LinkTargets(notePath, vaultPaths));
    return renderer.render(document);
  }

  /**
   * A line break in a paragraph stays one, as note apps show it: notes are written line by
   * line ("status: en-cours" under "prio: haute"), and an overview's lines are lines.
   */
  private static void softBreak(SoftLineBreak node, NodeRendererContext context,
      HtmlWriter html) {
    html.tagVoid("br").line();
  }

  /**
   * A text node, escaped, its matched words in {@code <mark>}: never raw note HTML. An
   * Obsidian tag in it ({@code #projet}, after a blank or at a line's start, not only
   * digits) is a link to its search, unless the text is already a link's.
   */
  private static void text(Text node, NodeRendererContext context, HtmlWriter html) {
    String text = node.getChars().unescape();
    Highlighter words = WORDS.get(context.getDocument());
    List<LineMatch.Range> ranges = words == NONE ? List.of() : words.find(text);
    int at = 0;
    if (text.indexOf('#') >= 0 && !inLink(node)) {
      int start = node.getStartOffset();
      CharSequence base = node.getChars().getBaseSequence();
      boolean afterBlank = start == 0 || Character.isWhitespace(base.charAt(start - 1));
      Matcher m = TAG.matcher(text);
      while (m.find()) {
        if (m.start() == 0 && !afterBlank || m.group(1).chars().allMatch(Character::isDigit)) {
          continue;
        }
        marked(text, at, m.start(), ranges, html);
        html.attr("href", "/?q=" + Html.url(m.group())).attr("class", "tag")
            .attr("title", "Notes tagged " + m.group()).withAttr().tag("a");
        marked(text, m.start(), m.end(), ranges, html);
        html.tag("/a");
        at = m.end();
      }
    }
    marked(text, at, text.length(), ranges, html);
  }

  /** Whether {@code node} is the text of a link, where a tag cannot be a link of its own. */
  private static boolean inLink(Node node) {
    for (Node p = node.getParent(); p != null; p = p.getParent()) {
      if (p instanceof Link || p instanceof com.vladsch.flexmark.ast.LinkRef
          || p instanceof com.vladsch.flexmark.ext.wikilink.WikiLink) {
        return true;
      }
    }
    return false;
  }

  /** {@code text} from {@code from} to {@code to}, escaped, the parts in {@code ranges} marked. */
  private static void marked(String text, int from, int to, List<LineMatch.Range> ranges,
      HtmlWriter html) {
    int at = from;
    for (LineMatch.Range r : ranges) {
      int start = Math.max(r.start(), at);
      int end = Math.min(r.end(), to);
      if (start >= end) continue;
      html.text(text.substring(at, start)).tag("mark").text(text.substring(start, end))
          .tag("/mark");
      at = end;
    }
    html.text(text.substring(at, to));
  }

  /**
   * A wiki link: a link that opens the note it names, showing its alias (else what it names);
   * text marked {@code unresolved} when no file of the vault matches it.
   */
  private static void wikiLink(com.vladsch.flexmark.ext.wikilink.WikiLink node,
      NodeRendererContext context, HtmlWriter html) {
    String inner = node.getChars().toString();
    inner = inner.substring(2, inner.length() - 2);
    WikiLink link = WikiLink.ofInner(inner);
    String shown = link.alias().orElse(link.target()
        + link.heading().map(h -> " › " + h).orElse(""));
    Optional<String> path = LINKS.get(context.getDocument()).resolve(link);
    if (path.isPresent()) {
      html.attr("href", "/?open=" + URLEncoder.encode(path.get(), StandardCharsets.UTF_8))
          .attr("class", "wikilink").attr("title", path.get()).withAttr().tag("a");
      marked(shown, context, html);
      html.tag("/a");
    } else {
      html.attr("class", "wikilink unresolved")
          .attr("title", "No note of the vault matches " + link).withAttr().tag("span");
      marked(shown, context, html);
      html.tag("/span");
    }
  }

  private static void marked(String text, NodeRendererContext context, HtmlWriter html) {
    Highlighter words = WORDS.get(context.getDocument());
    marked(text, 0, text.length(), words == NONE ? List.of() : words.find(text), html);
  }

  /** The wiki links of one rendering: the vault's paths are listed at the first one. */
  private static final class LinkTargets {
    private final String notePath;
    private final Supplier<List<String>> vaultPaths;
    private List<String> paths;

    LinkTargets(String notePath, Supplier<List<String>> vaultPaths) {
      this.notePath = notePath;
      this.vaultPaths = vaultPaths;
    }

    Optional<String> resolve(WikiLink link) {
      if (paths == null) paths = vaultPaths.get(); // one rendering runs on one thread
      return link.resolve(notePath, paths);
    }
  }

  /** Rewrites link and image targets; everything else flexmark renders is already safe. */
  private static final class SafeLinks implements AttributeProvider {
    private final String notePath;

    SafeLinks(String notePath) {
      this.notePath = notePath;
    }

    @Override
    public void setAttributes(Node node, AttributablePart part, MutableAttributes attributes) {
      if (node instanceof Link && attributes.contains("href")) {
        String target = safeHref(attributes.getValue("href"));
        if (target == null) {
          attributes.remove("href");
        } else {
          attributes.replaceValue("href", target);
          if (target.startsWith("http")) attributes.replaceValue("rel", "noopener noreferrer");
        }
      } else if (node instanceof Image && attributes.contains("src")) {
        // Images load nothing from outside (the CSP says so too); vault images are not served.
        attributes.remove("src");
      }
    }

    private String safeHref(String href) {
      String h = href.strip();
      String lower = h.toLowerCase(Locale.ROOT);
      if (lower.startsWith("http://") || lower.startsWith("https://")
          || lower.startsWith("mailto:") || h.startsWith("#")) {
        return h;
      }
      if (lower.matches("^[a-z][a-z0-9+.-]*:.*")) return null; // javascript:, data:, file:...
      String path = h.replaceAll("[?#].*$", "");
      String vaultPath = resolve(path);
      return vaultPath == null ? null
          : "/?open=" + URLEncoder.encode(vaultPath, StandardCharsets.UTF_8);
    }

    /** The vault path a relative link names, or null when it leaves the vault. */
    private String resolve(String relative) {
      if (relative.isEmpty() || relative.startsWith("/")) return null;
      Deque<String> parts = new ArrayDeque<>();
      int slash = notePath.lastIndexOf('/');
      if (slash > 0) {
        for (String p : notePath.substring(0, slash).split("/")) parts.addLast(p);
      }
      for (String p : relative.split("/")) {
        if (p.isEmpty() || p.equals(".")) continue;
        if (p.equals("..")) {
          if (parts.isEmpty()) return null;
          parts.removeLast();
        } else {
          parts.addLast(URLDecoder.decode(p, StandardCharsets.UTF_8));
        }
      }
      return parts.isEmpty() ? null : String.join("/", parts);
    }
  }
}
