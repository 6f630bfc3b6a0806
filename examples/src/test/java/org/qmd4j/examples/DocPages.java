package org.qmd4j.examples;

import com.vladsch.flexmark.parser.Parser;
import com.vladsch.flexmark.util.ast.Document;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.qmd4j.Fixtures;

/** The README and the pages of {@code docs/}: the markdown a reader of the repository reads. */
final class DocPages {
  private DocPages() {}

  /** The repository's root folder. */
  static Path root() {
    return Fixtures.root().getParent();
  }

  /** {@code README.md} and every {@code docs/*.md}, by path. */
  static List<Path> all() {
    List<Path> files = new ArrayList<>();
    files.add(root().resolve("README.md"));
    try (Stream<Path> docs = Files.list(root().resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }

  /** A page's text. */
  static String read(Path page) {
    try {
      return Files.readString(page, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A page as CommonMark reads it (flexmark's parser, as the web interface renders notes). */
  static Document parse(String markdown) {
    return Parser.builder().build().parse(markdown);
  }

  /** A page's path from the repository's root, for messages. */
  static String name(Path page) {
    return root().relativize(page).toString();
  }
}
