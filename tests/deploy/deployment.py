"""For the tests: the deployment script `deploy/cluster.py` (a script, not a package) and nginx."""

import importlib.util
import os
import shutil
from pathlib import Path

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"

_specification = importlib.util.spec_from_file_location("cluster", DEPLOY / "cluster.py")
cluster = importlib.util.module_from_spec(_specification)
_specification.loader.exec_module(cluster)


def nginx_program() -> str:
    """nginx as `make test` provides it (NGINX_PATH, Debian's package), else the one on PATH."""
    return os.environ.get("NGINX_PATH") or shutil.which("nginx") or "/usr/sbin/nginx"
