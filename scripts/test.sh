#!/usr/bin/env bash
# `npm test`: every check the project has, in the order a failure is cheapest to find.
#   1 type-check  2 lint  3 unit tests  4 API tests on SQLite  5 API tests on PostgreSQL
#   6 browser tests (build, route budgets, Playwright in Chromium)
# PostgreSQL tests use TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). When no
# server answers they are skipped with one line, except under CI=true where that is a failure.
set -euo pipefail

cd "$(dirname "$0")/.."

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
# npm's own update check and funding notices add noise and a network call to every stage.
export npm_config_update_notifier=false npm_config_fund=false

total_start=$SECONDS
stage_name=''
stage_start=$SECONDS
summary=()

stage() {
  stage_name="$1"
  stage_start=$SECONDS
  printf '\n\033[1m==> [%s] %s\033[0m\n' "$(date +%H:%M:%S)" "$stage_name"
}

stage_done() {
  local outcome="${1:-passed}"
  summary+=("$(printf '%-40s %-8s %4ss' "$stage_name" "$outcome" "$((SECONDS - stage_start))")")
  stage_name=''
}

on_exit() {
  local status=$?
  if [[ -n "$stage_name" ]]; then
    summary+=("$(printf '%-40s %-8s %4ss' "$stage_name" 'FAILED' "$((SECONDS - stage_start))")")
  fi
  printf '\n\033[1m==> Summary\033[0m\n'
  printf '  %s\n' "${summary[@]}"
  if [[ $status -eq 0 ]]; then
    printf '\033[1;32mnpm test passed\033[0m in %ss\n' "$((SECONDS - total_start))"
  else
    printf '\033[1;31mnpm test FAILED\033[0m (exit %s) in %ss\n' "$status" "$((SECONDS - total_start))"
  fi
}
trap on_exit EXIT

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

stage '1/6 Type-check'
npm run --silent typecheck
stage_done

stage '2/6 Lint'
npm run --silent lint
stage_done

stage '3/6 Unit tests'
npm run --silent test:unit
stage_done

stage '4/6 API tests on SQLite'
env -u DATABASE_URL npm run --silent test:api
stage_done

stage '5/6 API tests on PostgreSQL'
redacted_url=$(sed -E 's#//([^:@/]+):[^@/]*@#//\1:***@#' <<<"$TEST_DATABASE_URL")
problem=$(postgres_problem)
if [[ -z "$problem" ]]; then
  env -u DATABASE_URL npm run --silent test:api:pg
  stage_done
elif [[ "${CI:-}" == 'true' ]]; then
  echo "PostgreSQL API tests cannot run: no PostgreSQL answers at $redacted_url ($problem); CI=true requires them." >&2
  exit 1
else
  echo "SKIPPED PostgreSQL API tests: no PostgreSQL answers at $redacted_url ($problem); start one or set TEST_DATABASE_URL."
  stage_done skipped
fi

stage '6/6 Browser tests (build, route budgets, Playwright)'
bash scripts/e2e.sh
stage_done
