package org.qmd4j.solr;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.qmd4j.SearchProviders;
import org.qmd4j.spi.TextAnalysis;

/**
 * qmd4j's Solr configset: {@code solrconfig.xml} and {@code schema.xml} from this package's
 * resources, the schema's two analysed field types written from qmd4j-core's analysis
 * definition ({@link TextAnalysis}), so that Solr and the embedded engine make the
 * same tokens. Its name carries a hash of its content: a changed schema is a new
 * configset, never a silent mix.
 */
final class ConfigSet {
  private ConfigSet() {}

  /** The schema's field types for {@code stemmed} and {@code exact}, as Solr XML. */
  static String fieldTypes() {
    TextAnalysis analysis = SearchProviders.analysis();
    StringBuilder xml = new StringBuilder();
    List<String> indexOnly = analysis.indexOnly();
    for (String chain : TextAnalysis.CHAINS) {
      xml.append("  <fieldType name=\"qmd4j_").append(chain)
          .append("\" class=\"solr.TextField\" positionIncrementGap=\"100\">\n");
      // The query analyzer reads a phrase's words whole, as the embedded engine's do.
      for (String type : new String[] {"index", "query"}) {
        xml.append("    <analyzer type=\"").append(type).append("\">\n")
            .append("      <tokenizer name=\"").append(analysis.tokenizer())
            .append("\"/>\n");
        for (String name : analysis.filters(chain)) {
          if (type.equals("query") && indexOnly.contains(name)) continue;
          xml.append("      <filter name=\"").append(name).append('"');
          for (Map.Entry<String, String> p : analysis.parameters(name).entrySet()) {
            xml.append(' ').append(p.getKey()).append("=\"").append(escape(p.getValue()))
                .append('"');
          }
          xml.append("/>\n");
        }
        xml.append("    </analyzer>\n");
      }
      xml.append("  </fieldType>\n");
    }
    return xml.toString();
  }

  /** {@code value} as the text of an XML attribute in double quotes. */
  private static String escape(String value) {
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  static String schema() {
    return resource("schema.xml").replace("@QMD4J_FIELD_TYPES@", fieldTypes());
  }

  static String solrconfig() {
    return resource("solrconfig.xml");
  }

  /** {@code qmd4j-<12 hex digits of the content's SHA-256>}. */
  static String name() {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(schema().getBytes(StandardCharsets.UTF_8));
      sha.update(solrconfig().getBytes(StandardCharsets.UTF_8));
      return "qmd4j-" + HexFormat.of().formatHex(sha.digest(), 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("Every JDK has SHA-256", e);
    }
  }

  /** The configset as the zip that Solr's configset upload takes. */
  static byte[] zip() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
      zip.putNextEntry(new ZipEntry("solrconfig.xml"));
      zip.write(solrconfig().getBytes(StandardCharsets.UTF_8));
      zip.closeEntry();
      zip.putNextEntry(new ZipEntry("schema.xml"));
      zip.write(schema().getBytes(StandardCharsets.UTF_8));
      zip.closeEntry();
    } catch (IOException e) {
      throw new AssertionError("Writing to memory does not fail", e);
    }
    return bytes.toByteArray();
  }

  private static String resource(String name) {
    try (InputStream in = ConfigSet.class.getResourceAsStream("configset/" + name)) {
      if (in == null) throw new AssertionError("Missing resource configset/" + name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("The configset in the jar cannot be read", e);
    }
  }
}
