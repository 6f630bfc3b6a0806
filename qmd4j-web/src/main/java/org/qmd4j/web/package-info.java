/** The web interface: a search page, a JSON API and their guards, on Jetty. */
package org.qmd4j.web;
