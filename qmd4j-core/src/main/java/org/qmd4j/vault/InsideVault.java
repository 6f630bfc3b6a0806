package org.qmd4j.vault;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.Set;

/**
 * Reads a file of the vault without ever following a symbolic link, so that a note swapped
 * for a link to outside the vault between a check and the read cannot leak outside content
 * (issue 12: checking the path, then opening it, leaked through {@code read} and search).
 *
 * <p>Where the platform offers {@link SecureDirectoryStream} (Linux), each folder of the path
 * is opened relative to the one before it and the file relative to its folder, all without
 * following links ({@code openat} with {@code O_NOFOLLOW}): what is read is, by
 * construction, the file at that path under the vault. Elsewhere the file is opened without
 * following a final link and its real path is checked again after the read.
 */
public final class InsideVault {
  private static final Set<OpenOption> READ_NO_FOLLOW =
      Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);

  private InsideVault() {}

  /**
   * The bytes of {@code relative} (with {@code /} separators, no {@code .} or {@code ..}
   * segment) under {@code root} (a real path).
   *
   * @throws java.nio.file.NoSuchFileException if it is not there
   * @throws FileSystemException if a segment is a symbolic link (or was swapped for one) or
   *     the path leaves the vault
   * @throws IOException if the read fails
   */
  public static byte[] readAllBytes(Path root, String relative) throws IOException {
    String[] parts = relative.split("/");
    for (String part : parts) {
      if (part.isEmpty() || part.equals(".") || part.equals("..")) {
        throw new FileSystemException(relative, null, "not a plain vault-relative path");
      }
    }
    try (DirectoryStream<Path> top = Files.newDirectoryStream(root)) {
      if (top instanceof SecureDirectoryStream) {
        return readSecurely((SecureDirectoryStream<Path>) top, parts);
      }
    }
    return readAndCheck(root, relative);
  }

  private static byte[] readSecurely(SecureDirectoryStream<Path> top, String[] parts)
      throws IOException {
    Deque<SecureDirectoryStream<Path>> opened = new ArrayDeque<>();
    try {
      SecureDirectoryStream<Path> dir = top;
      for (String folder : Arrays.copyOf(parts, parts.length - 1)) {
        dir = dir.newDirectoryStream(Path.of(folder), LinkOption.NOFOLLOW_LINKS);
        opened.push(dir);
      }
      String name = parts[parts.length - 1];
      SeekableByteChannel channel;
      try {
        channel = dir.newByteChannel(Path.of(name), READ_NO_FOLLOW);
      } catch (FileSystemException e) {
        throw e;
      } catch (IOException e) { // the JDK reports O_NOFOLLOW's ELOOP as a plain IOException
        throw new FileSystemException(name, null, e.getMessage());
      }
      try (channel) {
        return readFully(channel);
      }
    } finally {
      for (SecureDirectoryStream<Path> d : opened) d.close();
    }
  }

  private static byte[] readAndCheck(Path root, String relative) throws IOException {
    Path file = root.resolve(relative);
    byte[] bytes;
    try (SeekableByteChannel channel = Files.newByteChannel(file, READ_NO_FOLLOW)) {
      bytes = readFully(channel);
    }
    // No openat here: at least make sure no folder on the way was a link when read ended.
    if (!file.toRealPath().equals(file)) {
      throw new FileSystemException(relative, null, "the path went through a symbolic link");
    }
    return bytes;
  }

  private static byte[] readFully(SeekableByteChannel channel) throws IOException {
    long size = channel.size();
    if (size > Integer.MAX_VALUE - 16) {
      throw new IOException("File too large to read: " + size + " bytes");
    }
    ByteBuffer buffer = ByteBuffer.allocate((int) size + 1);
    while (true) {
      if (!buffer.hasRemaining()) { // it grew while read: make room
        ByteBuffer bigger = ByteBuffer.allocate(Math.max(buffer.capacity() * 2, 8192));
        buffer.flip();
        bigger.put(buffer);
        buffer = bigger;
      }
      if (channel.read(buffer) < 0) break;
    }
    return Arrays.copyOf(buffer.array(), buffer.position());
  }
}
