#!/bin/sh
# Run by deploy/pizza-store-backup.service, as root, in /srv/pizza-store/app with the store's
# environment. PGlite (no DATABASE_URL) is backed up with the store stopped, because its folder
# serves one process at a time (docs/operations.md): at 04:00 the store is closed, and it is
# started again whatever happens. PostgreSQL is backed up while the store runs (pg_dump).
set -eu
keep_days="${BACKUP_KEEP_DAYS:-14}"
store_unit="${BACKUP_STORE_UNIT:-pizza-store@3000.service}"

if [ -z "${DATABASE_URL:-}" ] && systemctl is-active --quiet "$store_unit"; then
  systemctl stop "$store_unit"
  trap 'systemctl start "$store_unit"' EXIT
fi

runuser -u pizza -- npm run --silent backup
# Whole files only carry these names (a backup is renamed once written), so this never
# deletes one being written.
find backups -maxdepth 1 -type f \( -name '*.tar.gz' -o -name '*.dump' \) \
  -mtime +"$keep_days" -print -delete
