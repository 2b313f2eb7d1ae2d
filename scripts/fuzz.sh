#!/usr/bin/env bash
# Runs every go fuzz target in the module briefly (FUZZTIME each, default 3s),
# FUZZJOBS targets at a time (default 1), each with FUZZPARALLEL fuzzing
# processes (default: one a core). make test runs two targets at a time
# with one process each, at the idle scheduling class (scripts/suite.sh).
# FUZZBUILDONLY=1 only builds the instrumented test binaries, which fills
# the build cache for a later run.
set -euo pipefail
fuzztime="${FUZZTIME:-3s}"
jobs="${FUZZJOBS:-1}"
parallel=()
[ -n "${FUZZPARALLEL:-}" ] && parallel=(-test.parallel "$FUZZPARALLEL")
go=${GO:-go}
tmp=$(mktemp -d)
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
  [ -n "${FUZZBUILDONLY:-}" ] && continue
  dir=$($go list -f '{{.Dir}}' "$pkg")
  for target in $("$bin" -test.list '^Fuzz' | grep '^Fuzz' || true); do
    echo "$bin $dir $pkg $target" >>"$tmp/targets"
  done
done

if [ -n "${FUZZBUILDONLY:-}" ]; then echo "fuzz: built"; exit 0; fi

# fuzz BIN DIR PKG TARGET LOG: one target, once more if the engine alone
# failed.
fuzz() {
  local try
  for try in 1 2; do
    if (cd "$2" && "$1" -test.run '^$' -test.fuzz "^${4}\$" -test.fuzztime "$fuzztime" \
      -test.fuzzcachedir "$cache/$3" -test.timeout 10m "${parallel[@]}") >"$5" 2>&1; then return 0; fi
    # The fuzz engine itself sometimes misses its own deadline on a busy
    # machine ("context deadline exceeded", no failing input): that is no
    # finding, so the target runs once more. A real failure writes its
    # input under testdata and fails at once.
    if grep -q "Failing input written" "$5" || ! grep -q "context deadline exceeded" "$5"; then break; fi
    echo "fuzz $3 $4: the engine missed its deadline with no finding; once more"
  done
  echo "fuzz $3 $4: FAILED"
  cat "$5"
  return 1
}

count=0 running=0 failed=0
while read -r bin dir pkg target; do
  echo "fuzz $pkg $target ($fuzztime)"
  fuzz "$bin" "$dir" "$pkg" "$target" "$tmp/$count.log" &
  count=$((count + 1)) running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
  [ "$failed" -eq 0 ] || break
done <"$tmp/targets"
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
[ "$failed" -eq 0 ] || exit 1
echo "fuzz: $count targets, $fuzztime each, $jobs at a time, no failures"
