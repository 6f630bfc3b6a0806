package org.qmd4j.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.qmd4j.semantic.Batches.Window;

/**
 * Windows of many texts are packed into runs of similar length: every window runs once, no
 * run exceeds the caps (but a window longer than the token cap runs alone), and little of
 * what the runs compute is padding.
 */
class BatchesTest {
  private static Window window(int owner, int length) {
    return new Window(owner, new long[length], new long[length], new long[length]);
  }

  /** Lengths like the chunks of notes: many short, some cut at the 512-token window. */
  private static List<Window> mixed(long seed, int count) {
    Random random = new Random(seed);
    List<Window> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int length = random.nextInt(4) == 0 ? 512 : 3 + random.nextInt(509);
      out.add(window(i, length));
    }
    return out;
  }

  @Test
  void everyWindowRunsOnceWithinTheCaps() {
    for (long seed = 1; seed <= 20; seed++) {
      List<Window> windows = mixed(seed, 300);
      List<List<Window>> batches = Batches.pack(windows, 64, 1024);
      List<Window> seen = new ArrayList<>();
      for (List<Window> b : batches) {
        assertThat(b).hasSizeLessThanOrEqualTo(64).isNotEmpty();
        assertThat(Batches.slots(b)).as("seed %d", seed).isLessThanOrEqualTo(1024);
        seen.addAll(b);
      }
      assertThat(seen).as("seed %d", seed).containsExactlyInAnyOrderElementsOf(windows);
    }
  }

  @Test
  void windowsOfSimilarLengthShareARunSoLittleIsPadding() {
    for (long seed = 1; seed <= 20; seed++) {
      List<Window> windows = mixed(seed, 300);
      long tokens = windows.stream().mapToLong(Window::length).sum();
      long slots = Batches.pack(windows, 64, 1024).stream().mapToLong(Batches::slots).sum();
      assertThat((slots - tokens) / (double) slots).as("padding, seed %d", seed)
          .isLessThan(0.02);
      // In arrival order, as one file's windows at a time were, a third was padding.
      long unsorted = 0;
      for (int i = 0; i < windows.size(); i += 16) {
        unsorted += Batches.slots(windows.subList(i, Math.min(windows.size(), i + 16)));
      }
      assertThat((unsorted - tokens) / (double) unsorted).isGreaterThan(0.2);
    }
  }

  @Test
  void aWindowLongerThanTheTokenCapRunsAlone() {
    List<List<Window>> batches = Batches.pack(List.of(window(0, 8), window(1, 2048),
        window(2, 9)), 64, 1024);
    assertThat(batches).hasSize(2);
    assertThat(batches.get(1)).extracting(Window::owner).containsExactly(1);
    assertThat(batches.get(0)).extracting(Window::owner).containsExactly(0, 2);
  }

  @Test
  void shortWindowsFillARunUpToTheRowCap() {
    List<Window> windows = new ArrayList<>();
    for (int i = 0; i < 100; i++) windows.add(window(i, 10));
    assertThat(Batches.pack(windows, 64, 1024)).extracting(List::size).containsExactly(64, 36);
  }
}
