package org.qmd4j.cli.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.qmd4j.search.InvalidRequestException;

/** The engines {@code --engines} names. */
public enum EngineName {
  /** qmd4j's Lucene engine. */
  EMBEDDED("embedded"),
  /** qmd4j's engine on the qmd binary (qmd's index, qmd4j's chunks and ranking steps). */
  QMD("qmd"),
  /** qmd's own {@code qmd search}, as qmd's users run it: the baseline. */
  QMD_SEARCH("qmd-search"),
  /** qmd4j's SolrCloud engine (needs {@code --solr}). */
  SOLR("solr");

  private final String wireName;

  EngineName(String wireName) {
    this.wireName = wireName;
  }

  /** The name on the command line. */
  public String wireName() {
    return wireName;
  }

  /**
   * Parses a comma-separated list such as {@code embedded,qmd}, ignoring case and blanks;
   * each engine once, in the order given.
   *
   * @throws InvalidRequestException naming an unknown engine and listing the valid ones
   */
  public static List<EngineName> parseList(String list) {
    Set<EngineName> out = new LinkedHashSet<>();
    for (String part : list.split(",")) {
      String v = part.strip().toLowerCase(Locale.ROOT);
      if (v.isEmpty()) continue;
      EngineName found = null;
      for (EngineName e : values()) {
        if (e.wireName.equals(v)) found = e;
      }
      if (found == null) {
        throw new InvalidRequestException("Unknown engine '" + part.strip() + "' in --engines;"
            + " valid engines are: " + valid());
      }
      out.add(found);
    }
    if (out.isEmpty()) {
      throw new InvalidRequestException("--engines is empty; valid engines are: " + valid());
    }
    return new ArrayList<>(out);
  }

  private static String valid() {
    List<String> names = new ArrayList<>();
    for (EngineName e : values()) names.add(e.wireName);
    return String.join(", ", names);
  }
}
