#!/usr/bin/env bash
# Compiles every Swift code block of README.md and the DocC articles, as written, in a
# throwaway package that depends on this checkout, so that the docs cannot drift from the code.
#
# - The README's block that imports PackageDescription is the throwaway package's manifest
#   (its Installation section, by path to ../DeepLinking), so the instructions are checked too.
# - Its first block's `enum AppLink` declaration is the app target, MyApp, made `public` as the
#   README's command-line section says.
# - The block that calls `DeepLinkCommand.main` is the command-line target, MyAppLinks, whose
#   `aasa` (and `aasa --check` on its own output), `routes --json` and `--html`, `check FILE`,
#   `android`, `doctor` on its own aasa and android output, `fuzz` and `export` are then run on
#   that enum.
# - A block with `@Test` is a file of the test target, MyAppTests.
# - Every other block is the main.swift of an executable target of its own.
# Blocks fenced as ```swift are checked; other fences (```, ```text) are not Swift. Blocks that
# import SwiftUI, UIKit or UserNotifications are Apple-only snippets, which Linux cannot build.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$root" "$work/DeepLinking"
app="$work/MyApp"
mkdir -p "$app/Sources/MyApp" "$app/Tests/MyAppTests" "$work/blocks"

# Each block of each document becomes blocks/<n>.swift, with blocks/<n>.from naming its origin.
count=0
for doc in README.md Sources/DeepLinking/Documentation.docc/*.md; do
  awk -v dir="$work/blocks" -v start="$count" -v doc="$doc" '
    /^```swift[ ]*$/ { inside = 1; n++; file = dir "/" (start + n) ".swift"
      print doc ":" NR + 1 > (dir "/" (start + n) ".from"); next }
    /^```/ && inside { inside = 0; next }
    inside { print > file }
  ' "$doc"
  count=$(ls "$work/blocks" | grep -c '\.swift$' || true)
done

manifest=$(grep -l 'import PackageDescription' "$work"/blocks/*.swift | head -n 1)
[ -n "$manifest" ] || { echo "no Package.swift block in README.md" >&2; exit 1; }
cp "$manifest" "$app/Package.swift"
first="$work/blocks/1.swift"
# The app target: the first block's enum, from `enum AppLink` to its closing brace.
{
  echo "import DeepLinking"
  awk '/^enum AppLink/ { on = 1 } on { print } on && /^}/ { exit }' "$first" |
    sed -E 's/^( *)(enum|static let) /\1public \2 /'
} > "$app/Sources/MyApp/AppLink.swift"

targets=""
for block in "$work"/blocks/*.swift; do
  [ "$block" = "$manifest" ] && continue
  grep -qE '^import (SwiftUI|UIKit|UserNotifications)$' "$block" && continue
  n=$(basename "$block" .swift)
  if grep -q '@Test' "$block"; then
    cp "$block" "$app/Tests/MyAppTests/Block$n.swift"
  elif grep -q 'DeepLinkCommand.main' "$block"; then
    mkdir -p "$app/Sources/MyAppLinks"
    cp "$block" "$app/Sources/MyAppLinks/main.swift"
  else
    mkdir -p "$app/Sources/Block$n"
    cp "$block" "$app/Sources/Block$n/main.swift"
    targets+="  .executableTarget(name: \"Block$n\", dependencies: ["
    targets+=".product(name: \"DeepLinking\", package: \"DeepLinking\")]),"$'\n'
  fi
done
printf '\n// Added by Scripts/check-docs.sh: one executable per code block.\npackage.targets += [\n%s]\n' \
  "$targets" >> "$app/Package.swift"
ls "$app/Tests/MyAppTests"/*.swift >/dev/null 2>&1 || echo 'import MyApp' > "$app/Tests/MyAppTests/Empty.swift"

echo "checking $(ls "$work"/blocks/*.swift | wc -l | tr -d ' ') code blocks"
if ! (cd "$app" && swift build --build-tests >"$work/build.log" 2>&1); then
  # Name the document and line of each failing block.
  grep -E 'error:' "$work/build.log" | grep -v '^ *|' | sort -u | while IFS= read -r line; do
    n=$(printf '%s' "$line" | sed -nE 's#.*/(Sources/Block|Tests/MyAppTests/Block)([0-9]+)(/main)?\.swift:([0-9]+):.*#\2 \4#p')
    if [ -n "$n" ]; then
      set -- $n
      from=$(cat "$work/blocks/$1.from")
      echo "${from%%:*}:$(( ${from##*:} + $2 - 1 )): ${line#*error: }"
    else
      echo "$line"
    fi
  done
  exit 1
fi
echo "every code block compiles"

# The app's command line, as the README's command-line section runs it.
links="$app/.build/debug/MyAppLinks"
printf 'myapp://user/42?tab=posts\nhttps://example.com/search/a%%20b\n\nmyapp://settings\n' \
  > "$work/links.txt"
"$links" aasa ABCDE12345.com.example.app >"$work/aasa.json"
{
  echo '<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>'
  echo '<activity android:name=".Main" android:exported="true">'
  "$links" android
  echo '</activity></application></manifest>'
} >"$work/AndroidManifest.xml"
for command in "aasa ABCDE12345.com.example.app" "routes --json" "routes --html" \
  "check $work/links.txt" "aasa --check $work/aasa.json ABCDE12345.com.example.app" "android" \
  "doctor --aasa $work/aasa.json --app-id ABCDE12345.com.example.app --manifest $work/AndroidManifest.xml" \
  "fuzz --seconds 2" "export typescript" "export python"; do
  # shellcheck disable=SC2086
  if ! "$links" $command >"$work/command.log" 2>&1; then
    echo "MyAppLinks $command failed:" >&2
    cat "$work/command.log" >&2
    exit 1
  fi
done
grep -q '"case": "user"' <("$links" routes --json)
grep -q 'android:pathAdvancedPattern="/user/' <("$links" android)
grep -q '<a href="https://example.com/user/' <("$links" routes --html)
grep -q '^export type AppLink =$' <("$links" export typescript)
grep -q '^def link_url(link: AppLink) -> str:$' <("$links" export python)
echo "the README's command-line target runs aasa (and --check on its own file), routes --json"
echo "and --html, check FILE, android, doctor on its own aasa and android files, fuzz, and export"
