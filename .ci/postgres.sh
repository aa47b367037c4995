#!/usr/bin/env bash
# Start a local PostgreSQL for the tests and print its SQLAlchemy URL (loopback only).
# Installs Debian's server first on a machine that has none.
set -euo pipefail
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
ver=$(ls /usr/lib/postgresql | sort -n | tail -n 1)
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$ver main"; then
    pg_createcluster "$ver" main >&2
fi
pg_ctlcluster "$ver" main start >&2 2>/dev/null || true
for _ in $(seq 1 30); do
    su postgres -c "pg_isready -q" && break
    sleep 1
done
su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'pitchside'\"" >&2
su postgres -c "psql -q -tc \"SELECT 1 FROM pg_database WHERE datname='pitchside_test'\"" | grep -q 1 \
    || su postgres -c "createdb pitchside_test" >&2
echo "postgresql+psycopg://postgres:pitchside@127.0.0.1:5432/pitchside_test"
