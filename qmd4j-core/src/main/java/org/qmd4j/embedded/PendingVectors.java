package org.qmd4j.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexWriter;
import org.qmd4j.vault.ParsedNote;

/**
 * The files of an indexing pass whose chunks wait for their vectors: the model is asked for
 * the vectors of many files at once ({@value #CHUNKS_PER_CALL} chunks or more per call), which
 * it batches by length across files; then their documents are written. One call per file
 * padded every batch to its file's longest window (a third of the computed tokens were
 * padding on the generated 2,000-file vault) and made many small batches. The thread whose
 * file fills a group embeds and writes it, while the others go on reading files, so every
 * core embeds. Used only when the index has a model. Thread-safe.
 */
final class PendingVectors {
  /** Chunks gathered before the model is called: enough for its batches to share lengths. */
  static final int CHUNKS_PER_CALL = 256;

  /** One read file: its parsed chunks and its file record, written once it has vectors. */
  private record Pending(ParsedNote note, Document record) {}

  private final IndexWriter writer;
  private final Vectors vectors;
  private final Runnable written;
  private List<Pending> waiting = new ArrayList<>(); // guarded by this
  private int chunks; // guarded by this

  /** {@code written} runs once per file written (the pass's progress). */
  PendingVectors(IndexWriter writer, Vectors vectors, Runnable written) {
    this.writer = writer;
    this.vectors = vectors;
    this.written = written;
  }

  /**
   * Queues a file; the caller embeds and writes the waiting files when they fill a group.
   *
   * @throws IOException if the index cannot be written
   */
  void add(ParsedNote note, Document record) throws IOException {
    List<Pending> group = null;
    synchronized (this) {
      waiting.add(new Pending(note, record));
      chunks += note.chunks().size();
      if (chunks >= CHUNKS_PER_CALL) group = take();
    }
    if (group != null) write(group);
  }

  /**
   * Embeds and writes every waiting file, split in {@code parts} run at once (one per
   * indexing thread); called at the end of a pass, when no file is being added.
   *
   * @throws IOException if the index cannot be written
   */
  void flush(int parts) throws IOException {
    List<Pending> rest;
    synchronized (this) {
      rest = take();
    }
    if (rest.isEmpty()) return;
    int n = Math.max(1, Math.min(rest.size(), parts));
    List<List<Pending>> split = new ArrayList<>();
    for (int p = 0; p < n; p++) split.add(new ArrayList<>());
    for (int i = 0; i < rest.size(); i++) split.get(i % n).add(rest.get(i));
    try {
      split.parallelStream().forEach(part -> {
        try {
          write(part);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private List<Pending> take() {
    List<Pending> group = waiting;
    waiting = new ArrayList<>();
    chunks = 0;
    return group;
  }

  /** One call to the model for the group's chunks, then each file's documents. */
  private void write(List<Pending> group) throws IOException {
    List<List<float[]>> v = vectors.passages(group.stream().map(Pending::note).toList());
    for (int i = 0; i < group.size(); i++) {
      List<Document> docs = ChunkDocuments.toDocuments(group.get(i).note(), v.get(i));
      docs.add(group.get(i).record());
      writer.addDocuments(docs);
      written.run();
    }
  }
}
