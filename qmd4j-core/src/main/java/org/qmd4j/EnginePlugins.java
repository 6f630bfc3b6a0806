package org.qmd4j;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.regex.Pattern;
import org.qmd4j.search.EngineException;
import org.qmd4j.search.InvalidRequestException;
import org.qmd4j.spi.SearchEngine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engines chosen by name: the built-in ones, and the {@link SearchEngine.Factory}
 * services on the class path ({@code META-INF/services/org.qmd4j.spi.SearchEngine$Factory}),
 * such as the Solr engine's or an application's own. Looked up at each call: a class path
 * does not change, and a lookup reads a few small files.
 */
final class EnginePlugins {
  private static final Logger LOG = LoggerFactory.getLogger(EnginePlugins.class);
  /** The names of the built-in engines, as {@link EngineChoice#wireName()} gives them. */
  static final List<String> BUILT_IN = List.of("auto", "qmd", "embedded");
  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");

  private EnginePlugins() {}

  static boolean isBuiltIn(String name) {
    return BUILT_IN.contains(name);
  }

  /**
   * {@code name} as engines are named (stripped, lower case), when an engine has it.
   *
   * @throws InvalidRequestException naming the engines on the class path, if none has it
   */
  static String check(String name) {
    String wanted = name.strip().toLowerCase(Locale.ROOT);
    if (isBuiltIn(wanted) || registered().containsKey(wanted)) return wanted;
    throw unknown(name);
  }

  /**
   * The registered factory named {@code name}.
   *
   * @throws InvalidRequestException naming the engines on the class path, if none has it
   */
  static SearchEngine.Factory named(String name) {
    SearchEngine.Factory factory = registered().get(name.strip().toLowerCase(Locale.ROOT));
    if (factory == null) throw unknown(name);
    return factory;
  }

  /** The built-in engines' names, then those of the engines on the class path. */
  static List<String> names() {
    List<String> out = new ArrayList<>(BUILT_IN);
    out.addAll(registered().keySet());
    return List.copyOf(out);
  }

  private static InvalidRequestException unknown(String name) {
    return new InvalidRequestException("Unknown engine '" + name + "'; valid engines are: "
        + String.join(", ", names()));
  }

  /** The factories registered as services, by name, the first of a name kept. */
  private static Map<String, SearchEngine.Factory> registered() {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    Map<String, SearchEngine.Factory> out = new LinkedHashMap<>();
    try {
      for (SearchEngine.Factory f : ServiceLoader.load(SearchEngine.Factory.class,
          loader == null ? EnginePlugins.class.getClassLoader() : loader)) {
        String name = f.name().strip().toLowerCase(Locale.ROOT);
        if (!NAME.matcher(name).matches() || isBuiltIn(name)) {
          LOG.warn("The engine factory {} is left out: its name '{}' is empty, not lower-case"
              + " letters, digits and '-', or a built-in engine's", f.getClass().getName(), name);
          continue;
        }
        if (out.putIfAbsent(name, f) != null) {
          LOG.warn("Two engines on the class path are named '{}': {} is left out", name,
              f.getClass().getName());
        }
      }
    } catch (ServiceConfigurationError e) {
      throw new EngineException("An engine on the class path cannot be loaded ("
          + e.getMessage() + "); check the jars that register an engine", e);
    }
    return out;
  }
}
