package org.qmd4j.spi;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What a stat call tells about a file, enough to notice that it changed: size and
 * modification time, plus, where the platform gives them, the status-change time (ctime) and
 * the inode. An edit that keeps the size and puts the modification time back (an editor's
 * "preserve times", {@code touch -r}) still moves the ctime, and a file replaced by a rename
 * has another inode.
 *
 * <p>Equality: size and modification time must be equal; ctime and inode must be equal too
 * when both stamps know them (0 means unknown, as in stamps saved by older versions).
 *
 * @param size size in bytes
 * @param modifiedNanos last-modified time in nanoseconds since the epoch
 * @param changedNanos status-change time (ctime) in nanoseconds since the epoch; 0 if unknown
 * @param inode the file's inode number; 0 if unknown
 */
public record FileStamp(long size, long modifiedNanos, long changedNanos, long inode) {
  private static final boolean UNIX =
      FileSystems.getDefault().supportedFileAttributeViews().contains("unix");
  private static final String UNIX_ATTRIBUTES =
      "unix:size,lastModifiedTime,ctime,ino,isDirectory,isRegularFile";

  /** A stamp of size and modification time only. */
  public FileStamp(long size, long modifiedNanos) {
    this(size, modifiedNanos, 0, 0);
  }

  /** What one stat of a path (not following links) says: its stamp and its type. */
  public record Stat(FileStamp stamp, boolean isDirectory, boolean isRegularFile) {}

  /**
   * Stats {@code path} without following a symbolic link: one system call, with ctime and
   * inode on Unix-like systems.
   *
   * @throws IOException if the stat fails (a {@code NoSuchFileException} when it is gone)
   */
  public static Stat stat(Path path) throws IOException {
    if (UNIX) {
      Map<String, Object> a = Files.readAttributes(path, UNIX_ATTRIBUTES,
          LinkOption.NOFOLLOW_LINKS);
      FileStamp stamp = new FileStamp((Long) a.get("size"),
          ((FileTime) a.get("lastModifiedTime")).to(TimeUnit.NANOSECONDS),
          ((FileTime) a.get("ctime")).to(TimeUnit.NANOSECONDS), (Long) a.get("ino"));
      return new Stat(stamp, (Boolean) a.get("isDirectory"), (Boolean) a.get("isRegularFile"));
    }
    BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class,
        LinkOption.NOFOLLOW_LINKS);
    Object key = a.fileKey();
    FileStamp stamp = new FileStamp(a.size(), a.lastModifiedTime().to(TimeUnit.NANOSECONDS), 0,
        key == null ? 0 : key.hashCode() & 0xFFFF_FFFFL | 1L << 32);
    return new Stat(stamp, a.isDirectory(), a.isRegularFile());
  }

  /** The day of the last modification, in the machine's time zone (dates of notes). */
  public java.time.LocalDate modifiedDay() {
    return java.time.Instant.EPOCH.plusNanos(modifiedNanos)
        .atZone(java.time.ZoneId.systemDefault()).toLocalDate();
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof FileStamp)) return false;
    FileStamp other = (FileStamp) o;
    return size == other.size && modifiedNanos == other.modifiedNanos
        && (changedNanos == 0 || other.changedNanos == 0 || changedNanos == other.changedNanos)
        && (inode == 0 || other.inode == 0 || inode == other.inode);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(size) * 31 + Long.hashCode(modifiedNanos);
  }
}
