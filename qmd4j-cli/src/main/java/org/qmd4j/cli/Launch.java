package org.qmd4j.cli;

import org.qmd4j.cli.daemon.DaemonClient;

/**
 * The jar's entry point: a daemon of this build serving the command's vault runs the command;
 * otherwise {@link Main} runs it here. Kept apart from {@link Main}, whose verification would
 * load picocli and the library before the daemon is even asked.
 */
public final class Launch {
  private Launch() {}

  public static void main(String[] args) {
    int relayed = DaemonClient.relay(args);
    if (relayed != DaemonClient.IN_PROCESS) System.exit(relayed);
    Main.main(args);
  }
}
