#!/usr/bin/env bash
# Run every test on a fresh machine (README.md, "Install and run", command 2; CI runs this too).
# It installs what the tests need and nothing by hand is assumed:
#   * Debian's chromium (the browser tests drive a real Chromium) and postgresql (the web app's
#     tests also run on PostgreSQL), with apt-get when they are missing (as root, or with sudo);
#   * a virtual environment .venv with the package and its test extras (PyPI).
# Then: ruff; the web app's and the playing hall's tests on a throw-away PostgreSQL server on
# 127.0.0.1 (stopped and removed at the end); small load and crash tests of the playing hall on
# both databases; the whole suite on the embedded SQLite database. Exits non-zero on any
# failure.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "scripts/test.sh: installing Debian packages: ${need[*]}" >&2
  $sudo apt-get update -qq >/dev/null
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

python3 -m venv .venv
.venv/bin/pip install -q -e '.[test]'
.venv/bin/ruff check .

# The web app's database tests on PostgreSQL: a throw-away server in a temporary folder.
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
pg_dir=$(mktemp -d /tmp/swisspairing-pg.XXXXXX)
pg_port=54329
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
if [ "$(id -u)" = 0 ]; then chown postgres "$pg_dir"; fi
as_pg "'$pg_bin/initdb' -D '$pg_dir/data' -A trust -U postgres" >/dev/null
as_pg "'$pg_bin/pg_ctl' -D '$pg_dir/data' -l '$pg_dir/log' -w -o \"-k '$pg_dir' -p $pg_port -c listen_addresses=127.0.0.1\" start" >/dev/null
trap 'as_pg "\"$pg_bin/pg_ctl\" -D \"$pg_dir/data\" -m fast stop" >/dev/null 2>&1; rm -rf "$pg_dir"' EXIT
mapfile -t db_tests < <(ls tests/test_web_*.py tests/test_hall_*.py 2>/dev/null)
echo "scripts/test.sh: the web app's tests on PostgreSQL" >&2
DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/swisspairing" \
  .venv/bin/python -m pytest -p no:cacheprovider "${db_tests[@]}"

# The playing hall's small load and crash tests against a real server on 127.0.0.1, on SQLite
# and on PostgreSQL (README "Playing hall"; the full-size runs are benchmarks/hall.py's defaults)
as_pg "'$pg_bin/createdb' -h 127.0.0.1 -p $pg_port -U postgres hallbench"
for db in "" "postgres://postgres@127.0.0.1:$pg_port/hallbench"; do
  DATABASE_URL="$db" .venv/bin/python benchmarks/hall.py load --players 10 --viewers 50 \
    --arrival 2 --poll 2
  DATABASE_URL="$db" .venv/bin/python benchmarks/hall.py load --model stress --players 10 \
    --viewers 50
  DATABASE_URL="$db" .venv/bin/python benchmarks/hall.py crash --players 10 --kill-after 6
done

echo "scripts/test.sh: the whole suite (SQLite)" >&2
.venv/bin/python -m pytest
