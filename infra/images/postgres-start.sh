#!/bin/sh
# The postgres image's command: creates the cluster on first start (user and password from
# POSTGRES_USER / POSTGRES_PASSWORD, database POSTGRES_DB), then runs the server in the foreground with any
# further arguments (settings such as -c max_connections=400).
set -eu
: "${PGDATA:=/var/lib/postgresql/data}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}" > "$pwfile"
  initdb -U "${POSTGRES_USER:-postgres}" --auth-local=trust --auth-host=scram-sha-256 --pwfile="$pwfile" -D "$PGDATA" >/dev/null
  rm -f "$pwfile"
  # Clients on the container network (the apps) sign in with the password; initdb only lists localhost.
  echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -c unix_socket_directories=/tmp" -w start >/dev/null
  if [ -n "${POSTGRES_DB:-}" ]; then createdb -h /tmp -U "${POSTGRES_USER:-postgres}" "$POSTGRES_DB"; fi
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' -c unix_socket_directories=/tmp "$@"
