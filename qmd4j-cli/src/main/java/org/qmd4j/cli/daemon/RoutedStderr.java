package org.qmd4j.cli.daemon;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;

/**
 * The daemon's {@code System.err}: what a command's thread logs (slf4j-simple writes to
 * {@code System.err}) goes to that command's client, as it would reach the terminal
 * in-process; every other thread's to the daemon's log.
 */
final class RoutedStderr extends OutputStream {
  private static final ThreadLocal<OutputStream> ROUTE = new ThreadLocal<>();
  private final OutputStream daemonLog;

  private RoutedStderr(OutputStream daemonLog) {
    this.daemonLog = daemonLog;
  }

  /** Installs the routing as {@code System.err}; the current one stays the default target. */
  static void install() {
    if (System.err instanceof Installed) return;
    System.setErr(new Installed(new RoutedStderr(System.err)));
  }

  /** Sends this thread's stderr to {@code target} until {@link #clear()}. */
  static void route(OutputStream target) {
    ROUTE.set(target);
  }

  static void clear() {
    ROUTE.remove();
  }

  private OutputStream target() {
    OutputStream routed = ROUTE.get();
    return routed == null ? daemonLog : routed;
  }

  @Override
  public void write(int b) throws IOException {
    target().write(b);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    target().write(b, off, len);
  }

  @Override
  public void flush() throws IOException {
    target().flush();
  }

  private static final class Installed extends PrintStream {
    Installed(OutputStream out) {
      super(out, true);
    }
  }
}
