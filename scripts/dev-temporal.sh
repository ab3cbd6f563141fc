#!/usr/bin/env bash
# One command for the local Temporal experience: a Temporal dev server (UI on :8233, Mnemo's search attributes
# registered) plus Mnemo in Temporal mode on :8787. Ctrl-C stops both.
# The Temporal CLI comes from TEMPORAL_CLI_PATH, the PATH, or .tools/bin (installed by npm run servers:install).
set -euo pipefail
cd "$(dirname "$0")/.."

TEMPORAL_PORT="${TEMPORAL_PORT:-7233}"
TEMPORAL_UI_PORT="${TEMPORAL_UI_PORT:-8233}"
DATA_DIR="${MNEMO_DATA_DIR:-./data}"

cli="${TEMPORAL_CLI_PATH:-}"
if [[ -z "$cli" ]]; then cli="$(command -v temporal || true)"; fi
if [[ -z "$cli" && -x .tools/bin/temporal ]]; then cli=.tools/bin/temporal; fi
if [[ -z "$cli" ]]; then
  echo "[dev-temporal] no Temporal CLI found; installing it into .tools/bin"
  bash scripts/install-servers.sh temporal
  cli=.tools/bin/temporal
fi

mkdir -p "$DATA_DIR"
"$cli" server start-dev --ip 127.0.0.1 --port "$TEMPORAL_PORT" --ui-port "$TEMPORAL_UI_PORT" \
  --db-filename "$DATA_DIR/temporal.db" --ui-disable-news-fetch --log-level warn \
  --search-attribute DocumentStatus=Keyword --search-attribute ContainerTag=Keyword --search-attribute CustomId=Keyword &
temporal_pid=$!
trap 'kill "$temporal_pid" 2>/dev/null; wait "$temporal_pid" 2>/dev/null' EXIT INT TERM

for _ in $(seq 1 100); do
  if "$cli" operator cluster health --address "127.0.0.1:$TEMPORAL_PORT" >/dev/null 2>&1; then break; fi
  sleep 0.2
done
echo "[dev-temporal] Temporal UI: http://localhost:$TEMPORAL_UI_PORT  (documents are workflows named document-<id>)"
TEMPORAL_ADDRESS="127.0.0.1:$TEMPORAL_PORT" MNEMO_DATA_DIR="$DATA_DIR" npx tsx src/server.ts
