#!/usr/bin/env bash
# Runs a command, and every process it starts, with the clock moved to a UTC instant and running on from
# there (decision 146): Debian's libfaketime preloaded with one fixed offset, as the `faketime` wrapper
# sets it, without the wrapper's semaphore named after its process id.
#
#   bash scripts/on-another-day.sh "2027-04-30 23:59:30" node node_modules/vitest/vitest.mjs run …
set -euo pipefail
at=${1:?give the instant as "YYYY-MM-DD HH:MM:SS" (UTC)}
shift
library=$(compgen -G '/usr/lib/*/faketime/libfaketime.so.1' | head -n 1 || true)
[[ -n "$library" ]] || { echo "on-another-day: libfaketime is not installed (apt-get install faketime)" >&2; exit 1; }
target=$(date -u -d "$at" +%s)
offset=$((target - $(date -u +%s)))
export LD_PRELOAD=$library FAKETIME=$(printf '%+d' "$offset")
# A preload that did not take would run the command on today's date and prove nothing.
seen=$(date -u +%s)
((seen - target >= 0 && seen - target < 60)) ||
  { echo "on-another-day: the clock reads $(date -u) instead of $at UTC" >&2; exit 1; }
exec "$@"
