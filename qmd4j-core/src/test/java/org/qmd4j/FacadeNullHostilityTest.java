package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.find.ChunkItem;
import org.qmd4j.find.Condition;
import org.qmd4j.find.DateType;
import org.qmd4j.find.FindMode;
import org.qmd4j.find.FindRequest;
import org.qmd4j.find.FindResult;
import org.qmd4j.find.FindSort;
import org.qmd4j.find.NoteItem;
import org.qmd4j.find.Operator;
import org.qmd4j.notes.BucketItem;
import org.qmd4j.notes.ChangelogEntry;
import org.qmd4j.notes.Description;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;
import org.qmd4j.notes.ProjectState;
import org.qmd4j.notes.Task;
import org.qmd4j.search.LineRange;

/**
 * Passes {@code null} to every public constructor and method of the find_notes and typed
 * facade API (builders aside, where {@code null} means "not given") and expects a
 * {@link NullPointerException} naming the parameter, as openjdk's TestNullHostile does.
 */
class FacadeNullHostilityTest {
  private static final List<Class<?>> VALUES = List.of(FindRequest.class, Condition.class,
      FindResult.class, ChunkItem.class, NoteItem.class, FindMode.class, FindSort.class,
      DateType.class, Operator.class, ChangelogEntry.class, Task.class, ProjectState.class,
      Description.class, BucketItem.class, NoteQuery.class, Kind.class);
  private static final Set<String> FACADE = Set.of("find", "changelog", "tasks", "states",
      "descriptions", "buckets", "list");
  private static final Set<String> ASYNC = Set.of("search", "find", "changelog", "tasks",
      "states", "descriptions", "buckets", "list");

  private static Searcher searcher;

  @BeforeAll
  static void open() {
    searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
  }

  @AfterAll
  static void close() {
    searcher.close();
  }

  @Test
  void valuesRejectNullsNamingTheParameter() {
    List<String> checked = new ArrayList<>();
    for (Class<?> type : VALUES) {
      for (Constructor<?> c : type.getConstructors()) {
        expectNpe(c, () -> c.newInstance(nulls(c)));
        checked.add(c.toString());
      }
      for (Method m : type.getMethods()) {
        if (m.getDeclaringClass() != type || m.getParameterCount() == 0
            || m.getName().equals("equals") || m.getName().equals("valueOf")
            || !hasReferenceParameter(m)) {
          continue;
        }
        Object target = Modifier.isStatic(m.getModifiers()) ? null : sample(type);
        if (target == null && !Modifier.isStatic(m.getModifiers())) continue;
        expectNpe(m, () -> m.invoke(target, nulls(m)));
        checked.add(m.toString());
      }
    }
    assertThat(checked).as("the sweep checks something").hasSizeGreaterThan(20);
  }

  @Test
  void facadeMethodsRejectNulls() {
    int checked = 0;
    for (Method m : Searcher.class.getMethods()) {
      if (!FACADE.contains(m.getName())) continue;
      expectNpe(m, () -> m.invoke(searcher, nulls(m)));
      checked++;
    }
    assertThat(checked).isEqualTo(FACADE.size());
    checked = 0;
    for (Method m : AsyncSearcher.class.getMethods()) {
      if (!ASYNC.contains(m.getName())) continue;
      expectNpe(m, () -> m.invoke(searcher.async(), nulls(m)));
      checked++;
    }
    assertThat(checked).isEqualTo(ASYNC.size());
    expectNpe(null, () -> SearchOptions.DEFAULT.withExecutor(null));
  }

  private interface Call {
    Object run() throws Exception;
  }

  private static void expectNpe(Executable what, Call call) {
    try {
      call.run();
      fail("Expected a NullPointerException from " + what);
    } catch (InvocationTargetException e) {
      assertThat(e.getCause()).as(String.valueOf(what))
          .isInstanceOf(NullPointerException.class)
          .hasMessageEndingWith("== null");
    } catch (NullPointerException e) {
      assertThat(e).hasMessageEndingWith("== null");
    } catch (Exception e) {
      fail("Expected a NullPointerException from " + what + " but got " + e);
    }
  }

  private static boolean hasReferenceParameter(Method m) {
    for (Class<?> p : m.getParameterTypes()) {
      if (!p.isPrimitive()) return true;
    }
    return false;
  }

  private static Object[] nulls(Executable e) {
    Class<?>[] types = e.getParameterTypes();
    Object[] args = new Object[types.length];
    for (int i = 0; i < types.length; i++) {
      if (types[i] == boolean.class) args[i] = false;
      else if (types[i] == int.class) args[i] = 1;
      else if (types[i] == double.class) args[i] = 0.5;
      else args[i] = null;
    }
    return args;
  }

  /** An instance to call instance methods on, for the types that have such methods. */
  private static Object sample(Class<?> type) {
    if (type == ProjectState.class) {
      return new ProjectState("projects/x/state.md", "x", new LineRange(1, 1),
          java.util.Optional.empty(), java.util.Map.of(), "", 1);
    }
    return null;
  }
}
