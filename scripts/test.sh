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

echo "== API on PGlite"
npx vitest run --root packages/server

echo "== API on PostgreSQL"
TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}" npx vitest run --root packages/server

echo "== web unit"
npx vitest run --root packages/web --passWithNoTests

echo "== browser (Playwright, Chromium)"
npm run build
npx playwright test --config e2e/playwright.config.ts
