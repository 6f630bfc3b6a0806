package org.qmd4j.embedded;

import java.io.IOException;
import java.util.Objects;
import org.apache.lucene.index.FilteredTermsEnum;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.MultiTermQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.util.AttributeSource;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.StringHelper;
import org.apache.lucene.util.automaton.ByteRunAutomaton;
import org.apache.lucene.util.automaton.Operations;

/**
 * The terms of one field that start with a prefix, like Lucene's {@link PrefixQuery}, without
 * building a prefix automaton for every query: the terms are read by seeking to the prefix
 * and stop at the first term without it. The same terms in the same order, so the rewrite
 * (and the score) is the same as {@link PrefixQuery}'s; only its construction, done for every
 * query word of every search, is cheaper.
 */
final class WordPrefixQuery extends MultiTermQuery {
  private final Term prefix;

  WordPrefixQuery(Term prefix, RewriteMethod rewrite) {
    super(prefix.field(), rewrite);
    if (prefix.bytes().length == 0) throw new IllegalArgumentException("empty prefix");
    this.prefix = prefix;
  }

  @Override
  protected TermsEnum getTermsEnum(Terms terms, AttributeSource atts) throws IOException {
    BytesRef start = prefix.bytes();
    return new FilteredTermsEnum(terms.iterator()) {
      {
        setInitialSeekTerm(start);
      }

      @Override
      protected AcceptStatus accept(BytesRef term) {
        return StringHelper.startsWith(term, start) ? AcceptStatus.YES : AcceptStatus.END;
      }
    };
  }

  @Override
  public void visit(QueryVisitor visitor) {
    if (visitor.acceptField(field)) {
      visitor.consumeTermsMatching(this, field,
          () -> new ByteRunAutomaton(PrefixQuery.toAutomaton(prefix.bytes()), true,
              Operations.DEFAULT_DETERMINIZE_WORK_LIMIT));
    }
  }

  @Override
  public String toString(String field) {
    return (Objects.equals(this.field, field) ? "" : this.field + ":")
        + prefix.text() + "*";
  }

  @Override
  public boolean equals(Object other) {
    return sameClassAs(other) && prefix.equals(((WordPrefixQuery) other).prefix)
        && getRewriteMethod().equals(((WordPrefixQuery) other).getRewriteMethod());
  }

  @Override
  public int hashCode() {
    return classHash() * 31 + prefix.hashCode();
  }
}
