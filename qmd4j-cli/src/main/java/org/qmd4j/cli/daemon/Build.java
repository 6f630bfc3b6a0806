package org.qmd4j.cli.daemon;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;

/**
 * Which qmd4j a process runs: the version from the jar's manifest, and for a client to trust a
 * daemon, the exact build (the jar's path, size and time when the process first asked), so
 * that a rebuilt jar never talks to a daemon started from the old one.
 */
final class Build {
  private static String id;

  private Build() {}

  /** The version, or {@code dev} when run from classes. */
  static String version() {
    String v = Build.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }

  /**
   * The version and the identity of the jar (or class folder) this process runs from, as it
   * was when first asked: a daemon whose jar is rebuilt under it still says the build it runs.
   */
  static synchronized String id() {
    if (id == null) id = currentId();
    return id;
  }

  /** The identity of the jar as it is now on disk. */
  static String currentId() {
    Path location = location();
    return location == null ? new StringBuilder(version()).append("@?").toString()
        : id(version(), location);
  }

  /** The jar (or class folder) this process runs from, or null when it cannot be told. */
  static Path location() {
    try {
      CodeSource source = Build.class.getProtectionDomain().getCodeSource();
      if (source != null) return Path.of(source.getLocation().toURI());
    } catch (URISyntaxException | RuntimeException e) {
      // no location: a build nobody else can claim
    }
    return null;
  }

  /** The identity of {@code version} run from {@code location} (a jar or class folder). */
  static String id(String version, Path location) {
    StringBuilder id = new StringBuilder(version).append('@').append(location);
    try {
      id.append(':').append(Files.size(location)).append(':')
          .append(Files.getLastModifiedTime(location).toMillis());
    } catch (IOException e) {
      id.append(":?");
    }
    return id.toString();
  }
}
