#!/bin/bash
# The pgbouncer image's command: PgBouncer in transaction mode in front of DATABASE_URL (the server's own
# URL, as the migrations use it), configured from the environment at each start:
#   DATABASE_URL              postgresql://<user>:<password>@<host>[:<port>]/<database>[?sslmode=…]
#   DATABASE_POOLER_PASSWORD  what the apps sign in with, as user `kitty` (SCRAM), to their entries
# The database entries (`kitty_<app>`, each setting its app's search_path) and the pool mode come from
# /etc/pgbouncer/kitty.ini, written at build time by infra/dev-stack/lib/pgbouncer.js (the dev stack's
# own); its @SERVER@ becomes the server's libpq keywords. The apps' DATABASE_URL is
# postgresql://kitty:<DATABASE_POOLER_PASSWORD>@<this>:6432/kitty_<app>, with DATABASE_POOLER=transaction.
# Everything written goes to /tmp (the root filesystem may be read-only).
set -euo pipefail
url=${DATABASE_URL:?DATABASE_URL is required: postgresql://user:password@host:port/database}
client_password=${DATABASE_POOLER_PASSWORD:?DATABASE_POOLER_PASSWORD is required}

# URL parts are percent-encoded; PgBouncer wants them plain.
decode() {
  local encoded=${1//+/ }
  printf '%b' "${encoded//%/\\x}"
}
[[ $url =~ ^postgres(ql)?://([^:@/]+)(:([^@/]*))?@([^/:?]+)(:([0-9]+))?/([^?]+)(\?(.*))?$ ]] ||
  { echo 'DATABASE_URL is not postgresql://user:password@host[:port]/database[?…]' >&2; exit 64; }
user=$(decode "${BASH_REMATCH[2]}")
password=$(decode "${BASH_REMATCH[4]}")
host=${BASH_REMATCH[5]}
port=${BASH_REMATCH[7]:-5432}
database=$(decode "${BASH_REMATCH[8]}")
sslmode=$(sed -n 's/^\(.*&\)\{0,1\}sslmode=\([a-z-]*\).*/\2/p' <<<"${BASH_REMATCH[10]}")
for value in "$password" "$client_password"; do
  if [[ $value == *[\'\"\\]* ]]; then
    echo 'The database passwords may not contain quotes or backslashes (openssl rand -hex 24)' >&2
    exit 64
  fi
done

dir=/tmp/pgbouncer
mkdir -p "$dir"
umask 077
server="host=$host port=$port dbname=$database user=$user password='$password'"
shared=$(cat /etc/pgbouncer/kitty.ini)
# Quoted, the replacement is taken literally (bash 5.2 otherwise reads & in it as the match).
shared=${shared//@SERVER@/"$server"}
printf '%s\n' "$shared" >"$dir/pgbouncer.ini"
cat >>"$dir/pgbouncer.ini" <<EOF
listen_addr = *
listen_port = 6432
unix_socket_dir =
auth_type = scram-sha-256
auth_file = $dir/userlist.txt
; SHOW POOLS, SHOW STATS… on the admin console (database pgbouncer), read-only.
stats_users = kitty
; Every replica of every app at its DATABASE_POOL_SIZE; only pool_size per entry reach the server.
max_client_conn = 2000
server_tls_sslmode = ${sslmode:-prefer}
server_tls_ca_file = /etc/ssl/certs/ca-certificates.crt
; Logs to stderr; no pid file, no daemon.
EOF
printf '"kitty" "%s"\n' "$client_password" >"$dir/userlist.txt"
exec pgbouncer "$dir/pgbouncer.ini"
