package org.qmd4j.cli.daemon;

import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One client's connection to the daemon: hellos, then one command run, a stop, or nothing. */
final class Session implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(Session.class);
  private final SocketChannel channel;
  private final DaemonServer server;

  Session(SocketChannel channel, DaemonServer server) {
    this.channel = channel;
    this.server = server;
  }

  @Override
  public void run() {
    try (channel) {
      DataInputStream in = new DataInputStream(Channels.newInputStream(channel));
      DataOutputStream out = new DataOutputStream(new BufferedOutputStream(
          Channels.newOutputStream(channel), 1 << 16));
      Wire.Frame hello = Wire.read(in);
      if (hello == null || hello.type() != Wire.HELLO) return;
      String clientBuild = Wire.lines(hello.body()).get("build");
      Wire.write(out, Wire.HELLO, Wire.lines(server.facts()));
      Wire.Frame next = Wire.read(in);
      if (next == null) return; // a status probe
      if (next.type() == Wire.STOP) {
        Wire.write(out, Wire.EXIT, "0".getBytes(StandardCharsets.UTF_8));
        server.stop();
      } else if (next.type() == Wire.RUN && Build.id().equals(clientBuild)) {
        run(Request.decode(next.body()), out);
      }
    } catch (IOException e) {
      LOG.debug("A client went away", e);
    }
  }

  private void run(Request request, DataOutputStream wire) throws IOException {
    int code = execute(server, request, new Frames(wire, Wire.OUT), new Frames(wire, Wire.ERR));
    Wire.write(wire, Wire.EXIT, Integer.toString(code).getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Runs {@code request} in {@code server}, its output on {@code stdout} and {@code stderr}
   * (what the command's thread logs included).
   *
   * @return the exit code
   */
  static int execute(DaemonServer server, Request request, OutputStream stdout,
      OutputStream stderr) {
    server.begin();
    PrintWriter out = new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), true);
    PrintWriter err = new PrintWriter(new OutputStreamWriter(stderr, StandardCharsets.UTF_8), true);
    int code;
    RoutedStderr.route(stderr);
    try {
      code = server.runner().run(request, server.searchers(), out, err);
    } catch (RuntimeException | Error e) { // the command line's handlers catch the rest
      LOG.error("A command failed in the daemon", e);
      err.println("qmd4j: an internal error occurred; run again with QMD4J_LOG=debug to see the"
          + " details, and please report it");
      code = 1;
    } finally {
      RoutedStderr.clear();
      out.flush();
      err.flush();
      server.end();
    }
    return code;
  }

  /** A command's stdout or stderr, as frames of one type. */
  private static final class Frames extends OutputStream {
    private final DataOutputStream wire;
    private final byte type;

    Frames(DataOutputStream wire, byte type) {
      this.wire = wire;
      this.type = type;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (len > 0) Wire.write(wire, type, b, off, len);
    }
  }
}
