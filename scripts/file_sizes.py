"""No hand-written file over 350 lines: a gate of `npm test` and `npm run test:quick`.

Every file git knows of (tracked, or new and not ignored) is counted, except what no one writes
by hand or what is data or prose: generated files (`*.gen.ts`), lock files, the database's
migrations, documents (`*.md`) and data (`.json`, `.csv`, `.toml`, `.yaml`, images; the
fixtures and data folders hold only these). A file over the limit is named with its length and
the script exits 1: split it into files named for what they hold
(`.venv/bin/python scripts/file_sizes.py`)."""

from __future__ import annotations

import re
import subprocess
import sys

LIMIT = 350
EXEMPT = re.compile(
    r"(\.gen\.ts|\.lock|-lock\.json|\.md|\.json|\.jsonc|\.csv|\.toml|\.ya?ml|\.png|\.svg|\.ico|\.typed)$"
    r"|(^|/)migrations/"
)


def files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    return sorted({f for f in listed if not EXEMPT.search(f)})


def too_long() -> list[tuple[str, int]]:
    found = []
    for name in files():
        try:
            with open(name, encoding="utf8") as f:
                n = sum(1 for _ in f)
        except (FileNotFoundError, IsADirectoryError, UnicodeDecodeError):
            continue  # (deleted in the work tree, a submodule, or not text)
        if n > LIMIT:
            found.append((name, n))
    return found


def main() -> int:
    over = too_long()
    for name, n in over:
        print(f"{name}: {n} lines (the limit is {LIMIT}): split it into files named for what they hold")
    print(f"file sizes: {len(files())} hand-written files checked, {len(over)} over {LIMIT} lines")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
