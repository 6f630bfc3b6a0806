package org.qmd4j.find;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.InvalidFindException;
import org.qmd4j.search.InvalidModeException;
import org.qmd4j.search.Mode;

/** Building and validating find_notes requests. */
class FindRequestTest {
  private static FindRequest.Builder withFolder() {
    return FindRequest.newBuilder().folder("projects");
  }

  @Test
  void defaultsAreKeywordModifiedTwentyFromTheStart() {
    FindRequest r = FindRequest.newBuilder().query("devis").build();
    assertThat(r.mode()).isEqualTo(FindMode.KEYWORD);
    assertThat(r.dateType()).isEqualTo(DateType.MODIFIED);
    assertThat(r.limit()).isEqualTo(20);
    assertThat(r.offset()).isZero();
    assertThat(r.recursive()).isFalse();
    assertThat(r.sort()).isEmpty();
    assertThat(r.effectiveSort()).isEqualTo(FindSort.RELEVANCE);
    assertThat(withFolder().build().effectiveSort()).isEqualTo(FindSort.MODIFIED);
  }

  @Test
  void stringSettersParseLikeTheCommandLine() {
    FindRequest r = FindRequest.newBuilder()
        .query("q").mode("Semantic").sort("NAME").dateType("created")
        .dateStart("3 months ago").dateEnd("2025-09-01")
        .where("status eq en-cours").includeFields("type", " tags ", "type")
        .build();
    assertThat(r.mode()).isEqualTo(FindMode.SEMANTIC);
    assertThat(r.mode().engineMode()).isEqualTo(Mode.DEEP);
    assertThat(FindMode.KEYWORD.engineMode()).isEqualTo(Mode.FAST);
    assertThat(r.sort()).contains(FindSort.NAME);
    assertThat(r.dateType()).isEqualTo(DateType.CREATED);
    assertThat(r.dateStart()).contains(DateSpec.parse("3 months ago"));
    assertThat(r.where()).containsExactly(Condition.of("status", Operator.EQ, "en-cours"));
    assertThat(r.includeFields()).containsExactly("type", "tags");
    assertThat(r.toBuilder().build()).isEqualTo(r);
  }

  @Test
  void blankQueryCountsAsNone() {
    FindRequest r = withFolder().query("   ").build();
    assertThat(r.query()).isEmpty();
  }

  @Test
  void folderIsNormalizedToVaultRelativeSlashes() {
    assertThat(withFolder().folder("./projects\\startup-x/").build().folder())
        .contains("projects/startup-x");
    assertThat(withFolder().folder(".").build().folder()).contains("");
  }

  @Test
  void noCriterionIsTyped() {
    assertThatThrownBy(() -> FindRequest.newBuilder().sort("name").includeFields("type")
        .build())
        .isInstanceOf(InvalidFindException.class)
        .hasMessage("find_notes needs at least one criterion: a query, a folder, a "
            + "frontmatter condition, date_start or date_end");
  }

  @Test
  void relevanceWithoutAQueryIsTyped() {
    assertThatThrownBy(() -> withFolder().sort("relevance").build())
        .isInstanceOf(InvalidFindException.class)
        .hasMessage("sort=relevance needs a query; without one, sort by modified, created "
            + "or name");
  }

  @Test
  void negativeOffsetIsTyped() {
    assertThatThrownBy(() -> withFolder().offset(-1).build())
        .isInstanceOf(InvalidFindException.class)
        .hasMessage("offset must be 0 or more but was -1");
  }

  @Test
  void fewerThanOneResultIsTyped() {
    assertThatThrownBy(() -> withFolder().limit(0).build())
        .isInstanceOf(InvalidFindException.class)
        .hasMessage("n_results must be at least 1 but was 0");
  }

  @Test
  void folderLeavingTheVaultIsTyped() {
    assertThatThrownBy(() -> withFolder().folder("projects/../..").build())
        .isInstanceOf(InvalidFindException.class)
        .hasMessage("folder must stay inside the vault (no '..') but was 'projects/../..'");
    assertThatThrownBy(() -> withFolder().folder("/etc").build())
        .isInstanceOf(InvalidFindException.class)
        .hasMessage("folder must be relative to the vault, e.g. projects/startup-x, but was "
            + "'/etc'");
  }

  @Test
  void unknownModeIsAnInvalidModeListingTheFindModes() {
    assertThatThrownBy(() -> FindRequest.newBuilder().mode("deep"))
        .isInstanceOf(InvalidModeException.class)
        .hasMessage("Unknown find mode 'deep'; valid modes are: hybrid, semantic, keyword");
  }

  @Test
  void unknownSortAndDateTypeAreTypedAndListTheValidOnes() {
    assertThatThrownBy(() -> FindRequest.newBuilder().sort("size"))
        .isInstanceOf(InvalidFindException.class)
        .hasMessage("Unknown sort 'size'; valid sorts are: relevance, modified, created, name");
    assertThatThrownBy(() -> FindRequest.newBuilder().dateType("accessed"))
        .isInstanceOf(InvalidFindException.class)
        .hasMessage("Unknown date type 'accessed'; valid date types are: modified, created");
  }

  @Test
  void badDateIsAnInvalidDateQuotingTheValue() {
    assertThatThrownBy(() -> FindRequest.newBuilder().dateStart("next tuesday"))
        .isInstanceOf(InvalidDateException.class)
        .hasMessage("date_start: Invalid date 'next tuesday': it is not a recognized form;"
            + " expected " + org.qmd4j.search.DateSpec.ACCEPTED_FORMS);
    assertThatThrownBy(() -> FindRequest.newBuilder().dateEnd("2025-02-30"))
        .isInstanceOf(InvalidDateException.class)
        .hasMessageStartingWith("date_end: Invalid date '2025-02-30': it is not a real "
            + "calendar date");
  }

  @Test
  void aDateBoundAloneIsACriterion() {
    FindRequest r = FindRequest.newBuilder().dateEnd("today").build();
    assertThat(r.dateEnd()).isPresent();
    assertThat(new FindRequest(Optional.empty(), FindMode.KEYWORD, Optional.empty(), false,
        List.of(Condition.exists("type")), Optional.empty(), Optional.empty(),
        DateType.MODIFIED, Optional.empty(), List.of(), 1, 0).where()).hasSize(1);
  }
}
