package org.qmd4j.catalogue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import org.qmd4j.Searcher;

/**
 * One operation of the catalogue: its name, its request record {@code A} (the arguments, their
 * types, rules and descriptions) and its call into the facade, answering {@code T}. Front ends
 * adapt it: they decode their input into {@code A} here, {@link #call} it, and render the
 * {@code T}. Immutable and thread-safe.
 *
 * <pre>{@code
 * Listing<Task> tasks = Operations.TASKS.run(searcher, Map.of("status", "bloqué"));
 * }</pre>
 *
 * @param <A> the request record
 * @param <T> what the call answers
 * @since 0.6
 */
public final class Operation<A extends Record, T> {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String name;
  private final Class<A> request;
  private final BiFunction<Searcher, A, T> call;
  private final List<String> names;
  private volatile String schema;

  Operation(String name, Class<A> request, BiFunction<Searcher, A, T> call) {
    this.name = name;
    this.request = request;
    this.call = call;
    List<String> wire = new ArrayList<>();
    for (RecordComponent c : request.getRecordComponents()) {
      Arguments.param(request, c);
      wire.add(Arguments.wireName(c.getName()));
    }
    this.names = wire.stream().sorted().toList();
  }

  /** The operation's name, as the MCP tool has it ({@code search}, {@code find_notes} ...). */
  public String name() {
    return name;
  }

  /** The request record's class. */
  public Class<A> requestType() {
    return request;
  }

  /** The argument names, sorted. */
  public List<String> parameterNames() {
    return names;
  }

  /**
   * The JSON schema of the arguments, generated from the request record once and kept.
   *
   * @return the schema as JSON text
   */
  public String inputSchema() {
    String s = schema;
    if (s == null) {
      try {
        s = JSON.writeValueAsString(Schemas.of(request));
      } catch (JsonProcessingException e) {
        throw new AssertionError("A generated schema is plain JSON", e);
      }
      schema = s;
    }
    return s;
  }

  /**
   * The arguments read into the request record.
   *
   * @param args the JSON arguments (may be {@code null}: none given)
   * @return the request
   * @throws IllegalArgumentException if an argument is unknown (naming the nearest valid one)
   *     or has the wrong type or range
   */
  public A decode(Map<String, Object> args) {
    if (args != null) Arguments.requireKnown(args.keySet(), names, "argument", name);
    return Arguments.read(request, args);
  }

  /**
   * Refuses a name this operation does not take, calling it a parameter of {@code where}: the
   * message says "Unknown parameter 'q' for /api/search; did you mean 'query'?" and lists the
   * valid names.
   *
   * @throws IllegalArgumentException naming the first unknown name
   */
  public void requireKnownParameters(Collection<String> given, String where) {
    Objects.requireNonNull(given, "given == null");
    Objects.requireNonNull(where, "where == null");
    Arguments.requireKnown(given, names, "parameter", where);
  }

  /**
   * Calls the operation.
   *
   * @throws org.qmd4j.search.SearchException as the facade's call does
   */
  public T call(Searcher searcher, A args) {
    Objects.requireNonNull(searcher, "searcher == null");
    Objects.requireNonNull(args, "args == null");
    return call.apply(searcher, args);
  }

  /** {@link #decode} then {@link #call}. */
  public T run(Searcher searcher, Map<String, Object> args) {
    return call(searcher, decode(args));
  }

  @Override
  public String toString() {
    return "Operation[" + name + "]";
  }
}
