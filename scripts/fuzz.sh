#!/usr/bin/env bash
# Runs every go fuzz target in the module briefly (FUZZTIME each, default 3s).
set -euo pipefail
fuzztime="${FUZZTIME:-3s}"
go=${GO:-go}
count=0
log=$(mktemp)
# render and the main package link Ebitengine, which needs a display just to start; they have no decoders.
for pkg in $($go list ./... | grep -v -e '/render' -e '^duskfall$'); do
  for target in $($go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
    echo "fuzz $pkg $target ($fuzztime)"
    $go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$pkg" >"$log" 2>&1 || {
      cat "$log"; rm -f "$log"; exit 1; }
    count=$((count + 1))
  done
done
rm -f "$log"
echo "fuzz: $count targets, $fuzztime each, no failures"
