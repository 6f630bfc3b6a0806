package org.qmd4j.cli.daemon;

import java.io.Console;
import java.lang.reflect.Method;

/**
 * Whether this process's stdout is a terminal, as the command line decides colour: the client
 * tells the daemon (which has no terminal) what it found, so that output is the same.
 */
public final class Terminal {
  private Terminal() {}

  /** {@code System.console()} is a terminal (JDK 22+ returns a console for pipes too). */
  public static boolean stdoutIsTerminal() {
    Console console = System.console();
    if (console == null) return false;
    // Before JDK 22 a console means a terminal: no reflection (and no exception) to find out.
    if (Integer.parseInt(System.getProperty("java.specification.version")) < 22) return true;
    try {
      Method isTerminal = Console.class.getMethod("isTerminal");
      return (Boolean) isTerminal.invoke(console);
    } catch (ReflectiveOperationException e) { // JDK 17-21: a console means a terminal
      return true;
    }
  }
}
