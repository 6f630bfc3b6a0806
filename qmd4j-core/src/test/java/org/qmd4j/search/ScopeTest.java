package org.qmd4j.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.spi.VaultFile;
import org.qmd4j.vault.VaultLayout;

class ScopeTest {
  private static final List<String> VALID = List.of("project:<name>", "all-states",
      "all-changelogs", "all-tasks", "all-buckets", "all-descriptions");

  private static boolean includes(Scope scope, String path) {
    VaultFile file = VaultLayout.PROJECTS.classify(path).orElseThrow();
    return scope.includes(path, file.kind(), file.project());
  }

  @Test
  void parsesEveryName() {
    assertThat(Scope.parse("project:startup-x")).isEqualTo(Scope.project("startup-x"));
    assertThat(Scope.parse("all-states")).isEqualTo(Scope.of(FileKind.STATE));
    assertThat(Scope.parse("all-changelogs")).isEqualTo(Scope.of(FileKind.CHANGELOG));
    assertThat(Scope.parse("all-tasks")).isEqualTo(Scope.of(FileKind.TASKS));
    assertThat(Scope.parse("all-buckets")).isEqualTo(Scope.of(FileKind.BUCKET));
    assertThat(Scope.parse("all-descriptions")).isEqualTo(Scope.of(FileKind.DESCRIPTION));
  }

  @Test
  void surroundingBlanksAreIgnored() {
    assertThat(Scope.parse("  all-tasks ")).isEqualTo(Scope.of(FileKind.TASKS));
    assertThat(Scope.parse(" project: startup-x ")).isEqualTo(Scope.project("startup-x"));
  }

  @Test
  void nullIsTheWholeVault() {
    assertThat(Scope.parse(null)).isSameAs(Scope.vault());
  }

  // An empty --scope '' was silently the whole vault.
  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @ValueSource(strings = {"", "  \t"})
  void emptyScopeIsRefusedAndSaysWhatIsValid(String name) {
    assertThatThrownBy(() -> Scope.parse(name))
        .isInstanceOf(InvalidScopeException.class)
        .hasMessage("The scope is empty; leave it out for the whole vault, or pass one of: "
            + Scope.VALID_SCOPES);
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @ValueSource(strings = {"project:", "project:   "})
  void projectWithoutANameIsInvalid(String name) {
    var thrown = assertThatThrownBy(() -> Scope.parse(name))
        .isInstanceOf(InvalidScopeException.class)
        .hasMessageContaining("project:")
        .hasMessageContaining("needs a project name");
    for (String valid : VALID) thrown.hasMessageContaining(valid);
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @ValueSource(strings = {"all-foo", "all", "states", "all-state", "project",
      "projects:startup-x", "all-notes"})
  void unknownScopeNamesTheValueAndListsEveryValidScope(String name) {
    var thrown = assertThatThrownBy(() -> Scope.parse(name))
        .isInstanceOf(InvalidScopeException.class)
        .hasMessageContaining("'" + name + "'");
    for (String valid : VALID) thrown.hasMessageContaining(valid);
  }

  @Test
  void invalidScopeIsAnInvalidRequest() {
    assertThatThrownBy(() -> Scope.parse("all-foo"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("Unknown scope 'all-foo'. To search the project 'all-foo', write"
            + " 'project:all-foo'. Valid scopes are: " + Scope.VALID_SCOPES);
  }

  @Test
  void blankProjectNameIsRejectedByTheFactoryToo() {
    assertThatThrownBy(() -> Scope.project(" "))
        .isInstanceOf(InvalidScopeException.class)
        .hasMessageContaining("needs a project name");
  }

  @Test
  void projectIncludesItsFilesAndBucketButNoRootFile() {
    Scope scope = Scope.parse("project:startup-x");
    assertThat(includes(scope, "projects/startup-x/state.md")).isTrue();
    assertThat(includes(scope, "projects/startup-x/description.md")).isTrue();
    assertThat(includes(scope, "projects/startup-x/changelog.md")).isTrue();
    assertThat(includes(scope, "projects/startup-x/tasks.md")).isTrue();
    assertThat(includes(scope, "projects/startup-x/bucket/reunions/x.md")).isTrue();
    assertThat(includes(scope, "projects/comptabilite/state.md")).isFalse();
    assertThat(includes(scope, "projects/startup-x-bis/state.md")).isFalse();
    assertThat(includes(scope, "changelog.md")).isFalse();
    assertThat(includes(scope, "tasks.md")).isFalse();
    assertThat(includes(scope, "bucket/idee.md")).isFalse();
  }

  @Test
  void projectThatDoesNotExistIsValidAndMatchesNothing() {
    Scope scope = Scope.parse("project:nope");
    assertThat(includes(scope, "projects/startup-x/state.md")).isFalse();
    assertThat(includes(scope, "changelog.md")).isFalse();
  }

  @Test
  void allChangelogsTasksAndBucketsIncludeTheRootOnes() {
    assertThat(includes(Scope.parse("all-changelogs"), "changelog.md")).isTrue();
    assertThat(includes(Scope.parse("all-changelogs"), "projects/p/changelog.md")).isTrue();
    assertThat(includes(Scope.parse("all-tasks"), "tasks.md")).isTrue();
    assertThat(includes(Scope.parse("all-tasks"), "projects/p/tasks.md")).isTrue();
    assertThat(includes(Scope.parse("all-buckets"), "bucket/a/b.md")).isTrue();
    assertThat(includes(Scope.parse("all-buckets"), "projects/p/bucket/a.md")).isTrue();
  }

  @Test
  void kindScopesIncludeOnlyTheirKind() {
    String[] paths = {"changelog.md", "tasks.md", "bucket/a.md", "projects/p/state.md",
        "projects/p/description.md", "projects/p/changelog.md", "projects/p/tasks.md",
        "projects/p/bucket/x/y.md"};
    for (FileKind kind : FileKind.values()) {
      if (kind == FileKind.NOTE) continue; // the whole vault: see noteIsNoKindScope
      Scope scope = Scope.of(kind);
      for (String path : paths) {
        VaultFile file = VaultLayout.PROJECTS.classify(path).orElseThrow();
        assertThat(includes(scope, path)).as("%s in %s", path, scope.wireName())
            .isEqualTo(file.kind() == kind);
      }
    }
  }

  @Test
  void statesAndDescriptionsAreProjectFilesOnly() {
    assertThat(includes(Scope.parse("all-states"), "projects/p/state.md")).isTrue();
    assertThat(includes(Scope.parse("all-states"), "projects/p/description.md")).isFalse();
    assertThat(includes(Scope.parse("all-descriptions"), "projects/p/description.md")).isTrue();
    assertThat(includes(Scope.parse("all-descriptions"), "projects/p/state.md")).isFalse();
  }

  @Test
  void wholeVaultIncludesEverything() {
    for (FileKind kind : FileKind.values()) {
      assertThat(Scope.vault().includes("a.md", kind, Optional.empty())).isTrue();
      assertThat(Scope.vault().includes("a.md", kind, Optional.of("p"))).isTrue();
    }
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @ValueSource(strings = {"project:startup-x", "all-states", "all-changelogs", "all-tasks",
      "all-buckets", "all-descriptions"})
  void wireNameRoundTrips(String name) {
    Scope scope = Scope.parse(name);
    assertThat(scope.wireName()).isEqualTo(name);
    assertThat(Scope.parse(scope.wireName())).isEqualTo(scope);
  }

  @Test
  void everyKindScopeWireNameRoundTrips() {
    for (FileKind kind : FileKind.values()) {
      if (kind == FileKind.NOTE) continue; // the whole vault: see noteIsNoKindScope
      Scope scope = Scope.of(kind);
      assertThat(Scope.parse(scope.wireName())).as(kind.name()).isEqualTo(scope);
    }
  }

  @Test
  void validScopesListEveryScope() {
    for (String valid : VALID) assertThat(Scope.VALID_SCOPES).contains(valid);
  }

  @Test
  void kindScopeNamesIgnoreCaseButProjectNamesKeepIt() {
    assertThat(Scope.parse("ALL-TASKS")).isEqualTo(Scope.of(FileKind.TASKS));
    assertThat(Scope.parse("project:Startup-X")).isEqualTo(Scope.project("Startup-X"));
    assertThat(Scope.project(" x ").wireName()).isEqualTo("project:x");
  }
}
