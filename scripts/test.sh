#!/usr/bin/env bash
# `npm test`: every check the project has, in the order a failure is cheapest to find: type-check
# beside lint, unit tests, API tests on SQLite, then the browser tests (build, route budgets,
# Playwright in Chromium); the API tests on PostgreSQL and the image build test run beside all of
# them. A check run beside others writes to a log of its own, printed whole when it ends, so
# output never interleaves (docs/PERFORMANCE.md, "The test suite's time"). PostgreSQL tests use
# TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). When no server answers they
# are skipped with one line, except under CI=true where that is a failure.
set -euo pipefail

cd "$(dirname "$0")/.."

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
# npm's own update check and funding notices add noise and a network call to every stage.
export npm_config_update_notifier=false npm_config_fund=false

total_start=$SECONDS
summary=()
logs_dir=$(mktemp -d)

# Stops a process and everything it started (npm starts vitest, which starts its workers).
kill_tree() {
  local child
  for child in $(pgrep -P "$1" 2>/dev/null); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}

on_exit() {
  local status=$?
  # A failed check ends the run; checks still running beside it are stopped with it.
  local pid
  for pid in $(jobs -pr); do kill_tree "$pid"; done
  rm -rf "$logs_dir"
  printf '\n\033[1m==> Summary\033[0m\n'
  printf '  %s\n' "${summary[@]}"
  if [[ $status -eq 0 ]]; then
    printf '\033[1;32mnpm test passed\033[0m in %ss\n' "$((SECONDS - total_start))"
  else
    printf '\033[1;31mnpm test FAILED\033[0m (exit %s) in %ss\n' "$status" "$((SECONDS - total_start))"
  fi
}
trap on_exit EXIT

record() {
  summary+=("$(printf '%-50s %-8s %4ss' "$1" "$2" "$3")")
}

# Runs one named check with its output as it comes.
alone() {
  printf '\n\033[1m==> [%s] %s\033[0m\n' "$(date +%H:%M:%S)" "$1"
  local start=$SECONDS status=0
  "$2" || status=$?
  if [[ $status -eq 0 ]]; then record "$1" passed "$((SECONDS - start))"; else record "$1" FAILED "$((SECONDS - start))"; fi
  return $status
}

# Starts a named check in the background, its output into a log of its own; `finish` waits for it.
declare -A check_pid=()
start_check() {
  local name=$1 run=$2 log="$logs_dir/${#check_pid[@]}"
  printf '\n\033[1m==> [%s] %s (started beside the others)\033[0m\n' "$(date +%H:%M:%S)" "$name"
  (
    set +e
    local start=$SECONDS
    "$run" >"$log.log" 2>&1
    echo "$? $((SECONDS - start))" >"$log.result"
  ) &
  check_pid[$name]="$! $log"
}

# Waits for each named check, prints its log whole, and fails when any of them failed.
finish() {
  local name pid log status seconds failed=0
  for name in "$@"; do
    read -r pid log <<<"${check_pid[$name]}"
    wait "$pid" || true
    read -r status seconds <"$log.result"
    printf '\n\033[1m--- %s (%ss)\033[0m\n' "$name" "$seconds"
    cat "$log.log"
    if [[ $status -eq 0 ]]; then
      record "$name" passed "$seconds"
    else
      record "$name" FAILED "$seconds"
      failed=1
    fi
  done
  return $failed
}

# Prints why PostgreSQL at TEST_DATABASE_URL does not answer, or nothing when it does.
postgres_problem() {
  if command -v pg_isready >/dev/null 2>&1; then
    local out
    if out=$(pg_isready -t 5 -d "$TEST_DATABASE_URL" 2>&1); then
      return 0
    fi
    echo "pg_isready: ${out:-no answer}"
    return 0
  fi
  # No client tools installed: try a real connection with the server's own driver.
  node --input-type=module -e '
    import { createRequire } from "node:module";
    const pg = createRequire(process.cwd() + "/apps/server/package.json")("pg");
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, connectionTimeoutMillis: 5000 });
    try { await client.connect(); await client.query("select 1"); await client.end(); }
    catch (error) { console.log(`connection failed: ${error.message}`); }
  ' 2>&1 || echo 'connection check failed'
}

typecheck() { npm run --silent typecheck; }
lint() { npm run --silent lint; }
unit_tests() { npm run --silent test:unit; }
api_sqlite() { env -u DATABASE_URL npm run --silent test:api; }
api_postgres() { env -u DATABASE_URL npm run --silent test:api:pg; }
browser_tests() { bash scripts/e2e.sh; }
# At the lowest CPU and disk priority: it takes only what the stages beside it leave, so their
# timed tests (the web unit tests' 5 s) do not slow down under its compiler and copies.
image_build() { nice -n 19 ionice -c 3 npx --no-install vitest run --project packaging; }

# The PostgreSQL API tests spend most of their time waiting on the database, so they run beside
# everything else, the browser tests included.
redacted_url=$(sed -E 's#//([^:@/]+):[^@/]*@#//\1:***@#' <<<"$TEST_DATABASE_URL")
problem=$(postgres_problem)
if [[ -z "$problem" ]]; then
  start_check 'API tests on PostgreSQL' api_postgres
elif [[ "${CI:-}" == 'true' ]]; then
  echo "PostgreSQL API tests cannot run: no PostgreSQL answers at $redacted_url ($problem); CI=true requires them." >&2
  exit 1
else
  echo "SKIPPED PostgreSQL API tests: no PostgreSQL answers at $redacted_url ($problem); start one or set TEST_DATABASE_URL."
  record 'API tests on PostgreSQL' skipped 0
fi

# The image build test (scripts/packaging/image.build.test.ts: the Dockerfile's steps without a
# container daemon) spends 2.5 to 5 minutes in `npm ci` and the build, 2.5 of them on the CPU:
# beside the others, at low priority, it uses what they leave idle instead of adding its minutes.
start_check 'Image build (Dockerfile, without Docker)' image_build
start_check 'Type-check' typecheck
start_check 'Lint' lint
finish 'Type-check' 'Lint'
alone 'Unit tests' unit_tests
alone 'API tests on SQLite' api_sqlite
# The browser tests start without waiting for the PostgreSQL API tests, which spend most of their
# time waiting on the database: waiting for them first left both cores idle for about two minutes.
alone 'Browser tests (build, route budgets, Playwright)' browser_tests
if [[ -n "${check_pid['API tests on PostgreSQL']:-}" ]]; then finish 'API tests on PostgreSQL'; fi
finish 'Image build (Dockerfile, without Docker)'
