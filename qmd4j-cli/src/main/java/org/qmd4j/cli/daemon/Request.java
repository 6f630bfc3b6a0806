package org.qmd4j.cli.daemon;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A command a client asks the daemon to run: its arguments, working directory, environment
 * and time zone, and whether the client's stdout is a console (for picocli's colours).
 *
 * @param args the command line, as the client received it
 * @param workingDir the client's working directory (absolute)
 * @param environment the client's environment, with {@code QMD4J_STDOUT_TTY} and
 *     {@code QMD4J_STDERR_TTY} set to what the client's terminals are
 * @param zone the client's default time zone id
 * @param console whether the client has a console ({@code System.console() != null})
 */
public record Request(List<String> args, Path workingDir, Map<String, String> environment,
    String zone, boolean console) {

  public Request {
    args = List.copyOf(args);
    environment = Map.copyOf(environment);
  }

  byte[] encode() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    Wire.strings(out, args);
    List<String> env = new ArrayList<>();
    for (Map.Entry<String, String> e : environment.entrySet()) {
      env.add(e.getKey());
      env.add(e.getValue());
    }
    Wire.strings(out, env);
    Wire.strings(out, List.of(workingDir.toString(), zone, Boolean.toString(console)));
    out.flush();
    return bytes.toByteArray();
  }

  static Request decode(byte[] body) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(body));
    String[] args = Wire.strings(in);
    String[] env = Wire.strings(in);
    Map<String, String> environment = new LinkedHashMap<>();
    for (int i = 0; i + 1 < env.length; i += 2) environment.put(env[i], env[i + 1]);
    String[] rest = Wire.strings(in);
    if (rest.length != 3) throw new IOException("bad request");
    return new Request(Arrays.asList(args), Path.of(rest[0]), environment, rest[1],
        Boolean.parseBoolean(rest[2]));
  }
}
