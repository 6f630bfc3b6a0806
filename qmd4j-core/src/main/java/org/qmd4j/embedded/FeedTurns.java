package org.qmd4j.embedded;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.qmd4j.spi.ChangeFeed.Changes;

/**
 * Lets one batch of a change feed serve every refresh that began before the batch was taken.
 *
 * <p>A refresh {@link #arrive() arrives} (numbered) before it waits for the refresher's lock;
 * under the lock it {@link Turn#take takes} the feed's changes only when no batch taken after
 * its arrival has been applied yet. A batch taken after a search began holds every write that
 * completed before it began (the feed's contract), so once that batch is applied the search
 * has nothing left to wait for: with eight searches queued on the lock, the first one's batch
 * serves them all, instead of each passing the feed's barrier in turn.
 *
 * <p>Thread-safe for {@link #arrive()}; a turn is taken and marked applied under the
 * refresher's lock, which guards {@link #served}.
 */
final class FeedTurns {
  private final AtomicLong arrivals = new AtomicLong();
  /** Every refresh that arrived up to this number is served by an applied batch. */
  private long served;

  /** A refresh begins: call before waiting for the refresher's lock. */
  Turn arrive() {
    return new Turn(arrivals.incrementAndGet());
  }

  /** One refresh's turn. */
  final class Turn {
    private final long number;
    private long covers;

    private Turn(long number) {
      this.number = number;
    }

    /**
     * Under the refresher's lock: {@link Changes#NONE} when a batch taken after this turn
     * arrived was applied, else the feed's next batch.
     */
    Changes take(Supplier<Changes> feed) {
      if (served >= number) return Changes.NONE;
      covers = arrivals.get(); // read before the feed: every refresh numbered so far began
      return feed.get();       // before the batch was taken
    }

    /** Under the refresher's lock, once the batch taken is applied and searchable. */
    void applied() {
      if (covers > served) served = covers;
    }
  }
}
