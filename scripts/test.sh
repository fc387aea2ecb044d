#!/usr/bin/env bash
# Every test: type checks, engine/unit tests (Vitest, Node), the packed package in a fresh project
# (test/package), then end-to-end tests in Debian's Chromium through the real service worker
# (Playwright). Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci; fi
# Chromium for Playwright; curl for the docs' runnable examples (test/docs/runnable.test.ts);
# PostgreSQL for the --store tests (a temporary cluster of their own, never a mock); haproxy to check
# the cluster example's config (haproxy -c).
MISSING=""
[ -x /usr/bin/chromium ] || MISSING="$MISSING chromium"
command -v curl >/dev/null || MISSING="$MISSING curl"
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || MISSING="$MISSING postgresql"
command -v haproxy >/dev/null || MISSING="$MISSING haproxy"
if [ -n "$MISSING" ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $MISSING >/dev/null
fi
mkdir -p test-results
npm run check
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
npm run build
# The package as users install it: npm pack, npm install into a temporary project, the examples run there.
npm run build:node
npx vitest run --config vitest.package.config.ts --reporter=default --reporter=json --outputFile.json=test-results/package-test.json
npm run build:subpath
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json npx playwright test --reporter=list,json
node scripts/test-summary.mjs test-results/vitest.json test-results/package-test.json test-results/playwright.json
