#!/usr/bin/env bash
# Start the playground: install what is missing, build the static site, serve it on
# http://127.0.0.1:4173/ (another port: PORT=<n> npm start).
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-4173}"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci; fi
npm run build
echo "Playground: http://127.0.0.1:${PORT}/   (another port: PORT=<n> npm start; the Node host for curl/Postman: npm run serve)"
exec npx vite preview --host 127.0.0.1 --port "${PORT}" --strictPort
