package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;
import org.qmd4j.internal.Problems;
import org.qmd4j.search.EngineException;
import org.qmd4j.search.IndexException;
import org.qmd4j.search.InvalidScopeException;
import org.qmd4j.search.SearcherClosedException;

/** What a person reads when a call fails at a boundary. */
class ErrorMessagesTest {
  @Test
  void theVaultIsShownAsTheUserNamedIt() {
    EngineException e = new EngineException("Cannot list the files of the vault /home/c/notes"
        + " (permission denied); check that the vault folder exists and can be read");
    assertThat(ErrorMessages.forPeople(e, "/home/c/notes", "notes")).isEqualTo(
        "Cannot list the files of the vault notes (permission denied); check that the vault"
            + " folder exists and can be read");
  }

  @Test
  void inputErrorsAreShownAsTheLibraryWroteThem() {
    InvalidScopeException e = new InvalidScopeException("Unknown scope 'x'; valid: all-tasks");
    assertThat(ErrorMessages.forPeople(e, null, null)).isEqualTo(e.getMessage());
  }

  @Test
  void aClassNameThatSlippedIntoAMessageIsRemovedAndLinesAreJoined() {
    EngineException e = new EngineException("Cannot read x: java.nio.file.NoSuchFileException:"
        + " gone\n  second line");
    String shown = ErrorMessages.forPeople(e, null, null);
    assertThat(shown).isEqualTo("Cannot read x: gone second line");
    ForPeople.check(shown, "cleaned");
  }

  @Test
  void anythingButASearchExceptionIsAnInternalErrorWithoutDetails() {
    assertThat(ErrorMessages.forPeople(new NullPointerException("x == null at /tmp/a"), null,
        null)).isEqualTo(ErrorMessages.INTERNAL);
    assertThat(ErrorMessages.forPeople(new SearcherClosedException("closed", null), null, null))
        .isEqualTo(ErrorMessages.CLOSED);
  }

  @Test
  void causesAreSaidInWordsWithoutClassOrPath() {
    assertThat(Problems.describe(new AccessDeniedException("/root/.cache/qmd4j/x")))
        .isEqualTo("permission denied");
    assertThat(Problems.describe(new NoSuchFileException("/root/.cache/qmd4j/x")))
        .isEqualTo("a file or folder is missing");
    assertThat(Problems.describe(new java.nio.file.FileSystemException("/x", null,
        "No space left on device"))).isEqualTo("no space left on device");
    assertThat(Problems.describe(new IndexException("wrapped",
        new org.apache.lucene.index.CorruptIndexException("checksum failed", "/root/x.cfs"))))
        .isEqualTo("the index is damaged");
  }
}
