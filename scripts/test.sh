#!/usr/bin/env bash
# `npm test`: everything CI runs, on a fresh machine. Installs what it needs first.
#   1. npm packages (npm ci when missing or stale)
#   2. Debian's chromium and postgresql-15, and pgvector built from source (scripts/provision-system.sh)
#   3. typecheck and lint, side by side with the unit tests and the build
#   4. integration tests on PGlite and on a throwaway PostgreSQL on 127.0.0.1, side by side with the
#      end-to-end tests in Chromium (JavaScript on and off)
# Steps that run side by side each use about one core, and a CI machine has two (docs/decisions/013).
# Their output is shown line by line with a prefix naming the step; each section line gives the seconds
# since the start.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
section() { printf '\n=== %s (%ss)\n' "$*" $((SECONDS - started)); }
work=$(mktemp -d)
trap 'bash scripts/pg-test-server.sh stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
# run NAME COMMAND...: runs the command in the background, its output prefixed with [NAME]; its exit
# status and end (seconds since the start) go to $work/NAME.status.
run() {
  local name=$1
  shift
  {
    set +e
    "$@" 2>&1 | sed -u "s/^/[$name] /"
    echo "${PIPESTATUS[0]} $((SECONDS - started))" >"$work/$name.status"
  } &
}
# finish NAME...: waits for the steps and fails when one of them failed.
finish() {
  wait
  local failed=0 name status end
  for name in "$@"; do
    read -r status end <"$work/$name.status" || { status=1; end='?'; }
    if [ "$status" = 0 ]; then
      echo "=== $name passed (done at ${end}s)"
    else
      echo "=== $name FAILED with exit status $status (at ${end}s)"
      failed=1
    fi
  done
  return $failed
}

section "dependencies"
node scripts/ensure-deps.mjs
bash scripts/provision-system.sh

section "typecheck and lint | unit tests, then build"
run static bash -c 'npm run --silent typecheck && echo "typecheck passed" && npm run --silent lint && echo "lint passed"'
run unit bash -c 'npx vitest run --project unit && npm run --silent build >/dev/null && echo "build done"'
finish static unit

section "integration tests (PGlite and PostgreSQL) | end-to-end tests (Chromium)"
bash scripts/pg-test-server.sh start >/dev/null
TEST_DATABASE_URL=$(bash scripts/pg-test-server.sh url)
run integration env TEST_DATABASE_URL="$TEST_DATABASE_URL" REQUIRE_POSTGRES=1 npx vitest run --project integration
run e2e npx playwright test
finish integration e2e

section "done in $((SECONDS - started))s"
