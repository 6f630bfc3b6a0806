package org.qmd4j.qmd;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.qmd4j.spi.FileStamp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code stamps.json} in the qmd state folder: the vault's file stamps at the last {@code qmd
 * update} a qmd4j process ran, and {@code index.sqlite}'s stamp right after it. Written
 * atomically (a temporary file renamed over it), so another process reads the old or the new
 * version, never half of one.
 */
final class StampsFile {
  private static final Logger LOG = LoggerFactory.getLogger(StampsFile.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * What the file holds.
   *
   * @param atMillis when the update finished (epoch milliseconds)
   * @param files the vault's indexed files then, by vault-relative path
   * @param index index.sqlite after the update; null when unknown
   */
  record Saved(long atMillis, Map<String, FileStamp> files, Index index) {}

  /**
   * index.sqlite right after an update.
   *
   * @param stamp its stamp
   * @param walFrames whether its write-ahead log still held frames: SQLite moves them into
   *     the file when the last qmd process that has it open closes it, and that may be a
   *     search that outlived the update
   */
  record Index(FileStamp stamp, boolean walFrames) {}

  private final Path dir;
  private final Path vault;

  StampsFile(Path dir, Path vault) {
    this.dir = dir;
    this.vault = vault;
  }

  /**
   * The saved stamps, if the file exists, can be read and describes this vault.
   *
   * @param quiet false to log (at info level) a file that cannot be read
   */
  Optional<Saved> read(boolean quiet) {
    Path file = dir.resolve("stamps.json");
    if (!Files.isRegularFile(file)) return Optional.empty();
    try {
      Map<String, Object> data = JSON.readValue(file.toFile(),
          new TypeReference<Map<String, Object>>() {});
      if (!vault.toString().equals(data.get("vault"))) return Optional.empty();
      Map<String, FileStamp> stamps = new LinkedHashMap<>();
      @SuppressWarnings("unchecked")
      Map<String, List<Number>> files = (Map<String, List<Number>>) data.get("files");
      files.forEach((k, v) -> stamps.put(k, stampOf(v)));
      @SuppressWarnings("unchecked")
      List<Number> index = (List<Number>) data.get("index");
      return Optional.of(new Saved(((Number) data.get("at")).longValue(), stamps,
          index == null ? null
              : new Index(stampOf(index), !Boolean.FALSE.equals(data.get("indexWalFrames")))));
    } catch (IOException | RuntimeException e) {
      if (!quiet) LOG.info("Ignoring unreadable qmd bookkeeping {}: {}", file, e.toString());
      return Optional.empty();
    }
  }

  /** Saves {@code saved} in place of what the file held. */
  void write(Saved saved) throws IOException {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("vault", vault.toString());
    data.put("at", saved.atMillis());
    Map<String, List<Long>> files = new LinkedHashMap<>();
    saved.files().forEach((k, v) -> files.put(k, asList(v)));
    data.put("files", files);
    if (saved.index() != null) {
      data.put("index", asList(saved.index().stamp()));
      data.put("indexWalFrames", saved.index().walFrames());
    }
    Path tmp = Files.createTempFile(dir, "stamps", ".tmp");
    JSON.writeValue(tmp.toFile(), data);
    Files.move(tmp, dir.resolve("stamps.json"), StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
  }

  private static List<Long> asList(FileStamp v) {
    return List.of(v.size(), v.modifiedNanos(), v.changedNanos(), v.inode());
  }

  private static FileStamp stampOf(List<Number> v) {
    // [size, mtime, ctime, inode]; stamps saved by older versions have the first two only,
    // and 0 (unknown) compares equal to any ctime or inode.
    return new FileStamp(v.get(0).longValue(), v.get(1).longValue(),
        v.size() > 3 ? v.get(2).longValue() : 0, v.size() > 3 ? v.get(3).longValue() : 0);
  }
}
