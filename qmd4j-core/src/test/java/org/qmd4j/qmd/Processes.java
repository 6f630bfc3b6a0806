package org.qmd4j.qmd;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** Assertions on processes that tests expect to be gone. */
public final class Processes {
  private Processes() {}

  /** Waits up to 2 s for the OS to finish killing, then expects every one of {@code pids} gone. */
  public static void assertGone(Iterable<Long> pids) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos(); // generous: a wait, not a timing
    for (long pid : pids) {
      while (isRunning(pid) && System.nanoTime() < deadline) Thread.sleep(20);
      assertThat(isRunning(pid)).as("process " + pid + " is still running").isFalse();
    }
  }

  /**
   * Whether {@code pid} still runs. A zombie does not: it is dead and holds nothing, and a
   * killed orphan stays one until the init process reaps it (about every 1.5 s on some VMs).
   */
  static boolean isRunning(long pid) {
    if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) return false;
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
    } catch (IOException | RuntimeException e) {
      return true; // no /proc (macOS): ProcessHandle's answer stands
    }
  }
}
