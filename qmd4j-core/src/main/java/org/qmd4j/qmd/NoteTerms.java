package org.qmd4j.qmd;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.qmd4j.analysis.Analysis;
import org.qmd4j.analysis.TermMatcher;
import org.qmd4j.analysis.TextTokens;
import org.qmd4j.analysis.TokenCache;
import org.qmd4j.spi.Chunk;
import org.qmd4j.vault.ParsedNote;

/**
 * The terms of one version of a note, made once and kept with it in the note cache: for each
 * distinct term of its chunks (texts and headings, under the exact chain) the chunks that hold
 * it, and the same by stem, so that the chunks holding a query's words are found by a few
 * look-ups per note instead of looking each word up in each chunk. Which words a chunk holds
 * is {@link TermMatcher#held(Chunk)} exactly: the word itself, a term of the stem the word is
 * searched by ({@link Analysis#searchedStem}), or, for a word of {@value #MIN_PREFIX_LENGTH}
 * letters or more, a term it begins (the matcher's rule; a seeded test keeps them equal).
 * Also keeps each chunk's tokens, which {@link #remember} hands to the {@link TokenCache} that
 * the matcher, the matches and the spelling read. Immutable, thread-safe.
 */
final class NoteTerms {
  private static final int[] NONE = new int[0];
  /** The shortest query word also looked for as the start of longer terms, as the matcher. */
  static final int MIN_PREFIX_LENGTH = 3;

  private final String[] texts; // two per chunk: its text, its headings joined (or null)
  private final TextTokens[] tokens; // the tokens of texts[i]
  private final String[] terms; // sorted, distinct
  private final int[][] chunksOfTerm; // sorted chunk positions, per term
  private final Map<String, int[]> chunksOfStem;

  private NoteTerms(String[] texts, TextTokens[] tokens, String[] terms, int[][] chunksOfTerm,
      Map<String, int[]> chunksOfStem) {
    this.texts = texts;
    this.tokens = tokens;
    this.terms = terms;
    this.chunksOfTerm = chunksOfTerm;
    this.chunksOfStem = chunksOfStem;
  }

  /** The terms of {@code note}'s chunks, analysed now. */
  static NoteTerms of(ParsedNote note) {
    List<Chunk> chunks = note.chunks();
    String[] texts = new String[chunks.size() * 2];
    TextTokens[] tokens = new TextTokens[texts.length];
    TreeMap<String, List<Integer>> byTerm = new TreeMap<>();
    for (int i = 0; i < chunks.size(); i++) {
      Chunk c = chunks.get(i);
      texts[2 * i] = c.text();
      texts[2 * i + 1] = c.headings().isEmpty() ? null : String.join("\n", c.headings());
      for (int k = 2 * i; k <= 2 * i + 1; k++) {
        if (texts[k] == null) continue;
        tokens[k] = TextTokens.analyse(texts[k]);
        for (int t = 0; t < tokens[k].size(); t++) {
          List<Integer> in = byTerm.computeIfAbsent(tokens[k].term(t), x -> new ArrayList<>(2));
          if (in.isEmpty() || in.get(in.size() - 1) != i) in.add(i);
        }
      }
    }
    String[] terms = byTerm.keySet().toArray(new String[0]);
    int[][] chunksOfTerm = new int[terms.length][];
    Map<String, List<int[]>> byStem = new HashMap<>();
    for (int t = 0; t < terms.length; t++) {
      chunksOfTerm[t] = byTerm.get(terms[t]).stream().mapToInt(Integer::intValue).toArray();
      byStem.computeIfAbsent(Analysis.stem(terms[t]), x -> new ArrayList<>(1))
          .add(chunksOfTerm[t]);
    }
    Map<String, int[]> chunksOfStem = new HashMap<>(byStem.size() * 2);
    byStem.forEach((stem, lists) -> chunksOfStem.put(stem, union(lists)));
    return new NoteTerms(texts, tokens, terms, chunksOfTerm, chunksOfStem);
  }

  private static int[] union(List<int[]> lists) {
    if (lists.size() == 1) return lists.get(0);
    return lists.stream().flatMapToInt(Arrays::stream).distinct().sorted().toArray();
  }

  /**
   * How many of {@code words} (a query's words, folded: {@link TermMatcher#words}) each chunk
   * holds, by position.
   */
  int[] held(Set<String> words) {
    int chunks = texts.length / 2;
    int[] held = new int[chunks];
    int[] lastWord = new int[chunks];
    int w = 0;
    for (String folded : words) {
      w++;
      mark(chunksOfStem.getOrDefault(Analysis.searchedStem(folded), NONE), w, held, lastWord);
      int at = Arrays.binarySearch(terms, folded);
      if (at >= 0) mark(chunksOfTerm[at], w, held, lastWord);
      if (folded.length() >= MIN_PREFIX_LENGTH) {
        // The terms a word begins follow it in sorted order, side by side.
        for (int t = at >= 0 ? at + 1 : -at - 1; t < terms.length && terms[t].startsWith(folded);
            t++) {
          mark(chunksOfTerm[t], w, held, lastWord);
        }
      }
    }
    return held;
  }

  private static void mark(int[] chunks, int word, int[] held, int[] lastWord) {
    for (int c : chunks) {
      if (lastWord[c] != word) {
        lastWord[c] = word;
        held[c]++;
      }
    }
  }

  /** Hands the tokens of chunk {@code position} (text and headings) to the token cache. */
  void remember(int position) {
    for (int k = 2 * position; k <= 2 * position + 1; k++) {
      if (texts[k] != null) TokenCache.remember(texts[k], tokens[k]);
    }
  }

  /** Hands the tokens of every chunk to the token cache. */
  void rememberAll() {
    for (int i = 0; i < texts.length / 2; i++) remember(i);
  }
}
