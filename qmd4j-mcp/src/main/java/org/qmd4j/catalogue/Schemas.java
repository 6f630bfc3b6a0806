package org.qmd4j.catalogue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.classmate.ResolvedType;
import com.github.victools.jsonschema.generator.CustomDefinition;
import com.github.victools.jsonschema.generator.CustomDefinitionProviderV2;
import com.github.victools.jsonschema.generator.FieldScope;
import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaGenerationContext;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The JSON schema of a request record, generated from its {@link Param} components: one
 * property per component (snake-case name, type, description, default, minimum, enum,
 * examples), {@code required} from {@link Param#required()}, and
 * {@code additionalProperties: false} on the request itself (an unknown argument is refused).
 * Records nested in an argument ({@link OrString}) describe objects without that last rule.
 *
 * <p>The output schema of an answer ({@link Answers}) comes from the same configuration, with
 * the answer's rules: every component is a property under its own name, required unless it is
 * an {@code Optional}, and objects stay open (an answer may grow a property).
 */
final class Schemas {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SchemaGenerator GENERATOR = new SchemaGenerator(config(false));
  private static final SchemaGenerator ANSWERS = new SchemaGenerator(config(true));

  private Schemas() {}

  /** The schema of the request record {@code type}. */
  static ObjectNode of(Class<? extends Record> type) {
    ObjectNode schema = GENERATOR.generateSchema(type);
    // A request without arguments still lists its (empty) properties, as clients expect.
    if (!schema.has("properties")) {
      ObjectNode ordered = JSON.createObjectNode();
      ordered.put("type", "object");
      ordered.set("additionalProperties", schema.get("additionalProperties"));
      ordered.putObject("properties");
      return ordered;
    }
    return schema;
  }

  /** The output schema of the answer record {@code type} (its type arguments, if generic). */
  static ObjectNode ofAnswer(Class<? extends Record> type, Class<?>... typeArguments) {
    return ANSWERS.generateSchema(type, typeArguments);
  }

  private static com.github.victools.jsonschema.generator.SchemaGeneratorConfig config(
      boolean answer) {
    SchemaGeneratorConfigBuilder b = new SchemaGeneratorConfigBuilder(JSON,
        SchemaVersion.DRAFT_2020_12, OptionPreset.PLAIN_JSON)
        .without(Option.SCHEMA_VERSION_INDICATOR)
        .with(Option.INLINE_ALL_SCHEMAS);
    if (answer) {
      // An Optional component is a property that may be absent (the override below), not null.
      b.without(Option.FLATTENED_OPTIONALS).with(Option.MAP_VALUES_AS_ADDITIONAL_PROPERTIES,
          Option.NULLABLE_ALWAYS_AS_ANYOF);
    }
    // Declared order, not alphabetical: the schema reads as the record does.
    b.forTypesInGeneral().withPropertySorter((first, second) -> 0);
    // A request record refuses other names; an item object inside a list (@OrString) is open.
    b.forTypesInGeneral().withAdditionalPropertiesResolver(scope -> !answer
        && scope.getType().getErasedType().isRecord()
            && !scope.getType().getErasedType().isAnnotationPresent(OrString.class)
            ? Void.class : null);
    b.forTypesInGeneral().withCustomDefinitionProvider(new Shapes())
        .withDescriptionResolver(scope -> {
          Param p = scope.getType().getErasedType().getAnnotation(Param.class);
          return p == null || p.value().isEmpty() ? null : p.value();
        });
    // The item scope of a list argument repeats its field: the attributes are the list's.
    b.forFields()
        .withIgnoreCheck(field -> field.isStatic() || (!answer && param(field) == null))
        .withPropertyNameOverrideResolver(field -> answer ? null
            : Arguments.wireName(field.getName()))
        .withTargetTypeOverridesResolver(field -> {
          if (answer && field.getType().isInstanceOf(Optional.class)) {
            return List.of(field.getType().getTypeParameters().get(0));
          }
          Class<?> shape = attribute(field, Param::shape);
          return shape == null || shape == Object.class ? null
              : List.of(field.getContext().resolve(shape));
        })
        .withDescriptionResolver(field -> attribute(field, p -> p.value().isEmpty() ? null
            : p.value()))
        .withRequiredCheck(field -> answer ? !field.getType().isInstanceOf(Optional.class)
            : param(field) != null && param(field).required())
        .withNullableCheck(field -> answer && attribute(field, Param::nullable) == Boolean.TRUE)
        .withDefaultResolver(Schemas::defaultValue)
        .withNumberInclusiveMinimumResolver(field -> attribute(field,
            p -> p.minimum() == Long.MIN_VALUE ? null : BigDecimal.valueOf(p.minimum())))
        .withNumberInclusiveMaximumResolver(field -> attribute(field,
            p -> p.maximum() == Long.MAX_VALUE ? null : BigDecimal.valueOf(p.maximum())))
        .withArrayMinItemsResolver(field -> attribute(field,
            p -> p.minItems() == 0 ? null : p.minItems()))
        .withEnumResolver(field -> attribute(field, p -> p.allowed().length == 0 ? null
            : field.getType().getErasedType() == boolean.class
            ? List.of(Boolean.parseBoolean(p.allowed()[0])) : List.of(p.allowed())))
        .withInstanceAttributeOverride((node, field, context) -> {
          String[] examples = attribute(field, p -> p.examples());
          if (examples != null && examples.length > 0) {
            ArrayNode array = node.putArray("examples");
            for (String e : examples) array.add(e);
          }
        });
    return b.build();
  }

  private static Param param(FieldScope field) {
    return field.getAnnotationConsideringFieldAndGetter(Param.class);
  }

  /** An attribute of the field's {@link Param}; null for a list's item scope. */
  private static <T> T attribute(FieldScope field, Function<Param, T> read) {
    Param p = param(field);
    return p == null || field.isFakeContainerItemScope() ? null : read.apply(p);
  }

  private static Object defaultValue(FieldScope field) {
    Param p = param(field);
    if (p == null || p.defaultValue().isEmpty() || field.isFakeContainerItemScope()) return null;
    Class<?> type = field.getType().getErasedType();
    if (type == int.class || type == Integer.class) return Integer.parseInt(p.defaultValue());
    if (type == Boolean.class) return Boolean.parseBoolean(p.defaultValue());
    return p.defaultValue();
  }



  /**
   * The definitions of {@link OrString} and {@link AnyOf} types, of {@link Answers.Tuple}
   * records and of enums written by their {@code wireName()}.
   */
  private static final class Shapes implements CustomDefinitionProviderV2 {
    @Override
    public CustomDefinition provideCustomSchemaDefinition(ResolvedType type,
        SchemaGenerationContext context) {
      Class<?> raw = type.getErasedType();
      if (raw.isEnum()) return wireNames(raw);
      if (raw.isAnnotationPresent(Answers.Tuple.class)) {
        int size = raw.getRecordComponents().length;
        ObjectNode node = JSON.createObjectNode().put("type", "array");
        node.putObject("items").put("type", "integer").put("minimum", 0);
        return new CustomDefinition(node.put("minItems", size).put("maxItems", size));
      }
      if (raw.isAnnotationPresent(OrString.class)) {
        ObjectNode node = JSON.createObjectNode();
        ArrayNode oneOf = node.putArray("oneOf");
        oneOf.addObject().put("type", "string");
        oneOf.add(context.createStandardDefinition(type, this));
        return new CustomDefinition(node);
      }
      AnyOf anyOf = raw.getAnnotation(AnyOf.class);
      if (anyOf == null) return null;
      ObjectNode node = JSON.createObjectNode();
      ArrayNode choices = node.putArray("anyOf");
      for (Class<?> choice : anyOf.value()) {
        choices.add(context.createDefinition(context.getTypeContext().resolve(choice)));
      }
      return new CustomDefinition(node, CustomDefinition.DefinitionType.INLINE,
          CustomDefinition.AttributeInclusion.YES);
    }

    private static CustomDefinition wireNames(Class<?> type) {
      ObjectNode node = JSON.createObjectNode().put("type", "string");
      ArrayNode names = node.putArray("enum");
      try {
        java.lang.reflect.Method wireName = type.getMethod("wireName");
        for (Object constant : type.getEnumConstants()) {
          names.add((String) wireName.invoke(constant));
        }
      } catch (ReflectiveOperationException e) {
        throw new AssertionError("An enum of an answer has a public wireName(): " + type, e);
      }
      return new CustomDefinition(node, CustomDefinition.DefinitionType.INLINE,
          CustomDefinition.AttributeInclusion.YES);
    }
  }
}
