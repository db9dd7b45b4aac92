#!/usr/bin/env bash
# `npm test`: everything CI runs, on a fresh machine. Installs what it needs first.
#   1. npm packages (npm ci when missing or stale)
#   2. Debian's chromium and postgresql-15, and pgvector built from source (scripts/provision-system.sh)
#   3. typecheck, lint, unit tests
#   4. build, then integration tests on PGlite and on a throwaway PostgreSQL on 127.0.0.1
#   5. end-to-end tests in Chromium (JavaScript on and off)
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
section() { printf '\n=== %s (%ss)\n' "$*" $((SECONDS - started)); }

section "dependencies"
node scripts/ensure-deps.mjs
bash scripts/provision-system.sh

section "typecheck"
npm run --silent typecheck
section "lint"
npm run --silent lint

section "unit tests"
npx vitest run --project unit

section "build"
npm run --silent build >/dev/null

section "integration tests (PGlite and PostgreSQL)"
bash scripts/pg-test-server.sh start >/dev/null
trap 'bash scripts/pg-test-server.sh stop >/dev/null 2>&1 || true' EXIT
TEST_DATABASE_URL=$(bash scripts/pg-test-server.sh url) REQUIRE_POSTGRES=1 npx vitest run --project integration

section "end-to-end tests (Chromium)"
npx playwright test

section "done in $((SECONDS - started))s"
