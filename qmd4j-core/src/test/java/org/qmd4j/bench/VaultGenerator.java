package org.qmd4j.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Writes a synthetic vault of French-like markdown in the projects layout, for benchmarks
 * and tests. The same {@code (files, seed)} always gives the same paths and bytes (and the
 * same modification times), whatever the JVM or platform.
 *
 * <p>Layout for {@code N} files: the root {@code changelog.md} and {@code tasks.md}, about
 * {@code N/25} projects with {@code changelog.md}, {@code tasks.md}, {@code state.md} and
 * {@code description.md}, and bucket notes (root {@code bucket/} and
 * {@code projects/<p>/bucket/}) making up the count. Every file is an indexed file.
 *
 * <p>Sizes aim at a lived-in vault: changelogs of 8 to 40 days (the root one 30 to 80) with
 * one to four {@code ## [tag] ...} entries a day and a few dense days above the dense-day
 * size; tasks files of 4 to 20 tasks with {@code status:}, {@code prio:} and often
 * {@code deadline:} lines; bucket notes of a few hundred bytes to a few KB, with about one in
 * sixteen long enough to be split. Modification times are set to each file's latest date
 * (its {@code updated}, or its latest changelog day), so no file is "racily" recent.
 *
 * <pre>
 * java -cp target/test-classes:target/classes:... org.qmd4j.bench.VaultGenerator DIR FILES SEED
 * </pre>
 */
public final class VaultGenerator {
  /** One generated file. */
  public record GeneratedFile(String path, String content, long modifiedMillis) {
    public byte[] bytes() {
      return content.getBytes(StandardCharsets.UTF_8);
    }
  }

  /** What {@link #generate} wrote. */
  public record Stats(int files, long bytes, int projects) {}

  private static final LocalDate FIRST_DAY = LocalDate.of(2023, 1, 2);
  private static final LocalDate LAST_DAY = LocalDate.of(2025, 9, 30);

  // --- vocabulary -------------------------------------------------------------------------

  private static final String[] NOUNS = words(
      "décision", "réunion", "échéance", "facture", "devis", "budget", "trésorerie", "client",
      "fournisseur", "équipe", "projet", "livraison", "migration", "base", "serveur", "contrat",
      "avenant", "paiement", "relance", "rendez-vous", "comité", "associé", "banque", "prêt",
      "crédit", "dossier", "rapport", "synthèse", "planning", "calendrier", "chantier",
      "plombier", "électricien", "cuisine", "salle", "toiture", "isolation", "fenêtre",
      "jardin", "potager", "récolte", "semis", "tomate", "recette", "ingrédient", "pâte",
      "marathon", "entraînement", "séance", "fractionné", "allure", "blessure", "genou",
      "kinésithérapeute", "médecin", "ordonnance", "impôt", "déclaration", "URSSAF", "TVA",
      "comptable", "bilan", "exercice", "clôture", "note", "idée", "lecture", "livre",
      "chapitre", "article", "newsletter", "abonné", "site", "page", "maquette", "prototype",
      "version", "correctif", "anomalie", "incident", "sauvegarde", "déploiement", "API",
      "webhook", "quota", "tarif", "remise", "commande", "stock", "entrepôt", "transporteur",
      "colis", "retard", "priorité", "étape", "objectif", "risque", "hypothèse", "mesure",
      "indicateur", "chiffre", "croissance", "churn", "recrutement", "candidat", "entretien",
      "poste", "stagiaire", "formation", "atelier", "présentation", "démo", "retour",
      "évaluation", "qualité", "sécurité", "accès", "mot-de-passe", "certificat", "domaine",
      "hébergement", "coût", "économie", "dépense", "recette-fiscale", "subvention", "aide",
      "assurance", "sinistre", "expertise", "notaire", "acte", "signature", "compromis",
      "visite", "agence", "loyer", "caution", "garantie", "délai", "échéancier", "acompte",
      "solde", "litige", "médiation", "courrier", "courriel", "appel", "compte-rendu",
      "ordre-du-jour", "feuille-de-route", "sprint", "rétrospective", "tâche", "sous-tâche");

  private static final String[] VERBS = words(
      "valider", "relancer", "signer", "préparer", "envoyer", "recevoir", "vérifier",
      "corriger", "livrer", "planifier", "reporter", "annuler", "abandonner", "négocier",
      "rédiger", "relire", "publier", "migrer", "déployer", "tester", "mesurer", "comparer",
      "choisir", "arrêter", "reprendre", "terminer", "commencer", "payer", "rembourser",
      "facturer", "commander", "réserver", "confirmer", "prévenir", "documenter", "réécrire",
      "simplifier", "automatiser", "sécuriser", "nettoyer", "ranger", "trier", "archiver",
      "estimer", "chiffrer", "budgéter", "embaucher", "former", "accompagner", "présenter");

  private static final String[] PAST = words(
      "validé", "relancé", "signé", "préparé", "envoyé", "reçu", "vérifié", "corrigé", "livré",
      "planifié", "reporté", "annulé", "abandonné", "négocié", "rédigé", "relu", "publié",
      "migré", "déployé", "testé", "mesuré", "choisi", "arrêté", "repris", "terminé", "payé",
      "remboursé", "facturé", "commandé", "réservé", "confirmé", "prévenu", "bloqué",
      "débloqué", "décalé", "accepté", "refusé", "clôturé");

  private static final String[] ADJECTIVES = words(
      "urgent", "important", "prioritaire", "bloquant", "mineur", "majeur", "complet",
      "incomplet", "rapide", "lent", "coûteux", "économique", "fiable", "instable", "nouveau",
      "ancien", "prochain", "dernier", "mensuel", "trimestriel", "annuel", "hebdomadaire",
      "impayée", "réglée", "validée", "définitive", "provisoire", "externe", "interne",
      "sérieux", "léger", "lourd", "simple", "compliqué", "équilibré", "précis", "clair",
      "flou", "prévu", "imprévu", "réaliste", "ambitieux", "raisonnable", "élevé", "faible");

  private static final String[] FUNCTION_WORDS = words(
      "de", "la", "le", "les", "et", "pour", "avec", "sur", "en", "du", "des", "à", "au",
      "aux", "par", "dans", "sans", "avant", "après", "pendant", "chez", "vers", "selon",
      "un", "une", "est", "pas", "que", "qui", "on", "il", "elle", "nous", "ce", "cette",
      "ces", "son", "sa", "ses", "leur", "mais", "ou", "donc", "plus", "très", "aussi",
      "déjà", "encore", "tout", "tous", "bien", "même", "comme", "si", "ne", "se", "y",
      "a", "ont", "sont", "était", "fait", "peu", "trop", "là", "où", "quand");

  private static final String[] ELIDED = words(
      "l'équipe", "l'API", "l'échéance", "l'accès", "l'atelier", "l'entretien", "l'objectif",
      "l'assurance", "l'acompte", "l'acte", "d'accord", "d'abord", "d'ici", "qu'on", "n'est",
      "s'il", "jusqu'au", "l'été", "l'hiver", "l'année");

  private static final String[] NAMES = words(
      "Thomas", "Inès", "Camille", "Julie", "Karim", "Mme Fabre", "M. Dupont", "Léa", "Hugo",
      "Chloé", "Nathan", "Élodie", "Rémi", "Anaïs", "Benoît", "Zoé", "François", "Hélène");

  private static final String[] TAGS = words(
      "décision", "blocage", "idée", "note", "livraison", "réunion", "risque", "question");

  private static final String[] STATUSES = words(
      "à-faire", "en-cours", "en-cours", "bloqué", "fait", "fait", "abandonné", "en-attente");

  private static final String[] PRIOS = words("haute", "moyenne", "moyenne", "basse");

  private static final String[] BUCKET_TYPES = words(
      "idée", "réunion", "référence", "lien", "recette", "lecture");

  private static final String[] BUCKET_FOLDERS = words(
      "idees", "reunions", "reference", "liens", "recettes", "lectures");

  private static final String[] PROJECT_WORDS = words(
      "startup", "renovation", "maison", "comptabilite", "marathon", "recettes", "client",
      "dupont", "jardin", "potager", "site", "blog", "livre", "appartement", "demenagement",
      "voyage", "japon", "mariage", "association", "formation", "podcast", "boutique",
      "atelier", "velo", "cuisine", "garage", "toiture", "chalet", "ecole", "famille");

  private static final String[] SLUG_WORDS = words(
      "point", "banque", "notaire", "devis", "plombier", "budget", "idees", "lancement",
      "comite", "contrat", "tarifs", "outils", "lectures", "liens", "suivi", "bilan",
      "planning", "fournisseurs", "recrutement", "stack", "technique", "pricing", "freemium",
      "newsletter", "courses", "menu", "travaux", "assurance", "impots", "sauvegardes",
      "securite", "checklist", "retro", "atelier", "formation", "voyage", "cadeaux");

  private final Random random;
  private final Set<String> paths = new HashSet<>();

  private VaultGenerator(long seed) {
    this.random = new Random(seed);
  }

  // --- entry points -----------------------------------------------------------------------

  /** {@code <dir> <files> <seed>}: writes the vault into {@code dir} (new or empty). */
  public static void main(String[] args) throws IOException {
    if (args.length != 3) {
      System.err.println("Usage: VaultGenerator <dir> <files> <seed>");
      System.exit(2);
    }
    Path dir = Path.of(args[0]);
    int files = Integer.parseInt(args[1]);
    long seed = Long.parseLong(args[2]);
    long start = System.nanoTime();
    Stats stats = generate(dir, files, seed);
    System.out.printf(Locale.ROOT, "%s: %d files, %d projects, %d bytes (%.1f ms)%n", dir,
        stats.files(), stats.projects(), stats.bytes(), (System.nanoTime() - start) / 1e6);
  }

  /**
   * Writes {@code files} files into {@code dir}, which must not exist or be empty.
   *
   * @throws IllegalArgumentException if {@code dir} holds anything already
   */
  public static Stats generate(Path dir, int files, long seed) {
    try {
      if (Files.isDirectory(dir)) {
        try (Stream<Path> s = Files.list(dir)) {
          if (s.findAny().isPresent()) {
            throw new IllegalArgumentException("Not an empty folder: " + dir);
          }
        }
      }
      Files.createDirectories(dir);
      List<GeneratedFile> plan = plan(files, seed);
      long bytes = 0;
      Set<String> projects = new HashSet<>();
      for (GeneratedFile f : plan) {
        Path p = dir.resolve(f.path());
        Files.createDirectories(p.getParent());
        byte[] b = f.bytes();
        Files.write(p, b);
        Files.setLastModifiedTime(p, FileTime.fromMillis(f.modifiedMillis()));
        bytes += b.length;
        if (f.path().startsWith("projects/")) projects.add(f.path().split("/")[1]);
      }
      return new Stats(plan.size(), bytes, projects.size());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The files {@link #generate} writes, in writing order, without touching the disk. */
  public static List<GeneratedFile> plan(int files, long seed) {
    if (files < 0) throw new IllegalArgumentException("files < 0: " + files);
    return new VaultGenerator(seed).build(files);
  }

  // --- layout ------------------------------------------------------------------------------

  private List<GeneratedFile> build(int n) {
    List<GeneratedFile> out = new ArrayList<>(n);
    int projectCount = Math.max(1, n / 25);
    List<String> projects = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < projectCount; i++) {
      String name = pick(PROJECT_WORDS) + "-" + pick(PROJECT_WORDS);
      if (random.nextInt(3) == 0) name += "-" + (2023 + random.nextInt(3));
      String unique = name;
      for (int k = 2; !names.add(unique); k++) unique = name + "-" + k;
      projects.add(unique);
    }

    if (out.size() < n) out.add(changelog("changelog.md", 30 + random.nextInt(51)));
    if (out.size() < n) out.add(tasks("tasks.md", 10 + random.nextInt(21)));
    for (String p : projects) {
      String dir = "projects/" + p + "/";
      if (out.size() < n) out.add(changelog(dir + "changelog.md", 8 + random.nextInt(33)));
      if (out.size() < n) out.add(tasks(dir + "tasks.md", 4 + random.nextInt(17)));
      if (out.size() < n) out.add(state(dir + "state.md", p));
      if (out.size() < n) out.add(description(dir + "description.md", p));
    }

    // Bucket notes: a share at the root, the rest spread unevenly over the projects.
    double[] weights = new double[projects.size() + 1];
    double total = 0;
    for (int i = 0; i < weights.length; i++) {
      weights[i] = i == 0 ? projects.size() * 0.05 + 0.5 : 0.3 + random.nextDouble() * 1.7;
      total += weights[i];
    }
    while (out.size() < n) {
      double r = random.nextDouble() * total;
      int owner = 0;
      while (owner < weights.length - 1 && r >= weights[owner]) r -= weights[owner++];
      String base = owner == 0 ? "bucket/" : "projects/" + projects.get(owner - 1) + "/bucket/";
      out.add(bucketNote(base));
    }
    return out;
  }

  // --- files -------------------------------------------------------------------------------

  private GeneratedFile changelog(String path, int days) {
    LocalDate day = randomDay(LAST_DAY.minusDays(60), LAST_DAY);
    LocalDate latest = day;
    StringBuilder sb = new StringBuilder();
    for (int d = 0; d < days && !day.isBefore(FIRST_DAY); d++) {
      if (d > 0) sb.append('\n');
      sb.append("# ").append(day);
      if (random.nextInt(8) == 0) sb.append(' ').append(weekday(day));
      sb.append("\n\n");
      boolean dense = random.nextInt(10) == 0;
      int entries = dense ? 5 + random.nextInt(3) : 1 + random.nextInt(4);
      for (int e = 0; e < entries; e++) {
        if (e > 0) sb.append('\n');
        sb.append("## [").append(pick(TAGS)).append("] ").append(title(3, 8)).append('\n');
        int lines = dense ? 2 + random.nextInt(4) : 1 + random.nextInt(4);
        if (random.nextInt(3) == 0) {
          sb.append(sentence(8, 18)).append('\n');
          for (int l = 0; l < lines; l++) sb.append("- ").append(sentence(4, 12)).append('\n');
        } else {
          for (int l = 0; l < lines; l++) sb.append(sentence(8, 20)).append('\n');
        }
      }
      day = day.minusDays(1 + random.nextInt(random.nextInt(4) == 0 ? 30 : 8));
    }
    return file(path, sb.toString(), latest);
  }

  private GeneratedFile tasks(String path, int count) {
    LocalDate updated = randomDay(FIRST_DAY.plusDays(300), LAST_DAY);
    StringBuilder sb = new StringBuilder();
    sb.append("---\nupdated: ").append(updated).append("\n---\n");
    for (int t = 0; t < count; t++) {
      sb.append("\n# ").append(capitalize(pick(VERBS))).append(' ').append(title(2, 7))
          .append('\n');
      sb.append("status: ").append(pick(STATUSES)).append('\n');
      sb.append("prio: ").append(pick(PRIOS)).append('\n');
      if (random.nextInt(10) < 6) {
        sb.append("deadline: ").append(updated.plusDays(random.nextInt(120) - 30)).append('\n');
      }
      int lines = 1 + random.nextInt(3);
      for (int l = 0; l < lines; l++) sb.append(sentence(6, 16)).append('\n');
    }
    return file(path, sb.toString(), updated);
  }

  private GeneratedFile state(String path, String project) {
    LocalDate updated = randomDay(FIRST_DAY.plusDays(200), LAST_DAY);
    StringBuilder sb = new StringBuilder();
    sb.append("---\nupdated: ").append(updated).append('\n');
    sb.append("status: ").append(pick(words("actif", "actif", "en-pause", "terminé")))
        .append('\n');
    sb.append("owner: ").append(pick(NAMES)).append("\n---\n\n");
    sb.append("# État de ").append(project).append("\n\n## Où on en est\n");
    bullets(sb, 3 + random.nextInt(4));
    sb.append("\n## Prochaines étapes\n");
    int steps = 2 + random.nextInt(4);
    for (int i = 1; i <= steps; i++) {
      sb.append(i).append(". ").append(sentence(5, 12)).append('\n');
    }
    sb.append("\n## Risques\n");
    bullets(sb, 1 + random.nextInt(3));
    return file(path, sb.toString(), updated);
  }

  private GeneratedFile description(String path, String project) {
    LocalDate created = randomDay(FIRST_DAY, LAST_DAY.minusDays(100));
    LocalDate updated = created.plusDays(random.nextInt(90));
    StringBuilder sb = new StringBuilder();
    sb.append("---\ncreated: ").append(created).append("\nupdated: ").append(updated)
        .append("\ntags: [").append(pick(NOUNS)).append(", ").append(pick(NOUNS))
        .append("]\n---\n\n");
    sb.append("# ").append(capitalize(project.replace('-', ' '))).append("\n\n");
    paragraph(sb, 2 + random.nextInt(3));
    sb.append("\n## Objectifs\n");
    bullets(sb, 2 + random.nextInt(4));
    sb.append("\n## Contexte\n");
    paragraph(sb, 2 + random.nextInt(4));
    return file(path, sb.toString(), updated);
  }

  private GeneratedFile bucketNote(String base) {
    int kind = random.nextInt(BUCKET_TYPES.length);
    LocalDate created = randomDay(FIRST_DAY, LAST_DAY);
    LocalDate updated = created.plusDays(random.nextInt(random.nextInt(3) == 0 ? 200 : 10));
    if (updated.isAfter(LAST_DAY)) updated = LAST_DAY;
    String folder = random.nextInt(6) == 0 ? "" : BUCKET_FOLDERS[kind] + "/";
    String slug = pick(SLUG_WORDS) + "-" + pick(SLUG_WORDS);
    if (kind == 1) slug = created + "-" + slug; // réunions are named by their date
    String path = base + folder + slug + ".md";
    for (int k = 2; paths.contains(path); k++) path = base + folder + slug + "-" + k + ".md";

    StringBuilder sb = new StringBuilder();
    int fm = random.nextInt(20);
    if (fm != 0) { // one note in twenty has no frontmatter at all
      sb.append("---\ntype: ").append(BUCKET_TYPES[kind]).append("\ncreated: ").append(created)
          .append('\n');
      if (fm != 1) sb.append("updated: ").append(updated).append('\n'); // else no updated
      sb.append("tags: [").append(pick(NOUNS)).append(", ").append(pick(NOUNS)).append("]\n");
      sb.append("---\n\n");
    }
    sb.append("# ").append(title(3, 8)).append("\n\n");
    if (random.nextInt(16) == 0) { // a long note: several sections, split when indexed
      int sections = 4 + random.nextInt(5);
      for (int s = 0; s < sections; s++) {
        sb.append("## ").append(title(2, 6)).append("\n\n");
        paragraph(sb, 4 + random.nextInt(5));
        sb.append('\n');
        bullets(sb, 2 + random.nextInt(4));
        sb.append('\n');
      }
    } else {
      int blocks = 1 + random.nextInt(4);
      for (int b = 0; b < blocks; b++) {
        if (b > 0) sb.append('\n');
        if (random.nextBoolean()) {
          paragraph(sb, 1 + random.nextInt(4));
        } else {
          bullets(sb, 2 + random.nextInt(5));
        }
      }
    }
    return file(path, sb.toString(), fm == 1 || fm == 0 ? created : updated);
  }

  // --- text --------------------------------------------------------------------------------

  private void paragraph(StringBuilder sb, int sentences) {
    for (int i = 0; i < sentences; i++) {
      if (i > 0) sb.append(i % 2 == 0 ? "\n" : " ");
      sb.append(sentence(7, 20));
    }
    sb.append('\n');
  }

  private void bullets(StringBuilder sb, int count) {
    for (int i = 0; i < count; i++) sb.append("- ").append(sentence(4, 14)).append('\n');
  }

  private String title(int min, int max) {
    String s = phrase(min + random.nextInt(max - min + 1));
    return capitalize(s);
  }

  private String sentence(int min, int max) {
    String s = capitalize(phrase(min + random.nextInt(max - min + 1)));
    int end = random.nextInt(12);
    return s + (end == 0 ? " ?" : end == 1 ? " !" : end == 2 ? " : à suivre." : ".");
  }

  /**
   * {@code words} words of loosely French shape. About a third are function words (the
   * query side drops them as stop words); content words follow a Zipf law over the real
   * vocabulary above (spread over the first ranks) and a few thousand invented words, so
   * that a query word matches a realistic share of chunks rather than most of them.
   */
  private String phrase(int words) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < words; i++) {
      if (i > 0) sb.append(i % 7 == 6 && random.nextInt(3) == 0 ? ", " : " ");
      int r = random.nextInt(100);
      String w;
      if (i > 0 && r < 33) {
        w = pick(FUNCTION_WORDS);
      } else if (r < 84) {
        w = Lexicon.word(random.nextDouble());
      } else if (r < 89) {
        w = pick(ELIDED);
      } else if (r < 92) {
        w = pick(NAMES);
      } else if (r < 95) {
        w = Integer.toString(1 + random.nextInt(random.nextBoolean() ? 30 : 5000));
      } else if (r < 97) {
        w = (100 + random.nextInt(9900)) + " €";
      } else if (r < 99) {
        w = randomDay(FIRST_DAY, LAST_DAY).toString();
      } else {
        w = "n° " + (1000 + random.nextInt(9000)) + "-" + (10 + random.nextInt(90));
      }
      sb.append(w);
    }
    return sb.toString();
  }

  /** The content-word vocabulary and its Zipf distribution; the same for every seed. */
  private static final class Lexicon {
    private static final int INVENTED = 6_000;
    private static final String[] WORDS;
    private static final double[] CUMULATIVE;

    static {
      Random r = new Random(0x5EED_F00DL); // fixed: the vocabulary is not part of the seed
      LinkedHashSet<String> invented = new LinkedHashSet<>();
      String[] onsets = {"", "b", "c", "d", "f", "g", "j", "l", "m", "n", "p", "r", "s", "t",
          "v", "ch", "tr", "pr", "gr", "br", "pl", "cl", "fr", "qu"};
      String[] vowels = {"a", "e", "i", "o", "u", "é", "è", "ou", "ai", "au", "an", "on", "in",
          "eu", "oi", "ê"};
      String[] endings = {"", "", "", "tion", "ment", "age", "eur", "ité", "ière", "ure",
          "isme", "ette", "ance", "ence", "ier", "é", "ée", "er", "ir", "eux", "euse", "al",
          "ique", "able"};
      while (invented.size() < INVENTED) {
        StringBuilder w = new StringBuilder();
        int syllables = 1 + r.nextInt(3);
        for (int k = 0; k < syllables; k++) {
          w.append(onsets[r.nextInt(onsets.length)]).append(vowels[r.nextInt(vowels.length)]);
        }
        w.append(endings[r.nextInt(endings.length)]);
        if (w.length() >= 4) invented.add(w.toString());
      }
      List<String> real = new ArrayList<>();
      for (String[] list : new String[][] {NOUNS, VERBS, PAST, ADJECTIVES}) {
        real.addAll(List.of(list));
      }
      Collections.shuffle(real, r);
      // Real words take every third rank of the first 3 × |real| ranks; invented words
      // fill the rest, so real words are common but not the most common.
      List<String> ranked = new ArrayList<>(invented.size() + real.size());
      Iterator<String> inv = invented.iterator();
      Iterator<String> rea = real.iterator();
      for (int rank = 0; inv.hasNext() || rea.hasNext(); rank++) {
        boolean takeReal = rea.hasNext() && (rank % 3 == 1 || !inv.hasNext());
        ranked.add(takeReal ? rea.next() : inv.next());
      }
      WORDS = ranked.toArray(new String[0]);
      CUMULATIVE = new double[WORDS.length];
      double sum = 0;
      for (int i = 0; i < WORDS.length; i++) {
        sum += 1.0 / (i + 3); // Zipf–Mandelbrot, s = 1, q = 2: the head is not too steep
        CUMULATIVE[i] = sum;
      }
      for (int i = 0; i < WORDS.length; i++) CUMULATIVE[i] /= sum;
    }

    /** The word at quantile {@code u} in [0, 1). */
    static String word(double u) {
      int i = Arrays.binarySearch(CUMULATIVE, u);
      if (i < 0) i = -i - 1;
      return WORDS[Math.min(i, WORDS.length - 1)];
    }
  }

  // --- helpers -----------------------------------------------------------------------------

  private GeneratedFile file(String path, String content, LocalDate date) {
    if (!paths.add(path)) throw new IllegalStateException("Duplicate path " + path);
    long millis = date.atTime(8, 0).toInstant(ZoneOffset.UTC).toEpochMilli()
        + random.nextInt(12 * 3600) * 1000L;
    return new GeneratedFile(path, content, millis);
  }

  private LocalDate randomDay(LocalDate from, LocalDate to) {
    long span = to.toEpochDay() - from.toEpochDay();
    return from.plusDays((long) (random.nextDouble() * (span + 1)));
  }

  private String pick(String[] words) {
    return words[random.nextInt(words.length)];
  }

  private static String capitalize(String s) {
    if (s.isEmpty()) return s;
    int first = s.codePointAt(0);
    return new String(Character.toChars(Character.toUpperCase(first)))
        + s.substring(Character.charCount(first));
  }

  private static String weekday(LocalDate d) {
    return new String[] {"lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi",
        "dimanche"}[d.getDayOfWeek().getValue() - 1];
  }

  private static String[] words(String... words) {
    return words;
  }
}
