"""Every file path the repository's comments and documents name exists: a path with a folder in
it (`perfmodels/pace.py`, `frontend/src/outbox.ts`), read from the repository's root, the naming
file's folder or a package's root. A file moved without its mentions fails here; run after a move
(`.venv/bin/python scripts/comment_paths.py`): it lists each stale mention and exits 1."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import PurePosixPath

ROOTS = ("", "frontend/", "frontend/src/", "models/", "backend/", "backend/app/", "backend/app/api/")
SKIP = re.compile(r"(\.gen\.ts|\.lock|\.json|\.csv|\.svg|\.png|egg-info/.*)$|^(models/perfmodels/data/|public/)")
PATH = re.compile(r"(?<![\w./@$-])((?:[\w.-]+/)+[\w-]+\.(?:py|ts|tsx|mjs|js|sh|md|toml))(?![\w/])")
MADE = ("frontend/dist/", "dist/", "node_modules/")  # built or installed, not kept in the repository


def stale() -> list[str]:
    tracked = subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True).stdout.split()
    known = set(tracked) | {str(p) for f in tracked for p in PurePosixPath(f).parents}
    found = []
    for name in tracked:
        if SKIP.search(name):
            continue
        try:
            text = open(name, encoding="utf8").read()
        except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
            continue
        here = str(PurePosixPath(name).parent) + "/"
        for n, line in enumerate(text.splitlines(), 1):
            for m in PATH.finditer(line):
                path = m.group(1).removeprefix("./")
                if path.startswith(MADE) or "..." in path:
                    continue
                near = [r + path for r in (*ROOTS, here)] + [str(PurePosixPath(here + path))]
                if not any(c in known or _normal(c) in known for c in near):
                    found.append(f"{name}:{n}: {path}")
    return found


def _normal(path: str) -> str:
    parts: list[str] = []
    for p in path.split("/"):
        if p == "..":
            parts = parts[:-1]
        elif p not in ("", "."):
            parts.append(p)
    return "/".join(parts)


if __name__ == "__main__":
    problems = stale()
    print("\n".join(problems) or "every path named in a comment or document exists")
    sys.exit(1 if problems else 0)
