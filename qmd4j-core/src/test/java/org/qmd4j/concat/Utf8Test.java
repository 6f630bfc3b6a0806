package org.qmd4j.concat;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Utf8Test {

  @Test
  void lengthIsTheEncodedLength() {
    for (String s : new String[] {"", "abc", "échéance", "6 200 €", "emoji 🙂", "日本"}) {
      assertThat(Utf8.length(s)).as(s).isEqualTo(s.getBytes(StandardCharsets.UTF_8).length);
    }
  }

  @Test
  void prefixNeverSplitsACharacter() {
    assertThat(Utf8.prefix("é€🙂", 1)).isEmpty();
    assertThat(Utf8.prefix("é€🙂", 2)).isEqualTo("é");
    assertThat(Utf8.prefix("é€🙂", 8)).isEqualTo("é€");
    assertThat(Utf8.prefix("é€🙂", 9)).isEqualTo("é€🙂");
  }
}
