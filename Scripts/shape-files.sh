#!/usr/bin/env bash
# The files under Sources/DeepLinking and Sources/DeepLinkingTools whose code names each URL
# shape, found by the identifiers that carry the shape (in code, not in comments): the table
# "Change a URL shape" in Docs/Design.md.
# Without arguments, prints the table's rows; with --check (as CI runs it), exits 1 when the
# rows in Design.md, between its shape-files markers, differ from what the sources say.
set -euo pipefail
cd "$(dirname "$0")/.."

# A shape, then `@@` and the extended regular expression of the identifiers that name it.
shapes=(
  'optional parameters (`<tab?>`)@@\.isOptional\b|isOptionalParameter|OptionalPathLabels'
  'query-item and fragment parameters (`?pid=<int:id>`, `#<section>`)@@queryOps|fragmentOp|hasExtras|QueryOp\b|extrasFailure'
  'rests (`<path:…>`)@@kind == \.rest|\.rest\b|isRest|restEdges'
  'subdomains (`*.example.com`, `Subdomain`)@@Subdomain|subdomain|isWildcard|wildcardLabel'
  'mounted links@@mountLabel|mounted|mounts\(|DeepLinkRoutes\.Type|\.levels\b'
  'aliases@@isAlias|routeAliases|aliases'
)

rows() {
  for entry in "${shapes[@]}"; do
    local name=${entry%%@@*} pattern=${entry#*@@}
    local files
    files=$(for file in $(find Sources/DeepLinking Sources/DeepLinkingTools -name '*.swift'); do
      # Code only: whole-line comments and comments after code are left out.
      code=$(sed -E 's#^[[:space:]]*//.*##; s#[[:space:]]//[[:space:]].*##' "$file")
      if grep -qE "$pattern" <<<"$code"; then basename "$file" .swift; fi
    done | LC_ALL=C sort)
    local count
    count=$(printf '%s\n' "$files" | grep -c .)
    printf '| %s | %s: %s |\n' "$name" "$count" \
      "$(printf '%s\n' "$files" | sed 's/.*/`&`/' | paste -sd, - | sed 's/,/, /g')"
  done
}

if [ "${1:-}" = "--check" ]; then
  documented=$(sed -n '/<!-- shape-files begin -->/,/<!-- shape-files end -->/p' Docs/Design.md \
    | grep '^| ' | grep -v '^| shape |' || true)
  if ! diff <(printf '%s\n' "$documented") <(rows); then
    echo "Docs/Design.md's files per URL shape differ from the sources (< documented, > found);"
    echo "paste the output of Scripts/shape-files.sh into the table."
    exit 1
  fi
  echo "Docs/Design.md's files per URL shape agree with the sources."
else
  rows
fi
