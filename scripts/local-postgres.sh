#!/usr/bin/env bash
# A local PostgreSQL for the tests and the fault benchmark: installs Debian's server when it is missing, starts
# its cluster, makes the user and database aos_ci when they are missing, and prints the database URL (the only
# line on stdout). Each test and benchmark works in a schema of its own, so runs at the same time share it.
# With "restart-command" as its argument it prints the command that restarts that cluster instead.
# When it cannot (not root and no sudo without a password, no Debian packages), it exits 1 and its last line on
# stderr says why.
set -euo pipefail
fail() { echo "$*" >&2; exit 1; }
if [ "$(id -u)" = 0 ]; then
  SUDO=
elif ! command -v sudo >/dev/null; then
  fail "not root and no sudo to install and start a PostgreSQL server (set AOS_TEST_DATABASE_URL)"
elif sudo -n true 2>/dev/null; then
  SUDO="sudo -n"
else
  fail "not root, and sudo asks for a password (run 'sudo -v' first, or set AOS_TEST_DATABASE_URL)"
fi
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  command -v apt-get >/dev/null || fail "no PostgreSQL server and no apt-get to install one (set AOS_TEST_DATABASE_URL)"
  { $SUDO apt-get update -qq >&2 && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2; } \
    || fail "Debian's postgresql package could not be installed (set AOS_TEST_DATABASE_URL)"
fi
ver=$(ls /usr/lib/postgresql | sort -V | tail -1)
if [ "${1:-}" = restart-command ]; then
  echo "$SUDO pg_ctlcluster $ver main restart"
  exit 0
fi
cluster() { pg_lsclusters -h | awk -v v="$ver" '$1 == v && $2 == "main" {print $4}'; }
if [ -z "$(cluster)" ]; then
  $SUDO pg_createcluster "$ver" main >&2 || fail "the PostgreSQL $ver cluster could not be created"
fi
if [ "$(cluster)" != online ]; then
  $SUDO pg_ctlcluster "$ver" main start >&2 || fail "the PostgreSQL $ver cluster could not be started"
fi
for _ in $(seq 30); do pg_isready -q -h 127.0.0.1 && break; sleep 1; done
pg_isready -q -h 127.0.0.1 || fail "PostgreSQL $ver does not answer on 127.0.0.1 after 30 s"
psql_admin() { $SUDO su postgres -c "psql -q -tA -v ON_ERROR_STOP=1 -c \"$1\""; }
if [ "$(psql_admin "SELECT 1 FROM pg_roles WHERE rolname = 'aos_ci'")" != 1 ]; then
  psql_admin "CREATE ROLE aos_ci LOGIN PASSWORD 'aos_ci'" >&2
fi
if [ "$(psql_admin "SELECT 1 FROM pg_database WHERE datname = 'aos_ci'")" != 1 ]; then
  psql_admin "CREATE DATABASE aos_ci OWNER aos_ci" >&2
fi
echo "postgresql+psycopg://aos_ci:aos_ci@127.0.0.1/aos_ci"
