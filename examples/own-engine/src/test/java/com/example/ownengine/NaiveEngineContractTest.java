package com.example.ownengine;

import org.qmd4j.spi.SearchEngine;
import org.qmd4j.testkit.SearchEngineContract;

class NaiveEngineContractTest extends SearchEngineContract {
  @Override
  protected SearchEngine.Factory factory() {
    return NaiveEngine::new;
  }
}
