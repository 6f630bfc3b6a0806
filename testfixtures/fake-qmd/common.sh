# Sourced by every fake qmd. Answers what qmd4j runs before a search (version probe,
# collection setup, update) the way qmd 2.8.3 does, so that a search reaches the fake's own
# behaviour. Each fake writes its PIDs beside INDEX_PATH (qmd4j's state folder for the
# vault), where FakeQmdTest reads them to prove that no process outlives a call.
state=$(dirname "${INDEX_PATH:?INDEX_PATH is not set}")
case "$1" in
  --version|-v)
    echo "qmd 2.8.3 (fake)"
    exit 0 ;;
  collection)
    case "$2" in
      show) echo "Collection not found: $3" >&2; exit 1 ;;
      add) : >> "$INDEX_PATH"; echo "✓ Collection created successfully"; exit 0 ;;
      *) exit 0 ;;
    esac ;;
  update)
    : >> "$INDEX_PATH"
    echo "✓ All collections updated."
    exit 0 ;;
  search|query)
    echo $$ > "$state/fake-qmd.pid" ;;
  *)
    echo "Unknown command: $1" >&2
    exit 1 ;;
esac

# One valid answer, for the fakes that print one: the webhook entry of the example vault.
valid_json() {
  cat <<'JSON'
[
  {
    "docid": "#5d1c2a",
    "score": 0.86,
    "file": "qmd://qmd4j/projects/startup-x/changelog.md",
    "line": 29,
    "title": "2025-09-08",
    "snippet": "@@ -28,4 @@ (27 before, 89 after)\n## [blocage] Le webhook de paiement envoie des doublons"
  }
]
JSON
}
