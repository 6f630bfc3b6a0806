package org.qmd4j.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar manifest, or {@code dev} when run from classes. */
final class VersionProvider implements IVersionProvider {
  @Override
  public String[] getVersion() {
    String v = VersionProvider.class.getPackage().getImplementationVersion();
    return new String[] {"qmd4j " + (v == null ? "dev" : v),
        "Java " + System.getProperty("java.version")};
  }
}
