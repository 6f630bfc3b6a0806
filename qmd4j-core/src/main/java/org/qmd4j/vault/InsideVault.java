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
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Reads a file of the vault without ever following a symbolic link, so that a note swapped
 * for a link to outside the vault between a check and the read cannot leak outside content
 * (checking the path, then opening it, leaked through {@code read} and search).
 *
 * <p>Where the platform offers {@link SecureDirectoryStream} (Linux), each folder of the path
 * is opened relative to the one before it and the file relative to its folder, all without
 * following links ({@code openat} with {@code O_NOFOLLOW}): what is read is, by
 * construction, the file at that path under the vault. Elsewhere the file is opened without
 * following a final link and its real path is checked again after the read.
 *
 * <p>Only regular files are read. Opening a named pipe (FIFO) for reading blocks
 * until a writer comes, and Java cannot open with {@code O_NONBLOCK}; so the file is stat'ed
 * (relative to its folder, not following links) just before it is opened and refused unless
 * it is a regular file, and checked again after the open (still a regular file, same inode,
 * and what was opened can seek, which a pipe cannot).
 * A file swapped for a FIFO in the microseconds between that stat and the open would still
 * block the open: a watchdog then opens the same entry, and every pipe of its folder (the
 * pipe may have been renamed since), read-write every {@link #OPEN_BOUND} until the open
 * returns; on Linux that never blocks on a FIFO and releases the blocked open, and the check
 * after the open refuses what was read. (Left open: a FIFO swapped in and then unlinked or
 * moved to another folder leaves the reading thread blocked, since nothing reaches it.)
 *
 * <p>A regular file replaced by another between the stats (editors save by writing a new
 * file and renaming it over the old one) is opened again, so that a note being saved reads
 * as one of its versions, never as missing: refused, a save made the indexer drop the note
 * from the index until the next search, and that search could answer without it.
 */
public final class InsideVault {
  private static final Set<OpenOption> READ_NO_FOLLOW =
      Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
  private static final Set<OpenOption> READ_WRITE_NO_FOLLOW =
      Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
  /** How long an open may take before the watchdog releases it (a regular file's is µs). */
  static final Duration OPEN_BOUND = Duration.ofMillis(250);
  /**
   * How many times a file replaced while it is opened is opened again: a save lands in the
   * microseconds between two stats rarely, twice in a row almost never.
   */
  static final int OPEN_ATTEMPTS = 8;
  /**
   * Runs on the reading thread between the open and the stat after it; package private for
   * testing! (a test replaces the file there, the way an editor saves it).
   */
  static final ThreadLocal<Runnable> AFTER_OPEN = ThreadLocal.withInitial(() -> () -> { });
  private static final ScheduledExecutorService WATCHDOG =
      Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "qmd4j-open-watchdog");
        t.setDaemon(true);
        return t;
      });

  private InsideVault() {}

  /**
   * The bytes of {@code relative} (with {@code /} separators, no {@code .} or {@code ..}
   * segment) under {@code root} (a real path).
   *
   * @throws java.nio.file.NoSuchFileException if it is not there
   * @throws NotRegularFileException if it is not a regular file (a folder, a FIFO, a device)
   * @throws FileSystemException if a segment is a symbolic link (or was swapped for one) or
   *     the path leaves the vault
   * @throws IOException if the read fails
   */
  public static byte[] readAllBytes(Path root, String relative) throws IOException {
    return read(root, relative, Integer.MAX_VALUE - 16);
  }

  /**
   * At most the first {@code maxBytes} bytes of {@code relative} under {@code root}; same
   * rules and errors as {@link #readAllBytes}.
   */
  public static byte[] readHead(Path root, String relative, int maxBytes) throws IOException {
    return read(root, relative, maxBytes);
  }

  private static byte[] read(Path root, String relative, int maxBytes) throws IOException {
    String[] parts = relative.split("/");
    for (String part : parts) {
      if (part.isEmpty() || part.equals(".") || part.equals("..")) {
        throw new FileSystemException(relative, null, "not a plain vault-relative path");
      }
    }
    try (DirectoryStream<Path> top = Files.newDirectoryStream(root)) {
      if (top instanceof SecureDirectoryStream) {
        return readSecurely((SecureDirectoryStream<Path>) top, parts, maxBytes);
      }
    }
    return readAndCheck(root, relative, maxBytes);
  }

  private static byte[] readSecurely(SecureDirectoryStream<Path> top, String[] parts,
      int maxBytes) throws IOException {
    Deque<SecureDirectoryStream<Path>> opened = new ArrayDeque<>();
    try {
      SecureDirectoryStream<Path> dir = top;
      for (String folder : Arrays.copyOf(parts, parts.length - 1)) {
        dir = dir.newDirectoryStream(Path.of(folder), LinkOption.NOFOLLOW_LINKS);
        opened.push(dir);
      }
      Path name = Path.of(parts[parts.length - 1]);
      SecureDirectoryStream<Path> folder = dir;
      Opener opener = options -> {
        try {
          return folder.newByteChannel(name, options);
        } catch (FileSystemException e) {
          throw e;
        } catch (IOException e) { // the JDK reports O_NOFOLLOW's ELOOP as a plain IOException
          throw new FileSystemException(name.toString(), null, e.getMessage());
        }
      };
      Stat stat = () -> folder.getFileAttributeView(name, BasicFileAttributeView.class,
          LinkOption.NOFOLLOW_LINKS).readAttributes();
      Releaser pipes = () -> {
        try (SecureDirectoryStream<Path> entries =
            folder.newDirectoryStream(Path.of("."), LinkOption.NOFOLLOW_LINKS)) {
          for (Path entry : entries) {
            Path child = entry.getFileName();
            if (folder.getFileAttributeView(child, BasicFileAttributeView.class,
                LinkOption.NOFOLLOW_LINKS).readAttributes().isOther()) {
              folder.newByteChannel(child, READ_WRITE_NO_FOLLOW).close();
            }
          }
        }
      };
      try (SeekableByteChannel channel = openRegular(name.toString(), opener, stat, pipes)) {
        return readFully(channel, maxBytes);
      }
    } finally {
      for (SecureDirectoryStream<Path> d : opened) d.close();
    }
  }

  private static byte[] readAndCheck(Path root, String relative, int maxBytes)
      throws IOException {
    Path file = root.resolve(relative);
    byte[] bytes;
    Releaser pipes = () -> {
      try (DirectoryStream<Path> entries = Files.newDirectoryStream(file.getParent())) {
        for (Path entry : entries) {
          if (Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
              .isOther()) {
            Files.newByteChannel(entry, READ_WRITE_NO_FOLLOW).close();
          }
        }
      }
    };
    try (SeekableByteChannel channel = openRegular(relative,
        options -> Files.newByteChannel(file, options),
        () -> Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS),
        pipes)) {
      bytes = readFully(channel, maxBytes);
    }
    // No openat here: at least make sure no folder on the way was a link when read ended.
    if (!file.toRealPath().equals(file)) {
      throw new FileSystemException(relative, null, "the path went through a symbolic link");
    }
    return bytes;
  }

  /**
   * Opens for reading what is a regular file before and after the open, the same one both
   * times; see the class. A regular file replaced by another between the two stats (an
   * editor's save: write beside, rename over) is opened again, up to {@link #OPEN_ATTEMPTS}
   * times: a file being saved is neither gone nor refused.
   */
  private static SeekableByteChannel openRegular(String name, Opener opener, Stat stat,
      Releaser pipes) throws IOException {
    for (int attempt = 1; ; attempt++) {
      BasicFileAttributes before = stat.read();
      if (!before.isRegularFile()) throw notRegular(name, before);
      SeekableByteChannel channel = openReleased(opener, pipes);
      try {
        AFTER_OPEN.get().run();
        BasicFileAttributes after = stat.read();
        if (!after.isRegularFile()) throw notRegular(name, after);
        if (Objects.equals(before.fileKey(), after.fileKey()) && seekable(channel)) return channel;
      } catch (IOException | RuntimeException e) {
        channel.close();
        throw e;
      }
      // Replaced meanwhile: what was opened may be the old file, or a pipe swapped in and
      // out again (the path then shows the same file before and after the open, but what was
      // opened cannot seek). Open the one there now.
      channel.close();
      if (attempt == OPEN_ATTEMPTS) {
        throw new NotRegularFileException(name, "replaced while it was being opened, "
            + OPEN_ATTEMPTS + " times in a row");
      }
    }
  }

  /**
   * Whether what was opened is a regular file, asked of the open file itself: a pipe cannot
   * seek. The stats around the open read the path, which a pipe swapped in and back out again
   * passes (it then read as an empty note: a rare failure of PipeNoteTest).
   */
  private static boolean seekable(SeekableByteChannel channel) {
    try {
      channel.position();
      return true;
    } catch (IOException illegalSeek) {
      return false;
    }
  }

  /** Opens with {@code opener}, an open caught by a pipe swapped in released; see the class. */
  @SuppressWarnings("try") // the unblocking open is the point, not the channel
  private static SeekableByteChannel openReleased(Opener opener, Releaser pipes)
      throws IOException {
    ScheduledFuture<?> release = WATCHDOG.scheduleWithFixedDelay(() -> {
      // Still opening after the bound: a FIFO swapped in. A read-write open of a FIFO never
      // blocks and lets the blocked reader through; of a regular file it changes nothing.
      // The pipe may have moved on by now (renamed within the folder): every pipe of the
      // folder is opened so, again and again until the blocked open returns.
      try (SeekableByteChannel unblock = opener.open(READ_WRITE_NO_FOLLOW)) {
        // released, or a regular file: nothing to do
      } catch (IOException | RuntimeException e) { // gone, or not writable
        // the folder's pipes below
      }
      try {
        pipes.release();
      } catch (IOException | RuntimeException e) { // the folder changed under the scan
        // tried again after the next bound
      }
    }, OPEN_BOUND.toMillis(), OPEN_BOUND.toMillis(), TimeUnit.MILLISECONDS);
    try {
      return opener.open(READ_NO_FOLLOW);
    } finally {
      release.cancel(false);
    }
  }

  private static NotRegularFileException notRegular(String name, BasicFileAttributes a) {
    return new NotRegularFileException(name, a.isDirectory() ? "a folder, not a file"
        : a.isSymbolicLink() ? "a symbolic link" : "not a regular file (a pipe, socket or "
        + "device)");
  }

  /** Opens the entry with the given options. */
  @FunctionalInterface
  private interface Opener {
    SeekableByteChannel open(Set<OpenOption> options) throws IOException;
  }

  /** Opens, read-write and at once closes, every named pipe of the entry's folder. */
  @FunctionalInterface
  private interface Releaser {
    void release() throws IOException;
  }

  /** Stats the entry without following a link. */
  @FunctionalInterface
  private interface Stat {
    BasicFileAttributes read() throws IOException;
  }

  private static byte[] readFully(SeekableByteChannel channel, int maxBytes)
      throws IOException {
    long size = channel.size();
    if (size > Integer.MAX_VALUE - 16 && maxBytes > Integer.MAX_VALUE - 32) {
      throw new IOException("File too large to read: " + size + " bytes");
    }
    ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(size + 1, maxBytes));
    while (buffer.position() < maxBytes) {
      if (!buffer.hasRemaining()) { // it grew while read: make room
        ByteBuffer bigger = ByteBuffer.allocate((int) Math.min(
            Math.max(buffer.capacity() * 2L, 8192), maxBytes));
        buffer.flip();
        bigger.put(buffer);
        buffer = bigger;
      }
      if (channel.read(buffer) < 0) break;
    }
    return Arrays.copyOf(buffer.array(), buffer.position());
  }
}
