#!/usr/bin/env bash
# `npm test`: every test — lint and types, unit, the API suite on PGlite and on PostgreSQL,
# and the browser journeys in Debian's Chromium. Installs what the tests need when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-services.sh

echo "== lint and types"
npx biome check --error-on-warnings .
npm run typecheck

echo "== unit (shared)"
npx vitest run --root packages/shared

# The two API runs are independent (an embedded database each test file, or the machine's
# PostgreSQL) and each keeps one core busy, so they run side by side; their logs follow in turn.
echo "== API on PGlite and on PostgreSQL (side by side)"
logs=$(mktemp -d)
npx vitest run --root packages/server >"$logs/pglite.log" 2>&1 &
pglite=$!
TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}" \
  npx vitest run --root packages/server >"$logs/postgres.log" 2>&1 &
postgres=$!
status=0
wait $pglite || status=1
echo "== API on PGlite"
cat "$logs/pglite.log"
wait $postgres || status=1
echo "== API on PostgreSQL"
cat "$logs/postgres.log"
[ $status -eq 0 ] || { echo "API suites failed"; exit 1; }

echo "== web unit"
npx vitest run --root packages/web --passWithNoTests

echo "== browser (Playwright, Chromium)"
npm run build
npx playwright test --config e2e/playwright.config.ts
