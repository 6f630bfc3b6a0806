package org.qmd4j.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityValidator;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.SequenceInputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The SDK's Streamable HTTP servlet with one more method: a POST whose body is a
 * {@code server/discover} request is answered here ({@link Discovery}, as JSON, no session
 * opened), after the same {@code Host}/{@code Origin} check as every MCP request. Every other
 * request goes to the SDK's servlet unchanged: the start of a POST body read to recognise the
 * method is handed back to it in front of the rest.
 */
final class DiscoveryServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  /** Bodies longer than this are no discovery (which carries only {@code _meta}). */
  static final int PEEK_BYTES = 64 * 1024;

  private final HttpServlet sdk;
  private final transient Discovery discovery;
  private final transient ServerTransportSecurityValidator guard;
  private volatile boolean closed;

  DiscoveryServlet(HttpServlet sdk, Discovery discovery, ServerTransportSecurityValidator guard) {
    this.sdk = sdk;
    this.discovery = discovery;
    this.guard = guard;
  }

  /** From now on, discovery is answered as the SDK answers everything once closed: 503. */
  void close() {
    closed = true;
  }

  @Override
  public void init(ServletConfig config) throws ServletException {
    super.init(config);
    sdk.init(config);
  }

  @Override
  public void destroy() {
    sdk.destroy();
    super.destroy();
  }

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response)
      throws ServletException, IOException {
    long length = request.getContentLengthLong();
    if (!"POST".equals(request.getMethod()) || length > PEEK_BYTES || closed) {
      sdk.service((ServletRequest) request, (ServletResponse) response);
      return;
    }
    byte[] head = request.getInputStream().readNBytes(PEEK_BYTES);
    JsonNode id = Discovery.requestId(head);
    if (id == null) {
      sdk.service((ServletRequest) new Replayed(request, head), (ServletResponse) response);
      return;
    }
    try {
      guard.validateHeaders(headers(request));
    } catch (ServerTransportSecurityException e) {
      response.sendError(e.getStatusCode(), e.getMessage());
      return;
    }
    byte[] answer = discovery.answer(id);
    response.setStatus(HttpServletResponse.SC_OK);
    response.setContentType("application/json");
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.setContentLength(answer.length);
    response.getOutputStream().write(answer);
  }

  private static Map<String, List<String>> headers(HttpServletRequest request) {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (String name : Collections.list(request.getHeaderNames())) {
      headers.put(name, new ArrayList<>(Collections.list(request.getHeaders(name))));
    }
    return headers;
  }

  /** The request with the bytes already read put back in front of the rest of its body. */
  private static final class Replayed extends HttpServletRequestWrapper {
    private final ServletInputStream body;

    Replayed(HttpServletRequest request, byte[] head) throws IOException {
      super(request);
      this.body = new Body(new SequenceInputStream(new ByteArrayInputStream(head),
          request.getInputStream()));
    }

    @Override
    public ServletInputStream getInputStream() {
      return body;
    }

    @Override
    public BufferedReader getReader() {
      String encoding = getCharacterEncoding();
      Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
      return new BufferedReader(new InputStreamReader(body, charset));
    }
  }

  /** A blocking servlet stream over an input stream. */
  private static final class Body extends ServletInputStream {
    private final InputStream in;
    private boolean finished;

    Body(InputStream in) {
      this.in = in;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b < 0) finished = true;
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = in.read(buffer, offset, length);
      if (n < 0) finished = true;
      return n;
    }

    @Override
    public boolean isFinished() {
      return finished;
    }

    @Override
    public boolean isReady() {
      return true;
    }

    @Override
    public void setReadListener(ReadListener listener) {
      throw new IllegalStateException("The MCP body is read blocking; no read listener");
    }
  }
}
