package org.qmd4j.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A word of the query is held as the prefix of a text's term ({@code fact} in {@code
 * factures}): the binary search of the sorted terms finds exactly the prefixes that a look at
 * every term finds, on random texts (seeded, the seed in the message).
 */
class TextTokensPrefixTest {
  private static final String[] WORDS = {"facture", "factures", "fact", "factory", "décision",
      "décisions", "budget", "budgétaire", "zèbre", "httpclientbuilder", "a", "ab", "abc",
      "2026", "v2", "prêt", "prêts", "été", "étés", "über"};

  @Test
  void theSortedSearchFindsWhatALookAtEveryTermFinds() {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    for (int round = 0; round < 300; round++) {
      StringBuilder text = new StringBuilder();
      int words = random.nextInt(12);
      for (int i = 0; i < words; i++) text.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
      TextTokens tokens = TextTokens.analyse(text.toString());
      for (int probe = 0; probe < 20; probe++) {
        String word = WORDS[random.nextInt(WORDS.length)];
        String prefix = word.substring(0, 1 + random.nextInt(word.length()));
        boolean expected = tokens.stems().keySet().stream().anyMatch(t -> t.startsWith(prefix));
        assertThat(tokens.hasTermStartingWith(prefix))
            .as("seed %d: %s in \"%s\"", seed, prefix, text).isEqualTo(expected);
      }
    }
  }
}
