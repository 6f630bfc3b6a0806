/**
 * qmd4j: search a markdown vault from the JVM. Application code starts at {@link
 * org.qmd4j.SearchProviders}; engine authors implement {@link org.qmd4j.spi.SearchEngine}.
 *
 * <p>Exported: the facade ({@code org.qmd4j}), the request and result values with the
 * exception family ({@code org.qmd4j.search}), the engine SPI with the chunks engines rank
 * ({@code org.qmd4j.spi}), and the value packages that the facade's calls take and return
 * ({@code concat}, {@code find}, {@code notes}). The vault reading ({@code vault}), the
 * engines ({@code embedded}, {@code qmd}) and the helpers shared between packages
 * ({@code internal}) are not exported.
 */
module org.qmd4j {
  requires org.apache.lucene.core;
  requires org.apache.lucene.analysis.common;
  requires org.apache.lucene.suggest;
  // flexmark 0.64 has no module descriptor and no Automatic-Module-Name: these names are
  // derived from its jar file names.
  requires flexmark;
  requires flexmark.util.ast;
  requires flexmark.util.data;
  requires flexmark.util.sequence;
  requires org.yaml.snakeyaml;
  requires com.fasterxml.jackson.databind;
  requires org.apache.commons.exec;
  requires org.slf4j;

  exports org.qmd4j;
  exports org.qmd4j.search;
  exports org.qmd4j.spi;
  exports org.qmd4j.concat;
  exports org.qmd4j.find;
  exports org.qmd4j.notes;
}
