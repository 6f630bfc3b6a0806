package org.qmd4j.cli.daemon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

/**
 * Where a vault's daemon lives: {@code <cache>/<vault-name>-<hash>/daemon/}, beside the
 * vault's indexes (the same folder {@code SearchProviders} computes; a test keeps the two in
 * step), holding the socket {@code daemon.sock}, the lock {@code daemon.lock}, the log
 * {@code daemon.log} and the launcher script's port {@code daemon.relay}. The folder is the
 * owner's only ({@code rwx------}).
 *
 * @param vault the vault's real path
 * @param folder the daemon's folder
 */
public record DaemonPaths(Path vault, Path folder) {
  /** The longest socket path the kernel takes ({@code sun_path} is 108 bytes). */
  static final int MAX_SOCKET_PATH = 107;

  /**
   * The daemon folder of {@code vault} (resolved against {@code workingDir}) under the cache
   * root {@code environment} names, or empty when the vault is not an existing folder.
   */
  public static Optional<DaemonPaths> of(Path workingDir, String vault,
      Map<String, String> environment) {
    try {
      Path root = workingDir.resolve(vault).toRealPath();
      if (!Files.isDirectory(root)) return Optional.empty();
      return Optional.of(new DaemonPaths(root, vaultCacheDir(root, cacheRoot(environment))
          .resolve("daemon")));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  public Path socket() {
    return folder.resolve("daemon.sock");
  }

  Path lock() {
    return folder.resolve("daemon.lock");
  }

  /** The loopback port and token of the launcher script's way in ({@link LoopbackRelay}). */
  Path relay() {
    return folder.resolve("daemon.relay");
  }

  /** Where the daemon's own stdout and stderr go. */
  public Path log() {
    return folder.resolve("daemon.log");
  }

  /** {@code $QMD4J_CACHE_DIR}, else {@code $XDG_CACHE_HOME/qmd4j}, else {@code $HOME/.cache/qmd4j}. */
  static Path cacheRoot(Map<String, String> env) {
    String dir = env.get("QMD4J_CACHE_DIR");
    if (dir != null && !dir.isBlank()) return Path.of(dir);
    String xdg = env.get("XDG_CACHE_HOME");
    // XDG: a relative XDG_CACHE_HOME is invalid and ignored.
    if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
      return Path.of(xdg, "qmd4j");
    }
    String home = env.get("HOME");
    return Path.of(home != null && !home.isBlank() ? home : System.getProperty("user.home"),
        ".cache", "qmd4j");
  }

  /** The folder qmd4j owns for one vault: its name plus a hash of its real path. */
  static Path vaultCacheDir(Path root, Path cacheRoot) {
    // No regex, string templates or MessageDigest: this runs before every relayed command.
    String name = root.getFileName() == null ? "root" : root.getFileName().toString();
    StringBuilder folder = new StringBuilder(name.length() + 13);
    for (int i = 0; i < name.length(); i += Character.charCount(name.codePointAt(i))) {
      int c = name.codePointAt(i); // core's [^A-Za-z0-9._-] replaces code points
      boolean kept = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
          || c == '.' || c == '_' || c == '-';
      folder.append(kept ? (char) c : '_');
    }
    byte[] digest = Sha256.digest(root.toString().getBytes(StandardCharsets.UTF_8));
    folder.append('-').append(HexFormat.of().formatHex(digest, 0, 6));
    return cacheRoot.resolve(folder.toString());
  }
}
