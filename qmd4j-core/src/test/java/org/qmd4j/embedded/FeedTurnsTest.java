package org.qmd4j.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.qmd4j.spi.ChangeFeed.Changes;

/** Which refreshes an applied batch of changes serves, and which must read the feed. */
class FeedTurnsTest {
  private final AtomicInteger reads = new AtomicInteger();
  private final Supplier<Changes> feed = () -> {
    reads.incrementAndGet();
    return new Changes(false, Set.of("bucket/a.md"));
  };

  @Test
  void aBatchTakenAfterARefreshArrivedServesIt() {
    FeedTurns turns = new FeedTurns();
    FeedTurns.Turn first = turns.arrive();
    FeedTurns.Turn waiting = turns.arrive(); // arrived while the first waited for the lock
    assertThat(first.take(feed).paths()).containsExactly("bucket/a.md");
    first.applied();
    assertThat(waiting.take(feed)).isEqualTo(Changes.NONE);
    assertThat(reads).hasValue(1);
  }

  @Test
  void aRefreshThatArrivedAfterTheBatchWasTakenReadsTheFeed() {
    FeedTurns turns = new FeedTurns();
    FeedTurns.Turn first = turns.arrive();
    first.take(feed);
    FeedTurns.Turn late = turns.arrive(); // its writer's change may be after the batch
    first.applied();
    assertThat(late.take(feed).paths()).containsExactly("bucket/a.md");
    assertThat(reads).hasValue(2);
  }

  @Test
  void aBatchThatFailedServesNobody() {
    FeedTurns turns = new FeedTurns();
    FeedTurns.Turn failed = turns.arrive();
    FeedTurns.Turn waiting = turns.arrive();
    failed.take(feed); // and never applied
    assertThat(waiting.take(feed).paths()).containsExactly("bucket/a.md");
    assertThat(reads).hasValue(2);
  }
}
