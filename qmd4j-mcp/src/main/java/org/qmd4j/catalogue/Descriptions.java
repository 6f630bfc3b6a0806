package org.qmd4j.catalogue;

/** Argument descriptions that several operations share. */
final class Descriptions {
  private Descriptions() {}

  static final String SEARCH_MODE = "fast: keyword (BM25) search in milliseconds; use it for "
      + "words, names, tags, identifiers. deep: qmd's hybrid search (query expansion, vectors, "
      + "re-ranking; seconds) for natural-language questions; without qmd it fuses keyword lists "
      + "and says so.";

  static final String SCOPE = "Part of the vault to search. Omit for the whole vault. "
      + "'project:<name>' = every file of one project (its bucket included, no root file); "
      + "'all-states' = every project's state.md; 'all-changelogs' = every changelog (root "
      + "included); 'all-tasks' = every tasks.md (root included); 'all-buckets' = every bucket "
      + "note (root included); 'all-descriptions' = every project description; "
      + "'folder:<path>' = every file below that vault-relative folder, at any depth (e.g. "
      + "folder:projects/startup-x/bucket).";

  static final String DATE_FROM = "Inclusive lower date: 2025-07-14, 14/07/2025, today, yesterday, "
      + "'N days|weeks|months|years ago', this|last week|month|year, aujourd'hui, hier, "
      + "avant-hier, 'il y a N jours|semaines|mois|ans', cette semaine, la semaine dernière, "
      + "ce mois-ci, le mois dernier, cette année, l'année dernière. Changelog chunks are "
      + "dated by their '# YYYY-MM-DD' day, other files by their frontmatter 'updated'; a "
      + "file without 'updated' is left out when a date is given.";

  static final String DATE_TO = "Inclusive upper date, same forms as date_from.";

  static final String TYPED_LIMIT = "Maximum number of results.";

  static final String TYPED_MODE = "fast: keyword (BM25) ranking of the query. deep: qmd's hybrid "
      + "search for natural-language questions (without qmd, fused keyword lists).";

}
