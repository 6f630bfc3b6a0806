package org.qmd4j.cli;

import org.qmd4j.search.DateSpec;

/**
 * The help texts of the mini-languages several commands take, written once: scopes and
 * dates, exactly as {@code Scope.parse} and {@code DateSpec} read them. Constants, so that
 * picocli's annotations can use them.
 */
final class HelpTexts {
  private HelpTexts() {}

  /** The scopes, by layout. */
  static final String SCOPES = "folder:<path> (that folder of the vault and its sub-folders,"
      + " in every layout, e.g. folder:clients); in the projects layout also project:<name>,"
      + " all-states, all-changelogs, all-tasks, all-buckets, all-descriptions. Default: the"
      + " whole vault.";

  /** The date forms, English and French. */
  static final String DATES = "Forms: " + DateSpec.ACCEPTED_FORMS + ".";
}
