package org.qmd4j.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SearchRequestTest {

  @Test
  void ofIsAFastWholeVaultSearchWithTheDefaultLimit() {
    SearchRequest r = SearchRequest.of("webhook");
    assertThat(r.query()).isEqualTo("webhook");
    assertThat(r.mode()).isEqualTo(Mode.FAST);
    assertThat(r.scope()).isEqualTo(Scope.vault());
    assertThat(r.from()).isEmpty();
    assertThat(r.to()).isEmpty();
    assertThat(r.limit()).isEqualTo(SearchRequest.DEFAULT_LIMIT).isEqualTo(20);
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @ValueSource(strings = {"", " ", "\t\n", "\r\n  "})
  void emptyOrBlankQueryIsRejectedAsEmpty(String query) {
    assertThatThrownBy(() -> SearchRequest.of(query))
        .isInstanceOf(InvalidQueryException.class)
        .hasMessageContaining("empty");
    assertThatThrownBy(() -> SearchRequest.parse(query, null, null, null, null))
        .isInstanceOf(InvalidQueryException.class)
        .hasMessageContaining("empty");
    assertThatThrownBy(() -> SearchRequest.of("ok").withQuery(query))
        .isInstanceOf(InvalidQueryException.class)
        .hasMessageContaining("empty");
  }

  @Test
  void emptyQueryMessageTellsHowToGetEveryChunk() {
    assertThatThrownBy(() -> SearchRequest.of(""))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("The query is empty")
        .hasMessageContaining("\"*\"");
  }

  @Test
  void unknownModeIsRejectedNamingItAndTheValidModes() {
    assertThatThrownBy(() -> SearchRequest.parse("q", "turbo", null, null, null))
        .isInstanceOf(InvalidModeException.class)
        .hasMessageContaining("turbo")
        .hasMessageContaining("fast")
        .hasMessageContaining("deep");
  }

  @ParameterizedTest(name = "limit {0}")
  @ValueSource(ints = {0, -1, Integer.MIN_VALUE})
  void limitBelowOneIsRejected(int limit) {
    assertThatThrownBy(() -> SearchRequest.of("q").withLimit(limit))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("at least 1")
        .hasMessageContaining(String.valueOf(limit));
  }

  @Test
  void limitOfOneIsAccepted() {
    assertThat(SearchRequest.of("q").withLimit(1).limit()).isEqualTo(1);
  }

  @Test
  void parseWithNullsGivesTheDefaults() {
    SearchRequest r = SearchRequest.parse("facture", null, null, null, null);
    assertThat(r).isEqualTo(SearchRequest.of("facture"));
  }

  @Test
  void parseWithBlankScopeAndDatesGivesTheDefaults() {
    SearchRequest r = SearchRequest.parse("facture", null, " ", "", "  ");
    assertThat(r).isEqualTo(SearchRequest.of("facture"));
  }

  @Test
  void parseReadsEveryField() {
    SearchRequest r = SearchRequest.parse("[décision]", "DEEP", "project:startup-x",
        "3 months ago", "2025-09-01");
    assertThat(r.query()).isEqualTo("[décision]");
    assertThat(r.mode()).isEqualTo(Mode.DEEP);
    assertThat(r.scope()).isEqualTo(Scope.project("startup-x"));
    assertThat(r.from()).contains(DateSpec.parse("3 months ago"));
    assertThat(r.to()).contains(DateSpec.parse("2025-09-01"));
    assertThat(r.limit()).isEqualTo(SearchRequest.DEFAULT_LIMIT);
  }

  @Test
  void parseRejectsBadScopeAndDates() {
    assertThatThrownBy(() -> SearchRequest.parse("q", null, "all-foo", null, null))
        .isInstanceOf(InvalidScopeException.class)
        .hasMessageContaining("'all-foo'");
    assertThatThrownBy(() -> SearchRequest.parse("q", null, null, "next tuesday", null))
        .isInstanceOf(InvalidDateException.class)
        .hasMessageContaining("'next tuesday'");
    assertThatThrownBy(() -> SearchRequest.parse("q", null, null, null, "2025-02-30"))
        .isInstanceOf(InvalidDateException.class)
        .hasMessageContaining("'2025-02-30'");
  }

  @Test
  void withMethodsCopyAndChangeOneFieldOnly() {
    SearchRequest base = SearchRequest.of("q");
    DateSpec from = DateSpec.parse("2025-01-01");
    DateSpec to = DateSpec.parse("today");
    Scope scope = Scope.of(FileKind.TASKS);

    assertThat(base.withQuery("r")).isEqualTo(new SearchRequest("r", Mode.FAST, Scope.vault(),
        Optional.empty(), Optional.empty(), 20));
    assertThat(base.withMode(Mode.DEEP)).isEqualTo(new SearchRequest("q", Mode.DEEP,
        Scope.vault(), Optional.empty(), Optional.empty(), 20));
    assertThat(base.withScope(scope)).isEqualTo(new SearchRequest("q", Mode.FAST, scope,
        Optional.empty(), Optional.empty(), 20));
    assertThat(base.withFrom(from)).isEqualTo(new SearchRequest("q", Mode.FAST, Scope.vault(),
        Optional.of(from), Optional.empty(), 20));
    assertThat(base.withTo(to)).isEqualTo(new SearchRequest("q", Mode.FAST, Scope.vault(),
        Optional.empty(), Optional.of(to), 20));
    assertThat(base.withLimit(5)).isEqualTo(new SearchRequest("q", Mode.FAST, Scope.vault(),
        Optional.empty(), Optional.empty(), 5));
    // The original is unchanged.
    assertThat(base).isEqualTo(SearchRequest.of("q"));
  }

  @Test
  void withMethodsChain() {
    SearchRequest r = SearchRequest.of("[décision]")
        .withScope(Scope.parse("project:startup-x"))
        .withFrom(DateSpec.parse("3 months ago"))
        .withTo(DateSpec.parse("today"))
        .withMode(Mode.DEEP)
        .withLimit(5);
    assertThat(r).isEqualTo(SearchRequest.parse("[décision]", "deep", "project:startup-x",
        "3 months ago", "today").withLimit(5));
  }

  @Test
  void wildcardIsRecognizedWithBlanks() {
    assertThat(SearchRequest.of("*").isWildcard()).isTrue();
    assertThat(SearchRequest.of(" * ").isWildcard()).isTrue();
    assertThat(SearchRequest.of("**").isWildcard()).isFalse();
    assertThat(SearchRequest.of("a*").isWildcard()).isFalse();
  }

  @Test
  void constructorRejectsNullFieldsNamingThem() {
    assertThatThrownBy(() -> new SearchRequest("q", null, Scope.vault(), Optional.empty(),
            Optional.empty(), 1))
        .isInstanceOf(NullPointerException.class).hasMessage("mode == null");
    assertThatThrownBy(() -> new SearchRequest("q", Mode.FAST, null, Optional.empty(),
            Optional.empty(), 1))
        .isInstanceOf(NullPointerException.class).hasMessage("scope == null");
    assertThatThrownBy(() -> new SearchRequest("q", Mode.FAST, Scope.vault(), null,
            Optional.empty(), 1))
        .isInstanceOf(NullPointerException.class).hasMessage("from == null");
  }

  @Test
  void blankModeMeansNotGivenLikeBlankScopeAndDates() {
    assertThat(SearchRequest.parse("x", "  ", " ", "", null).mode()).isEqualTo(Mode.FAST);
  }

  @Test
  void noBreakSpacesAloneAreAnEmptyQuery() {
    assertThatThrownBy(() -> SearchRequest.of("\u00A0\u202F"))
        .isInstanceOf(InvalidQueryException.class).hasMessageContaining("empty");
  }
}
