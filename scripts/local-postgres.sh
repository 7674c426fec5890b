#!/usr/bin/env bash
# A local PostgreSQL for the tests and the fault benchmark: installs Debian's server when it is missing, starts
# its cluster, makes the user and empty database aos_ci, and prints the database URL (the only line on stdout).
# With "restart-command" as its argument it prints the command that restarts that cluster instead.
set -euo pipefail
if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  $SUDO apt-get update -qq >&2 && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
ver=$(ls /usr/lib/postgresql | sort -V | tail -1)
if [ "${1:-}" = restart-command ]; then
  echo "$SUDO pg_ctlcluster $ver main restart"
  exit 0
fi
cluster() { pg_lsclusters -h | awk -v v="$ver" '$1 == v && $2 == "main" {print $4}'; }
if [ -z "$(cluster)" ]; then
  $SUDO pg_createcluster "$ver" main >&2
fi
if [ "$(cluster)" != online ]; then
  $SUDO pg_ctlcluster "$ver" main start >&2
fi
for _ in $(seq 30); do pg_isready -q -h 127.0.0.1 && break; sleep 1; done
$SUDO su postgres -c "psql -q -v ON_ERROR_STOP=1 -c \"DROP DATABASE IF EXISTS aos_ci\" \
  -c \"DROP ROLE IF EXISTS aos_ci\" -c \"CREATE ROLE aos_ci LOGIN PASSWORD 'aos_ci'\" \
  -c \"CREATE DATABASE aos_ci OWNER aos_ci\"" >&2
echo "postgresql+psycopg://aos_ci:aos_ci@127.0.0.1/aos_ci"
