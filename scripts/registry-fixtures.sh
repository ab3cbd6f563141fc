# Shared by the tuning-set fetch scripts (fetch-image-tuning.sh, fetch-speech-tuning.sh), sourced after they set
# DEST, WORK, LOG_NAME and the arrays DEBS ("pkg=version sha256"), FROM_DEBS ("name pkg path") and FROM_SDISTS
# ("name archive path"). Every download is pinned by sha256.

log() { printf '[%s] %s\n' "$LOG_NAME" "$*" >&2; }

# Whether every file the script fetches is already in $DEST.
all_present() {
  local e
  for e in "${FROM_DEBS[@]}" "${FROM_SDISTS[@]}"; do
    [[ -f "$DEST/${e%% *}" ]] || return 1
  done
}

# Debian packages: apt-get download (pinned versions), checked by sha256, unpacked with dpkg-deb; FROM_DEBS copied.
fetch_deb_files() {
  command -v apt-get >/dev/null || { log "apt-get not found (the Debian packages are fetched with it)"; exit 1; }
  local e spec sum pkg file got name rel
  for e in "${DEBS[@]}"; do
    read -r spec sum <<<"$e"
    pkg="${spec%%=*}"
    (cd "$WORK/deb" && apt-get download "$spec" >/dev/null 2>&1) || {
      (cd "$WORK/deb" && apt-get update >/dev/null 2>&1 && apt-get download "$spec" >/dev/null 2>&1) || { log "apt-get download $spec failed"; exit 1; }
    }
    file="$(ls "$WORK/deb/${pkg}_"*.deb)"
    got="$(sha256sum "$file" | cut -d' ' -f1)"
    [[ "$got" == "$sum" ]] || { log "$file has sha256 $got, expected $sum"; exit 1; }
    mkdir -p "$WORK/deb/$pkg" && dpkg-deb -x "$file" "$WORK/deb/$pkg"
  done
  for e in "${FROM_DEBS[@]}"; do
    read -r name pkg rel <<<"$e"
    cp "$WORK/deb/$pkg/$rel" "$DEST/$name"
  done
}

# FROM_SDISTS copied out of the sdists already downloaded into $WORK/sdist.
copy_sdist_files() {
  local e name archive rel
  for e in "${FROM_SDISTS[@]}"; do
    read -r name archive rel <<<"$e"
    tar -xzf "$WORK/sdist/$archive" -C "$WORK/sdist" "$rel"
    cp "$WORK/sdist/$rel" "$DEST/$name"
  done
}
