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
import java.util.function.Function;

/**
 * The JSON schema of a request record, generated from its {@link Param} components: one
 * property per component (snake-case name, type, description, default, minimum, enum,
 * examples), {@code required} from {@link Param#required()}, and
 * {@code additionalProperties: false} on the request itself (an unknown argument is refused).
 * Records nested in an argument ({@link OrString}) describe objects without that last rule.
 */
final class Schemas {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SchemaGenerator GENERATOR = new SchemaGenerator(config());

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

  private static com.github.victools.jsonschema.generator.SchemaGeneratorConfig config() {
    SchemaGeneratorConfigBuilder b = new SchemaGeneratorConfigBuilder(JSON,
        SchemaVersion.DRAFT_2020_12, OptionPreset.PLAIN_JSON)
        .without(Option.SCHEMA_VERSION_INDICATOR)
        .with(Option.INLINE_ALL_SCHEMAS);
    // Declared order, not alphabetical: the schema reads as the record does.
    b.forTypesInGeneral().withPropertySorter((first, second) -> 0);
    // A request record refuses other names; an item object inside a list (@OrString) is open.
    b.forTypesInGeneral().withAdditionalPropertiesResolver(scope ->
        scope.getType().getErasedType().isRecord()
            && !scope.getType().getErasedType().isAnnotationPresent(OrString.class)
            ? Void.class : null);
    b.forTypesInGeneral().withCustomDefinitionProvider(new Shapes());
    // The item scope of a list argument repeats its field: the attributes are the list's.
    b.forFields()
        .withIgnoreCheck(field -> field.isStatic() || param(field) == null)
        .withPropertyNameOverrideResolver(field -> Arguments.wireName(field.getName()))
        .withTargetTypeOverridesResolver(field -> {
          Class<?> shape = attribute(field, Param::shape);
          return shape == null || shape == Object.class ? null
              : List.of(field.getContext().resolve(shape));
        })
        .withDescriptionResolver(field -> attribute(field, p -> p.value().isEmpty() ? null
            : p.value()))
        .withRequiredCheck(field -> param(field) != null && param(field).required())
        .withDefaultResolver(Schemas::defaultValue)
        .withNumberInclusiveMinimumResolver(field -> attribute(field,
            p -> p.minimum() == Long.MIN_VALUE ? null : BigDecimal.valueOf(p.minimum())))
        .withArrayMinItemsResolver(field -> attribute(field,
            p -> p.minItems() == 0 ? null : p.minItems()))
        .withEnumResolver(field -> attribute(field,
            p -> p.allowed().length == 0 ? null : List.of(p.allowed())))
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



  /** The definitions of {@link OrString} and {@link AnyOf} types. */
  private static final class Shapes implements CustomDefinitionProviderV2 {
    @Override
    public CustomDefinition provideCustomSchemaDefinition(ResolvedType type,
        SchemaGenerationContext context) {
      Class<?> raw = type.getErasedType();
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
  }
}
