package org.qmd4j.vault;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The decoded text of a vault file, split into lines.
 *
 * <p>Decoding: a UTF-8 byte order mark is dropped (it is not text); the bytes are read as
 * UTF-8, and a file that is not valid UTF-8 is read as windows-1252 (a superset of Latin-1),
 * which is how older French notes are usually encoded. Lines end at {@code \n}, {@code \r\n}
 * or {@code \r}; a final line terminator does not start another line. Instances are
 * immutable.
 */
public final class NoteText {
  private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

  private final List<String> lines;
  private final Charset charset;
  private final int[] offsets; // offsets[i] = chars in lines [0, i), each counted with its \n

  private NoteText(List<String> lines, Charset charset) {
    this.lines = Collections.unmodifiableList(lines);
    this.charset = charset;
    this.offsets = new int[lines.size() + 1];
    for (int i = 0; i < lines.size(); i++) {
      offsets[i + 1] = offsets[i] + lines.get(i).length() + 1;
    }
  }

  /** Reads and decodes a file. */
  public static NoteText read(Path file) throws IOException {
    return decode(Files.readAllBytes(file));
  }

  /** Decodes file bytes: BOM dropped, UTF-8, else windows-1252. */
  public static NoteText decode(byte[] bytes) {
    int start = 0;
    if (bytes.length >= 3
        && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB && (bytes[2] & 0xFF) == 0xBF) {
      start = 3;
    }
    ByteBuffer buffer = ByteBuffer.wrap(bytes, start, bytes.length - start);
    String text;
    Charset charset;
    try {
      text = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(buffer)
          .toString();
      charset = StandardCharsets.UTF_8;
    } catch (CharacterCodingException e) {
      text = new String(bytes, start, bytes.length - start, WINDOWS_1252);
      charset = WINDOWS_1252;
    }
    return new NoteText(split(text), charset);
  }

  /** Builds a note from text already decoded (tests, generated vaults). */
  public static NoteText of(String text) {
    String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
    return new NoteText(split(t), StandardCharsets.UTF_8);
  }

  private static List<String> split(String text) {
    List<String> out = new ArrayList<>();
    int n = text.length();
    int start = 0;
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\r') {
        out.add(text.substring(start, i));
        if (c == '\r' && i + 1 < n && text.charAt(i + 1) == '\n') i++;
        start = i + 1;
      }
    }
    if (start < n) out.add(text.substring(start));
    return out;
  }

  /** The file's lines without their terminators; line {@code k} is at index {@code k - 1}. */
  public List<String> lines() {
    return lines;
  }

  /** Number of lines in the file. */
  public int lineCount() {
    return lines.size();
  }

  /** Line {@code number}, 1-based. */
  public String line(int number) {
    return lines.get(number - 1);
  }

  /** The charset the bytes were decoded with: UTF-8, or windows-1252 as a fallback. */
  public Charset charset() {
    return charset;
  }

  /** Lines {@code from} to {@code to} (1-based, inclusive) joined with {@code \n}. */
  public String text(int from, int to) {
    return String.join("\n", lines.subList(from - 1, to));
  }

  /** The whole text, lines joined with {@code \n}. */
  public String text() {
    return String.join("\n", lines);
  }

  /** Characters in lines {@code from} to {@code to}, each line counted with one newline. */
  public int length(int from, int to) {
    return offsets[to] - offsets[from - 1];
  }

  /** Whether line {@code number} (1-based) holds only blanks. */
  public boolean isBlank(int number) {
    return lines.get(number - 1).isBlank();
  }
}
