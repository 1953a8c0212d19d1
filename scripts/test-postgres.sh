#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 cluster on 127.0.0.1:${TEST_PG_PORT:-55432} from the machine's
# binaries (as the postgres user when run as root) and exports TEST_DATABASE_URL for the API suite.
# Source it, then call start_test_postgres; stop_test_postgres removes the cluster.

find_pg_bin() {
  for dir in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && { echo "$dir"; return; }
  done
  dirname "$(command -v initdb)"
}

as_pg_user() {
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    su postgres -s /bin/bash -c "$*"
  else
    bash -c "$*"
  fi
}

start_test_postgres() {
  TEST_PG_BIN=$(find_pg_bin)
  TEST_PG_PORT=${TEST_PG_PORT:-55432}
  TEST_PG_DIR=$(mktemp -d /tmp/recovery-desk-pg.XXXXXX)
  [ "$(id -u)" = 0 ] && { id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres; chown postgres "$TEST_PG_DIR"; }
  as_pg_user "'$TEST_PG_BIN/initdb' -D '$TEST_PG_DIR/data' -U postgres -A trust --no-sync >/dev/null"
  as_pg_user "'$TEST_PG_BIN/pg_ctl' -D '$TEST_PG_DIR/data' -l '$TEST_PG_DIR/log' -w -o \"-p $TEST_PG_PORT -k '$TEST_PG_DIR' -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200\" start >/dev/null"
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$TEST_PG_PORT/postgres"
  echo "PostgreSQL test cluster on $TEST_DATABASE_URL"
}

stop_test_postgres() {
  [ -n "${TEST_PG_DIR:-}" ] || return 0
  as_pg_user "'$TEST_PG_BIN/pg_ctl' -D '$TEST_PG_DIR/data' -m fast -w stop >/dev/null" || true
  rm -rf "$TEST_PG_DIR"
}
