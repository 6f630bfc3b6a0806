package org.qmd4j.cli;

import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.slf4j.LoggerFactory;

/**
 * The JDK logging configuration of the command line, named by the system property
 * {@code java.util.logging.config.class} so that it runs only if a library logs through
 * {@code java.util.logging} (Lucene does, at start, on JDK 21 and later): records go to
 * SLF4J, severe ones as warnings and the rest (Lucene's notes on memory mapping and the
 * vector API) at debug level, so stderr stays quiet unless {@code QMD4J_LOG=debug}.
 */
public final class JulToSlf4j {

  /** Called by the {@link LogManager} instead of reading {@code logging.properties}. */
  public JulToSlf4j() {
    Logger root = Logger.getLogger("");
    for (Handler h : root.getHandlers()) root.removeHandler(h);
    root.setLevel(Level.ALL);
    root.addHandler(new Forwarder());
  }

  /** Hands each record to the SLF4J logger of the same name. */
  private static final class Forwarder extends Handler {
    private final SimpleFormatter format = new SimpleFormatter();

    @Override
    public void publish(LogRecord record) {
      String name = record.getLoggerName() == null ? "jul" : record.getLoggerName();
      org.slf4j.Logger log = LoggerFactory.getLogger(name);
      String message = format.formatMessage(record);
      if (record.getLevel().intValue() >= Level.SEVERE.intValue()) {
        log.warn(message, record.getThrown());
      } else if (log.isDebugEnabled()) {
        log.debug(message, record.getThrown());
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  }
}
