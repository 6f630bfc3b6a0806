package org.qmd4j.semantic;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Packs the windows of one call into inference batches. A batch is a rectangle: every window
 * is padded to the batch's longest, and padding costs as much as text. Windows are sorted by
 * length, so a batch holds windows of nearly one length (across files: the indexer asks for
 * many files' chunks at once), and a batch holds at most {@code maxRows} windows and at most
 * {@code maxTokens} tokens with its padding (a single window longer than that runs alone).
 * The token cap bounds the memory of one run (ONNX Runtime's activations grow with rows ×
 * length, attention with rows × length²) and keeps its tensors small enough to stay in the
 * processor's caches: on CPU, large batches cost more per token, not less.
 */
final class Batches {
  private Batches() {}

  /** One window of a text: its tokens, attention mask and type ids, and whose it is. */
  record Window(int owner, long[] ids, long[] mask, long[] types) {
    int length() {
      return ids.length;
    }
  }

  /** The windows in batches: every window once, each batch of windows of similar length. */
  static List<List<Window>> pack(List<Window> windows, int maxRows, int maxTokens) {
    List<Window> sorted = new ArrayList<>(windows);
    sorted.sort(Comparator.comparingInt(Window::length));
    List<List<Window>> out = new ArrayList<>();
    List<Window> batch = new ArrayList<>();
    int longest = 0;
    for (Window w : sorted) {
      int length = Math.max(longest, w.length()); // sorted: the new window is the longest
      if (!batch.isEmpty()
          && (batch.size() == maxRows || (long) length * (batch.size() + 1) > maxTokens)) {
        out.add(batch);
        batch = new ArrayList<>();
        length = w.length();
      }
      batch.add(w);
      longest = length;
    }
    if (!batch.isEmpty()) out.add(batch);
    return out;
  }

  /** Tokens a batch computes: its windows times its longest, padding included. */
  static long slots(List<Window> batch) {
    int longest = 0;
    for (Window w : batch) longest = Math.max(longest, w.length());
    return (long) longest * batch.size();
  }
}
