package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.qmd4j.catalogue.Operations;

class OutputValidationTest {
  private static final Map<String, Object> NO_TOTAL = Map.of("results", List.of());

  /** The test suite runs every MCP server with the SDK's check of our answers. */
  @Test
  void testsCheckEveryAnswerAgainstItsOutputSchema() throws Exception {
    assertThat(Boolean.getBoolean(OutputValidation.PROPERTY)).isTrue();
    assertThat(OutputValidation.validator().validate(schema("tasks"), NO_TOTAL).valid())
        .isFalse();
    assertThat(OutputValidation.validator().validate(schema("tasks"),
        Map.of("results", List.of(), "total", 0, "totalExact", true)).valid()).isTrue();
  }

  /** Production trusts its own answers: no validation on the way out. */
  @Test
  void productionTrustsItsOwnAnswers() throws Exception {
    assertThat(OutputValidation.TRUSTED.validate(schema("tasks"), NO_TOTAL).valid()).isTrue();
  }

  private static Map<String, Object> schema(String operation) throws Exception {
    return new ObjectMapper().readValue(Operations.named(operation).orElseThrow().outputSchema(),
        new TypeReference<Map<String, Object>>() {});
  }
}
