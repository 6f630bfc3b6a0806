package org.qmd4j.cli;

import org.qmd4j.cli.daemon.DaemonClient;

/**
 * The jar's entry point: a daemon of this build serving the command's vault runs the command
 * (started in the background when none runs, unless told not to); otherwise {@link Main} runs
 * it here. Kept apart from {@link Main}, whose verification would
 * load picocli and the library before the daemon is even asked.
 */
public final class Launch {
  private Launch() {}

  public static void main(String[] args) {
    int relayed = DaemonClient.relay(args);
    // The launcher's training run goes on in-process: its archive then holds both paths.
    if (relayed != DaemonClient.IN_PROCESS && !DaemonClient.training()) System.exit(relayed);
    Main.main(args);
  }
}
