package org.qmd4j.catalogue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
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
  private final Function<A, Function<Searcher, T>> bind;
  private final List<String> names;
  private final Class<? extends Record> answer;
  private final Class<?>[] answerArguments;
  private volatile String schema;
  private volatile String outputSchema;

  /**
   * An operation; {@code answer} with its type arguments is the record describing what it
   * answers, from which {@link #outputSchema()} is generated.
   *
   * @param bind checks a request and turns it into the call into the facade (see
   *     {@link #bind})
   */
  Operation(String name, Class<A> request, Function<A, Function<Searcher, T>> bind,
      Class<? extends Record> answer, Class<?>... answerArguments) {
    this.name = name;
    this.request = request;
    this.bind = bind;
    this.answer = answer;
    this.answerArguments = answerArguments.clone();
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
      s = text(Schemas.of(request));
      schema = s;
    }
    return s;
  }

  /**
   * The JSON schema of the answer's structured form (the MCP tool's {@code structuredContent}),
   * generated once from the record describing it and kept.
   *
   * @return the schema as JSON text
   */
  public String outputSchema() {
    String s = outputSchema;
    if (s == null) {
      s = text(Schemas.ofAnswer(answer, answerArguments));
      outputSchema = s;
    }
    return s;
  }

  private static String text(Object schema) {
    try {
      return JSON.writeValueAsString(schema);
    } catch (JsonProcessingException e) {
      throw new AssertionError("A generated schema is plain JSON", e);
    }
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
   * Checks the request and returns the call it makes, to run on a searcher later: a front end
   * that opens the vault only for the call (the CLI) refuses bad input before opening it.
   *
   * @throws IllegalArgumentException if an argument is out of range
   * @throws org.qmd4j.search.InvalidRequestException if a filter, date, scope or mode is not
   *     valid
   */
  public Function<Searcher, T> bind(A args) {
    Objects.requireNonNull(args, "args == null");
    return bind.apply(args);
  }

  /**
   * Calls the operation: {@link #bind} then the call.
   *
   * @throws org.qmd4j.search.SearchException as the facade's call does
   */
  public T call(Searcher searcher, A args) {
    Objects.requireNonNull(searcher, "searcher == null");
    return bind(args).apply(searcher);
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
