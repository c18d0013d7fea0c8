#!/bin/sh
# Time from Enter to the prompt for `select * from t` on the interactive screen (see screen.py).
exec python3 "$(dirname "$0")/screen.py" "$@"
