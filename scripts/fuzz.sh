#!/usr/bin/env bash
# Runs every go fuzz target in the module briefly (FUZZTIME each, default 3s),
# with FUZZPARALLEL fuzzing processes (default: one a core). make test runs
# it with one, beside the smoke test and the port-mapping lab, which mostly
# wait.
set -euo pipefail
fuzztime="${FUZZTIME:-3s}"
parallel=()
[ -n "${FUZZPARALLEL:-}" ] && parallel=(-test.parallel "$FUZZPARALLEL")
go=${GO:-go}
count=0
tmp=$(mktemp -d)
log="$tmp/log"
trap 'rm -rf "$tmp"' EXIT
# Only the packages whose tests declare a fuzz target are asked for their
# targets: asking every package links every test binary, which cost minutes.
# render and the main package link Ebitengine, which needs a display just to start; they have no decoders.
# Each package's test binary is built once, instrumented for fuzzing
# (go test -c -fuzz), and run once per target in the package's folder, as
# go test would run it (its testdata, and go test's corpus cache under
# GOCACHE): a go test -fuzz per target linked the binary again each time,
# about three seconds a target.
cd "$(dirname "$0")/.."
cache=$($go env GOCACHE)/fuzz
dirs=$(grep -rl --include='*_test.go' '^func Fuzz' . | xargs -r -n1 dirname | sort -u)
for pkg in $($go list $dirs | grep -v -e '/render' -e '^duskfall$'); do
  bin="$tmp/$(echo "$pkg" | tr / _).test"
  $go test -c -fuzz . -o "$bin" "$pkg"
  dir=$($go list -f '{{.Dir}}' "$pkg")
  for target in $("$bin" -test.list '^Fuzz' | grep '^Fuzz' || true); do
    echo "fuzz $pkg $target ($fuzztime)"
    ok=0
    for try in 1 2; do
      if (cd "$dir" && "$bin" -test.run '^$' -test.fuzz "^${target}\$" -test.fuzztime "$fuzztime" \
        -test.fuzzcachedir "$cache/$pkg" -test.timeout 10m "${parallel[@]}") >"$log" 2>&1; then ok=1; break; fi
      # The fuzz engine itself sometimes misses its own deadline on a busy
      # machine ("context deadline exceeded", no failing input): that is no
      # finding, so the target runs once more. A real failure writes its
      # input under testdata and fails at once.
      if grep -q "Failing input written" "$log" || ! grep -q "context deadline exceeded" "$log"; then break; fi
      echo "fuzz $pkg $target: the engine missed its deadline with no finding; once more"
    done
    if [ "$ok" != 1 ]; then cat "$log"; exit 1; fi
    count=$((count + 1))
  done
done
echo "fuzz: $count targets, $fuzztime each, no failures"
