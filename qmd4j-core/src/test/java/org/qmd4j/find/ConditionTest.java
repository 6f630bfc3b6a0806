package org.qmd4j.find;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.InvalidFindException;

/** Conditions as written on the command line, and what each operator matches. */
class ConditionTest {
  private static final Map<String, Object> NOTE = note();

  private static Map<String, Object> note() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("type", "Réunion");
    m.put("status", "en-cours");
    m.put("prio", "haute");
    m.put("tags", List.of("devis", "Plomberie"));
    m.put("updated", "2025-07-14");
    m.put("quoted", "2025-09-10"); // what YAML gives for updated: "2025-09-10"
    m.put("budget", 1200);
    m.put("deadline", null);
    m.put("blank", "");
    return m;
  }

  private static boolean test(String condition) {
    return Condition.parse(condition).test(NOTE, Fixtures.CLOCK);
  }

  @Test
  void parseReadsFieldOperatorAndTheRestAsValue() {
    Condition c = Condition.parse("  title eq  \"Signer la term sheet\" ");
    assertThat(c).isEqualTo(Condition.of("title", Operator.EQ, "Signer la term sheet"));
    assertThat(Condition.parse("deadline exists")).isEqualTo(Condition.exists("deadline"));
    assertThat(Condition.parse("prio IN haute, moyenne").values())
        .containsExactly("haute", "moyenne");
    assertThat(c.toString()).isEqualTo("title eq Signer la term sheet");
  }

  @Test
  void eqIgnoresCaseAndAccentsAndMatchesAnyListItem() {
    assertThat(test("type eq reunion")).isTrue();
    assertThat(test("status eq EN-COURS")).isTrue();
    assertThat(test("tags eq plomberie")).isTrue();
    assertThat(test("type eq idée")).isFalse();
  }

  @Test
  void eqComparesDatesAsDatesAndNumbersAsNumbers() {
    assertThat(test("updated eq 2025-07-14T00:00")).isTrue();
    assertThat(test("quoted eq 2025-09-10")).isTrue();
    assertThat(test("budget eq 1200.0")).isTrue();
  }

  @Test
  void neIsTheOppositeOfEqAndMissingFieldsPass() {
    assertThat(test("status ne fait")).isTrue();
    assertThat(test("status ne en-cours")).isFalse();
    assertThat(test("owner ne Camille")).isTrue();
  }

  @Test
  void containsIsASubstringOfTextAndAnItemOfALIst() {
    assertThat(test("type contains UNI")).isTrue();
    assertThat(test("tags contains devis")).isTrue();
    assertThat(test("tags contains dev")).as("list items are matched whole").isFalse();
    assertThat(test("owner contains x")).isFalse();
  }

  @Test
  void inMatchesAnyOfTheValues() {
    assertThat(test("prio in basse,haute")).isTrue();
    assertThat(test("prio in basse,moyenne")).isFalse();
    assertThat(test("tags in foo,DEVIS")).isTrue();
  }

  @Test
  void existsNeedsAValueAndMissingIsItsOpposite() {
    assertThat(test("type exists")).isTrue();
    assertThat(test("deadline exists")).as("null value").isFalse();
    assertThat(test("blank exists")).as("empty value").isFalse();
    assertThat(test("owner missing")).isTrue();
    assertThat(test("deadline missing")).isTrue();
    assertThat(test("type missing")).isFalse();
  }

  @Test
  void comparisonsOrderDatesIncludingRelativeOnes() {
    assertThat(test("updated gte 2025-07-14")).isTrue();
    assertThat(test("updated gt 2025-07-14")).isFalse();
    assertThat(test("updated lt 2025-08-01")).isTrue();
    assertThat(test("updated lte 2025-07-13")).isFalse();
    // The clock says 2025-09-15: three months ago is 2025-06-15.
    assertThat(test("updated gte 3 months ago")).isTrue();
    assertThat(test("updated gte 1 month ago")).isFalse();
  }

  @Test
  void comparisonsOrderNumbersAndSkipValuesOfTheOtherKind() {
    assertThat(test("budget gt 999")).isTrue();
    assertThat(test("budget lte 1199.5")).isFalse();
    assertThat(test("type gt 3")).as("not a number").isFalse();
    assertThat(test("budget gt 2025-01-01")).as("not a date").isFalse();
    assertThat(test("tags gt 3")).as("a list").isFalse();
  }

  @Test
  void unknownOperatorIsTypedAndListsTheValidOnes() {
    assertThatThrownBy(() -> Condition.parse("status equals en-cours"))
        .isInstanceOf(InvalidFindException.class)
        .hasMessage("Unknown operator 'equals' in condition 'status equals en-cours'; valid "
            + "operators are: eq, ne, contains, in, exists, missing, gt, gte, lt, lte");
    assertThatThrownBy(() -> Operator.parse("like"))
        .isInstanceOf(InvalidFindException.class)
        .hasMessage("Unknown operator 'like'; valid operators are: eq, ne, contains, in, "
            + "exists, missing, gt, gte, lt, lte");
  }

  @Test
  void conditionWithoutOperatorIsTypedAndShowsTheSyntax() {
    assertThatThrownBy(() -> Condition.parse("status"))
        .isInstanceOf(InvalidFindException.class)
        .hasMessage("Invalid condition 'status'; expected " + Condition.SYNTAX);
  }

  @Test
  void valueIsRequiredOrRefusedByTheOperator() {
    assertThatThrownBy(() -> Condition.parse("status eq"))
        .isInstanceOf(InvalidFindException.class)
        .hasMessage("Operator eq needs a value: condition 'status eq'; expected "
            + Condition.SYNTAX);
    assertThatThrownBy(() -> Condition.parse("deadline exists 2025"))
        .isInstanceOf(InvalidFindException.class)
        .hasMessage("Operator exists takes no value but condition 'deadline exists 2025' has "
            + "'2025'; write 'deadline exists'");
    assertThatThrownBy(() -> Condition.parse("prio in ,"))
        .isInstanceOf(InvalidFindException.class)
        .hasMessage("Operator in needs comma-separated values, e.g. 'prio in haute,moyenne', "
            + "but condition 'prio in ,' has none");
  }

  @Test
  void comparisonWithNeitherDateNorNumberIsTyped() {
    assertThatThrownBy(() -> Condition.parse("updated gte bientôt"))
        .isInstanceOf(InvalidFindException.class)
        .hasMessage("Operator gte compares dates or numbers, but 'bientôt' in condition "
            + "'updated gte bientôt' is neither; expected " + DateSpec.ACCEPTED_FORMS
            + ", or a number");
    assertThatThrownBy(() -> Condition.parse("updated lt 2025-02-30"))
        .isInstanceOf(InvalidFindException.class)
        .hasMessageContaining("'2025-02-30' in condition 'updated lt 2025-02-30' is neither");
  }

  @Test
  void blankFieldIsTyped() {
    assertThatThrownBy(() -> Condition.of(" ", Operator.EQ, "x"))
        .isInstanceOf(InvalidFindException.class)
        .hasMessage("Condition ' eq x' has no field; expected " + Condition.SYNTAX);
  }
}
