package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The public API of qmd4j-core, dumped one line per exported public type and member (as
 * square/okhttp does), compared with the checked-in {@code api/qmd4j-core.txt}, so that every
 * API change shows in review. The exported packages are {@link #EXPORTED}; the others
 * ({@code vault}, {@code embedded}, {@code qmd}, {@code analysis}, {@code watch}, {@code cache},
 * {@code internal}) are implementation.
 *
 * <p>After an intended change: {@code cp qmd4j-core/target/api/qmd4j-core.txt
 * qmd4j-core/api/} (the test writes the current dump there on every run).
 */
class ApiDumpTest {
  private static final Path CHECKED_IN = Path.of("api/qmd4j-core.txt");
  private static final Path CURRENT = Path.of("target/api/qmd4j-core.txt");

  @Test
  void publicApiMatchesTheCheckedInDump() throws Exception {
    List<String> dump = dump();
    Files.createDirectories(CURRENT.getParent());
    Files.write(CURRENT, dump, StandardCharsets.UTF_8);
    assertThat(Files.exists(CHECKED_IN)).as(CHECKED_IN.toAbsolutePath() + " exists").isTrue();
    List<String> expected = Files.readAllLines(CHECKED_IN, StandardCharsets.UTF_8);
    assertThat(dump).as("The public API changed: review the difference, then run "
        + "cp qmd4j-core/" + CURRENT + " qmd4j-core/" + CHECKED_IN)
        .containsExactlyElementsOf(expected);
  }

  @Test
  void exportedPublicTypesAreCounted() throws Exception {
    long types = dump().stream().filter(line -> !line.startsWith("  ")).count();
    // The CHANGELOG quotes this figure; the dump lists the types themselves.
    assertThat(types).isEqualTo(
        Files.readAllLines(CHECKED_IN).stream().filter(l -> !l.startsWith("  ")).count());
  }

  /**
   * The API packages. The jar has no module descriptor (flexmark has no module name, and a
   * published module must not require one by file name), only the
   * {@code Automatic-Module-Name} {@code org.qmd4j}, so this list is where "exported" lives.
   */
  static final Set<String> EXPORTED = new TreeSet<>(List.of("org.qmd4j", "org.qmd4j.search",
      "org.qmd4j.spi", "org.qmd4j.concat", "org.qmd4j.find", "org.qmd4j.notes"));

  static Set<String> exportedPackages() {
    return EXPORTED;
  }

  static List<String> dump() throws Exception {
    Set<String> packages = exportedPackages();
    Path classes = Path.of("target/classes");
    List<String> names;
    try (Stream<Path> files = Files.walk(classes)) {
      names = files.map(f -> classes.relativize(f).toString().replace('\\', '/'))
          .filter(f -> f.endsWith(".class") && !f.endsWith("module-info.class")
              && !f.endsWith("package-info.class"))
          .map(f -> f.substring(0, f.length() - ".class".length()).replace('/', '.'))
          .sorted().collect(Collectors.toList());
    }
    List<String> out = new ArrayList<>();
    for (String name : names) {
      Class<?> type = Class.forName(name, false, ApiDumpTest.class.getClassLoader());
      if (!packages.contains(type.getPackageName()) || !visible(type)) continue;
      out.add(typeLine(type));
      List<String> members = new ArrayList<>();
      for (Field f : type.getDeclaredFields()) {
        if (visible(f.getModifiers()) && !f.isSynthetic()) {
          members.add("  " + modifiers(f.getModifiers()) + f.getGenericType().getTypeName()
              + " " + f.getName());
        }
      }
      for (Constructor<?> c : type.getDeclaredConstructors()) {
        if (visible(c.getModifiers()) && !c.isSynthetic()) members.add(executable(c, null));
      }
      for (Method m : type.getDeclaredMethods()) {
        if (visible(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()
            && !generatedByRecord(type, m)) {
          members.add(executable(m, m.getGenericReturnType().getTypeName()));
        }
      }
      members.sort(null);
      out.addAll(members);
    }
    return out;
  }

  private static boolean visible(Class<?> type) {
    for (Class<?> t = type; t != null; t = t.getDeclaringClass()) {
      if (t.isAnonymousClass() || t.isLocalClass() || t.isSynthetic()) return false;
      if (!Modifier.isPublic(t.getModifiers())) return false;
    }
    return true;
  }

  /** The equals, hashCode and toString that the compiler writes for a record (final). */
  private static boolean generatedByRecord(Class<?> type, Method m) {
    return type.isRecord() && Modifier.isFinal(m.getModifiers())
        && Set.of("equals", "hashCode", "toString").contains(m.getName());
  }

  private static boolean visible(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  private static String typeLine(Class<?> type) {
    String kind = type.isAnnotation() ? "@interface" : type.isInterface() ? "interface"
        : type.isEnum() ? "enum" : type.isRecord() ? "record" : "class";
    int mods = type.getModifiers() & ~Modifier.INTERFACE;
    if (type.isInterface()) mods &= ~Modifier.ABSTRACT;
    if (type.isEnum() || type.isRecord()) mods &= ~Modifier.FINAL & ~Modifier.STATIC;
    StringBuilder line = new StringBuilder(modifiers(mods));
    if (type.isSealed()) line.append("sealed ");
    line.append(kind).append(' ').append(type.getName());
    if (type.getTypeParameters().length > 0) {
      line.append(Arrays.stream(type.getTypeParameters()).map(Object::toString)
          .collect(Collectors.joining(", ", "<", ">")));
    }
    if (type.getGenericSuperclass() != null && !type.isEnum() && !type.isRecord()
        && type.getSuperclass() != Object.class) {
      line.append(" extends ").append(type.getGenericSuperclass().getTypeName());
    }
    if (type.getGenericInterfaces().length > 0) {
      line.append(type.isInterface() ? " extends " : " implements ").append(
          Arrays.stream(type.getGenericInterfaces()).map(t -> t.getTypeName())
              .collect(Collectors.joining(", ")));
    }
    return line.toString();
  }

  private static String executable(Executable e, String returnType) {
    String params = Arrays.stream(e.getGenericParameterTypes()).map(t -> t.getTypeName())
        .collect(Collectors.joining(", "));
    String typeParams = e.getTypeParameters().length == 0 ? ""
        : Arrays.stream(e.getTypeParameters()).map(Object::toString)
            .collect(Collectors.joining(", ", "<", "> "));
    String name = returnType == null ? e.getDeclaringClass().getSimpleName() : e.getName();
    return "  " + modifiers(e.getModifiers() & ~Modifier.TRANSIENT & ~Modifier.VOLATILE)
        + typeParams + (returnType == null ? "" : returnType + " ") + name + "(" + params + ")"
        + (e.getGenericExceptionTypes().length == 0 ? "" : " throws " + Arrays.stream(
            e.getGenericExceptionTypes()).map(t -> t.getTypeName())
            .collect(Collectors.joining(", ")));
  }

  private static String modifiers(int mods) {
    String s = Modifier.toString(mods);
    return s.isEmpty() ? "" : s + " ";
  }
}
