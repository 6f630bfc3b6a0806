package org.qmd4j.web;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The MCP sessions and event streams the server holds open, by client address, against the
 * caps of {@link WebLimits}. A session is counted from its {@code initialize} until it is
 * deleted, the SDK says it is gone, or it has been unused (no request, no open stream) for
 * twice its idle time: by then the SDK, which checks once per idle time, has ended it too.
 * Thread-safe (one lock; every operation is a few map lookups).
 */
final class McpSessions {
  /** An answer to "may this client open one more?": a reservation, or why not. */
  record Admission(boolean admitted, boolean perClient, String reason, String client,
      String session) {}

  private static final class Session {
    final String client;
    long lastUsed;
    int openStreams;

    Session(String client, long now) {
      this.client = client;
      this.lastUsed = now;
    }
  }

  private final WebLimits limits;
  private final LongSupplier clock;
  private final Map<String, Session> sessions = new HashMap<>();
  private final Map<String, Integer> sessionsByClient = new HashMap<>();
  private final Map<String, Integer> streamsByClient = new HashMap<>();
  private int reserved;
  private int streams;

  McpSessions(WebLimits limits) {
    this(limits, () -> System.nanoTime() / 1_000_000);
  }

  McpSessions(WebLimits limits, LongSupplier millis) {
    this.limits = limits;
    this.clock = millis;
  }

  /** Reserves a session for {@code client}, or says which cap stops it. */
  synchronized Admission admitSession(String client) {
    forgetIdle();
    if (sessions.size() + reserved >= limits.maxSessions()) {
      return new Admission(false, false, "The server holds its most MCP sessions ("
          + limits.maxSessions() + "); unused ones end after "
          + McpGate.words(limits.sessionIdleTimeout()), client, null);
    }
    if (sessionsByClient.getOrDefault(client, 0) >= limits.maxSessionsPerClient()) {
      return new Admission(false, true, "This client holds its most MCP sessions ("
          + limits.maxSessionsPerClient() + "); end one with DELETE /mcp, or reuse one",
          client, null);
    }
    reserved++;
    sessionsByClient.merge(client, 1, Integer::sum);
    return new Admission(true, false, "", client, null);
  }

  /** Ends a reservation: with the new session's id, or {@code null} if none was opened. */
  synchronized void opened(Admission admission, String sessionId) {
    reserved--;
    if (sessionId == null || sessions.containsKey(sessionId)) {
      decrement(sessionsByClient, admission.client());
      return;
    }
    sessions.put(sessionId, new Session(admission.client(), clock.getAsLong()));
  }

  /** Whether the session is known; if so, it counts as used now. */
  synchronized boolean touch(String sessionId) {
    forgetIdle();
    Session s = sessions.get(sessionId);
    if (s == null) return false;
    s.lastUsed = clock.getAsLong();
    return true;
  }

  /** A request's answer stream opened on the session (it is in use until it ends). */
  synchronized void streamStarted(String sessionId) {
    Session s = sessions.get(sessionId);
    if (s != null) s.openStreams++;
  }

  /** That stream ended. */
  synchronized void streamEnded(String sessionId) {
    Session s = sessions.get(sessionId);
    if (s != null) {
      s.openStreams = Math.max(0, s.openStreams - 1);
      s.lastUsed = clock.getAsLong();
    }
  }

  /** Reserves an event stream of {@code client} on the session, or says which cap stops it. */
  synchronized Admission admitStream(String client, String sessionId) {
    if (streams >= limits.maxStreams()) {
      return new Admission(false, false, "The server holds its most MCP event streams ("
          + limits.maxStreams() + "); a stream closes after "
          + McpGate.words(limits.streamTimeout()), client, sessionId);
    }
    if (streamsByClient.getOrDefault(client, 0) >= limits.maxStreamsPerClient()) {
      return new Admission(false, true, "This client holds its most MCP event streams ("
          + limits.maxStreamsPerClient() + "); one per session is enough", client, sessionId);
    }
    streams++;
    streamsByClient.merge(client, 1, Integer::sum);
    streamStarted(sessionId);
    return new Admission(true, false, "", client, sessionId);
  }

  /** The event stream of that admission ended. */
  synchronized void listeningEnded(Admission admission) {
    streams = Math.max(0, streams - 1);
    decrement(streamsByClient, admission.client());
    streamEnded(admission.session());
  }

  /** The session ended (deleted, or gone from the SDK). */
  synchronized void forget(String sessionId) {
    Session s = sessions.remove(sessionId);
    if (s != null) decrement(sessionsByClient, s.client);
  }

  /** Open sessions, all clients together. */
  synchronized int sessions() {
    return sessions.size();
  }

  /** Open event streams, all clients together. */
  synchronized int streams() {
    return streams;
  }

  private void forgetIdle() {
    long now = clock.getAsLong();
    long idle = 2 * limits.sessionIdleTimeout().toMillis();
    for (Iterator<Session> it = sessions.values().iterator(); it.hasNext(); ) {
      Session s = it.next();
      if (s.openStreams == 0 && now - s.lastUsed > idle) {
        it.remove();
        decrement(sessionsByClient, s.client);
      }
    }
  }

  private static void decrement(Map<String, Integer> counts, String key) {
    counts.computeIfPresent(key, (k, n) -> n <= 1 ? null : n - 1);
  }
}
