#!/usr/bin/env bash
# System packages for `npm test` on a fresh Debian bookworm CI machine: Debian's Chromium (+ fonts for
# screenshots), PostgreSQL 15, and pgvector built from source. Idempotent: when everything is present it
# only runs dpkg-query and exits in well under a second. Set SKIP_SYSTEM_DEPS=1 to skip entirely.
set -euo pipefail

if [ "${SKIP_SYSTEM_DEPS:-0}" = 1 ]; then echo "provision: SKIP_SYSTEM_DEPS=1, nothing to do"; exit 0; fi

export DEBIAN_FRONTEND=noninteractive
PG=15
PGBIN=/usr/lib/postgresql/$PG/bin # never rely on PATH: /usr/local/bin may hold stray postgres binaries
VECTOR_CONTROL=/usr/share/postgresql/$PG/extension/vector.control
VECTOR_LIB=/usr/lib/postgresql/$PG/lib/vector.so
# Wait for a concurrent apt/dpkg run instead of failing on its lock.
APT=(apt-get -qq -o Dpkg::Use-Pty=0 -o DPkg::Lock::Timeout=300)

step() { echo "provision: $*"; }
die() { echo "provision: ERROR: $*" >&2; exit 1; }
# Run a noisy command silently; on failure show the end of its output and stop.
quiet() {
  local log; log=$(mktemp)
  if ! "$@" >"$log" 2>&1; then
    tail -n 40 "$log" >&2; rm -f "$log"; die "command failed: $*"
  fi
  rm -f "$log"
}
installed() { [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = installed ]; }

need_vector=0
{ [ -f "$VECTOR_CONTROL" ] && [ -f "$VECTOR_LIB" ]; } || need_vector=1

wanted=(chromium fonts-liberation postgresql-$PG)
# Build tools only matter when pgvector still has to be compiled.
[ $need_vector = 0 ] || wanted+=(postgresql-server-dev-$PG build-essential dpkg-dev)
missing=()
for p in "${wanted[@]}"; do installed "$p" || missing+=("$p"); done

if [ ${#missing[@]} = 0 ] && [ $need_vector = 0 ]; then
  step "chromium, fonts, postgresql-$PG and pgvector already present"
  exit 0
fi
[ "$(id -u)" = 0 ] || die "must run as root to install: ${missing[*]:-}$([ $need_vector = 0 ] || echo ' pgvector')"

if [ ${#missing[@]} -gt 0 ]; then
  if [[ " ${missing[*]} " == *" postgresql-$PG "* ]]; then
    # Tell the package not to create and start a default cluster on :5432; tests use their own.
    mkdir -p /etc/postgresql-common/createcluster.d
    echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.d/no-main-cluster.conf
  fi
  step "apt-get update"
  quiet "${APT[@]}" update
  step "apt-get install ${missing[*]}"
  quiet "${APT[@]}" install -y --no-install-recommends "${missing[@]}"
fi

if [ $need_vector = 1 ]; then
  # bookworm has no pgvector package; build the one from trixie's *source* package. A private apt
  # configuration (own sources, lists and cache in a temp dir) leaves the machine's apt setup untouched
  # and still verifies the download against the signed trixie Release file.
  mirror=$(apt-get indextargets --format '$(REPO_URI)' 'Label: Debian' 2>/dev/null | head -n1)
  mirror=${mirror:-http://deb.debian.org/debian/}
  w=$(mktemp -d /tmp/pgvector-build.XXXXXX)
  trap 'rm -rf "$w"' EXIT
  mkdir -p "$w/lists/partial" "$w/cache/archives/partial" "$w/parts"
  echo "deb-src ${mirror%/} trixie main" > "$w/sources.list"
  # apt downloads as the unprivileged _apt user; let it write into the temp dir.
  chmod 755 "$w"; chown -R _apt "$w" 2>/dev/null || true
  A=(-o Dir::Etc::SourceList="$w/sources.list" -o Dir::Etc::SourceParts="$w/parts"
     -o Dir::State::Lists="$w/lists" -o Dir::Cache="$w/cache")
  step "fetching pgvector source from ${mirror%/} trixie"
  quiet "${APT[@]}" "${A[@]}" update
  (cd "$w" && quiet "${APT[@]}" "${A[@]}" source --download-only pgvector)
  quiet dpkg-source -x "$w"/pgvector_*.dsc "$w/src"
  step "building pgvector $(dpkg-parsechangelog -l "$w/src/debian/changelog" -S Version) for PostgreSQL $PG"
  # OPTFLAGS="" drops pgvector's default -march=native, so the build runs on any x86-64 CPU.
  quiet make -C "$w/src" PG_CONFIG=$PGBIN/pg_config OPTFLAGS="" -j"$(nproc)"
  quiet make -C "$w/src" PG_CONFIG=$PGBIN/pg_config OPTFLAGS="" install
  [ -f "$VECTOR_CONTROL" ] && [ -f "$VECTOR_LIB" ] || die "pgvector installed, but $VECTOR_CONTROL or $VECTOR_LIB is missing"
fi

[ -x /usr/bin/chromium ] || die "/usr/bin/chromium missing after install"
[ -x $PGBIN/postgres ] || die "$PGBIN/postgres missing after install"
step "done"
