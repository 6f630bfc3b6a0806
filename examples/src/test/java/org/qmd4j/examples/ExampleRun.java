package org.qmd4j.examples;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.qmd4j.Fixtures;

/** Runs an example's {@code main} on the example vault and returns what it printed. */
final class ExampleRun {
  private ExampleRun() {}

  interface Main {
    void run(String[] args) throws Exception;
  }

  /** What {@code main} printed on stdout, also echoed to the build log. */
  static String stdout(Main main) throws Exception {
    PrintStream real = System.out;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      main.run(new String[] {Fixtures.vault().toString()});
    } finally {
      System.setOut(real);
    }
    String printed = bytes.toString(StandardCharsets.UTF_8);
    real.print(printed);
    return printed;
  }
}
