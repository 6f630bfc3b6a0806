package org.qmd4j.cli.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The time zone a relayed command runs in: the one a JVM started by the script would take. */
class LoopbackRelayTest {
  @Test
  void anUnsetOrEmptyTzTakesTheSystemZoneWhenTheDaemonKnowsIt() {
    assertThat(LoopbackRelay.zone("-", "Europe/Paris")).isEqualTo("Europe/Paris");
    assertThat(LoopbackRelay.zone("=", "Europe/Paris")).isEqualTo("Europe/Paris");
    assertThat(LoopbackRelay.zone("-", "-")).as("the daemon itself ran with TZ").isNull();
  }

  @Test
  void aSetTzIsTakenAsTheJdkTakesIt() {
    assertThat(LoopbackRelay.zone("=Asia/Tokyo", "-")).isEqualTo("Asia/Tokyo");
    assertThat(LoopbackRelay.zone("=:America/New_York", "-")).isEqualTo("America/New_York");
    assertThat(LoopbackRelay.zone("=posix/Europe/Berlin", "-")).isEqualTo("Europe/Berlin");
    assertThat(LoopbackRelay.zone("=UTC", "-")).isEqualTo("UTC");
  }

  @Test
  void aZoneTheJdkWouldTranslateItselfIsLeftToAJvm() {
    assertThat(LoopbackRelay.zone("=CET-1CEST,M3.5.0,M10.5.0/3", "-")).isNull();
    assertThat(LoopbackRelay.zone("=Mars/Olympus_Mons", "UTC")).isNull();
  }
}
