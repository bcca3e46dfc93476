#!/usr/bin/env bash
# `npm run test:e2e`: the route budget checks (the manifest's and as transferred) and the browser
# tests in Debian's Chromium against the real built app.
# Uses CHROMIUM_PATH (default /usr/bin/chromium) for the specs that need the full browser and
# CHROMIUM_HEADLESS_SHELL_PATH (default /usr/bin/chromium-headless-shell, Debian's package of the
# same Chromium's headless shell) for the rest. Playwright's own browser download is never used.
# Extra arguments go to `playwright test` (e.g. `npm run test:e2e -- --headed`).
set -euo pipefail

cd "$(dirname "$0")/.."

config='apps/web/e2e/playwright.config.ts'
default_chromium='/usr/bin/chromium'
export CHROMIUM_PATH="${CHROMIUM_PATH:-$default_chromium}"
# Belt and braces: even an accidental Playwright install step must not fetch browsers.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

if [[ ! -x "$CHROMIUM_PATH" ]]; then
  if [[ "$CHROMIUM_PATH" == "$default_chromium" && "$(id -u)" == '0' ]] && command -v apt-get >/dev/null 2>&1; then
    echo "Chromium is not installed at $CHROMIUM_PATH; installing Debian's chromium package with apt-get..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
  fi
fi
if [[ ! -x "$CHROMIUM_PATH" ]]; then
  cat >&2 <<EOF
Browser tests need Chromium, and none was found at $CHROMIUM_PATH.
Install it with:   sudo apt-get update && sudo apt-get install -y chromium
or point to an existing build:   CHROMIUM_PATH=/path/to/chromium npm run test:e2e
EOF
  exit 1
fi
echo "Chromium: $CHROMIUM_PATH ($("$CHROMIUM_PATH" --version 2>/dev/null || echo 'version unknown'))"

# The headless shell runs most specs for a fifth less CPU than the full browser; without it they run
# in the full browser, slower but the same (apps/web/e2e/playwright.config.ts).
shell_path="${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
if [[ ! -x "$shell_path" && -z "${CHROMIUM_HEADLESS_SHELL_PATH:-}" && "$(id -u)" == '0' ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium-headless-shell for the browser tests..."
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell ||
    echo 'Could not install chromium-headless-shell; every spec runs in the full browser.'
fi
[[ -x "$shell_path" ]] || echo "No headless shell at $shell_path: every spec runs in $CHROMIUM_PATH."

# Budgets and categories carry emoji; without a colour emoji font the screenshots show empty boxes.
if [[ ! -e /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf && "$(id -u)" == '0' ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's emoji font (fonts-noto-color-emoji) so screenshots show emoji..."
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-color-emoji ||
    echo 'Could not install fonts-noto-color-emoji; emoji will show as boxes in screenshots.'
fi

if [[ ! -f "$config" ]]; then
  echo "Browser tests cannot run: $config does not exist." >&2
  exit 1
fi

# The Playwright config serves the built app on E2E_PORT (3107 by default). Pick a free port so two
# runs on one machine (or a developer's server on 3107) do not collide.
if [[ -z "${E2E_PORT:-}" ]]; then
  E2E_PORT=$(node -e "const s = require('node:net').createServer();
    s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });")
  export E2E_PORT
fi
echo "Browser tests serve the built app on http://127.0.0.1:$E2E_PORT"

echo 'Building the web app and the server...'
npm run --silent build

# Route budgets (issue 13): each route's first load, in bytes as the browser receives them, read
# from the build's manifest; a route over its budget fails here, before the browser tests.
node --import tsx scripts/web/route-budgets.ts

# The same routes as Chromium receives them (issue 29): every response of a cold load, headers
# included, on the built server; a route over its transferred budget, or a landing page that makes
# more than 15 requests before it is usable, fails here (scripts/web/route-transfer-check.ts).
node --import tsx scripts/web/route-transfer-check.ts

npx --no-install playwright test -c "$config" "$@"
