"""The sqlsh binary a Python benchmark drives: $SQLSH_BIN, else the release build, else the
debug one."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def binary():
    if os.environ.get("SQLSH_BIN"):
        return os.environ["SQLSH_BIN"]
    for kind in ("release", "debug"):
        path = os.path.join(ROOT, ".build", kind, "sqlsh")
        if os.path.exists(path):
            return path
    sys.exit("build sqlsh first (make build)")
