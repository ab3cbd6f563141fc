#!/usr/bin/env bash
# The peers of `npm run bench:peers` (run by it when missing; not needed by the service or the tests):
# .tools/peers-venv with Mem0 open source, Qdrant's client (local mode runs in process) and the ONNX runtime and
# tokenizers that run the same all-MiniLM-L6-v2 weights Mnemo uses. All from PyPI; nothing downloads at run time.
#
#   scripts/install-peers.sh          # install if missing or stale
#   FORCE=1 scripts/install-peers.sh  # reinstall
set -euo pipefail

MEM0_VERSION="2.2.1"
QDRANT_CLIENT_VERSION="1.20.0"
ONNXRUNTIME_VERSION="1.32.0"
TOKENIZERS_VERSION="0.23.3"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.tools/peers-venv"
LOG="$ROOT/.tools/logs/peers.log"
PYTHON="${PYTHON:-python3}"
STAMP="mem0ai==$MEM0_VERSION qdrant-client==$QDRANT_CLIENT_VERSION onnxruntime==$ONNXRUNTIME_VERSION tokenizers==$TOKENIZERS_VERSION"

mkdir -p "$(dirname "$LOG")"
if [[ "${FORCE:-0}" != "1" && -x "$VENV/bin/python" && "$(cat "$VENV/.mnemo-stamp" 2>/dev/null || true)" == "$STAMP" ]]; then
  echo "install-peers: present ($STAMP)"
  exit 0
fi
command -v "$PYTHON" >/dev/null || { echo "install-peers: $PYTHON not found (Python >= 3.10 needed)" >&2; exit 1; }
rm -rf "$VENV"
echo "install-peers: creating $VENV ($STAMP) ..."
if ! "$PYTHON" -m venv "$VENV" >>"$LOG" 2>&1; then
  echo "install-peers: python3 -m venv failed (Debian: apt-get install python3-venv); see $LOG" >&2
  exit 1
fi
if ! "$VENV/bin/python" -m pip install --disable-pip-version-check --no-cache-dir \
  "mem0ai==$MEM0_VERSION" "qdrant-client==$QDRANT_CLIENT_VERSION" "onnxruntime==$ONNXRUNTIME_VERSION" "tokenizers==$TOKENIZERS_VERSION" numpy >>"$LOG" 2>&1; then
  echo "install-peers: pip install failed; last lines of $LOG:" >&2
  tail -n 25 "$LOG" >&2
  exit 1
fi
echo "$STAMP" >"$VENV/.mnemo-stamp"
echo "install-peers: installed ($STAMP)"
