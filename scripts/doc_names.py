"""Every path and every symbol that docs/architecture.md names in `code` exists: a gate of
`npm test` and `npm run test:quick` (scripts/gates.sh).

A code span is read as
- a path when it has a slash or a file's extension: a file or folder from the repository's root
  (`backend/app/crud.py`, `frontend/src/live/`), or a bare file name found somewhere in it
  (`Explorer.tsx`);
- a symbol when it is a name, dotted or not (`OPS`, `ops.run`, `ModelClient.curve`): its last
  part must be defined (def, class, function, const, type, an assignment or a field, a method)
  in a source file: in the module the first part names where there is one, else anywhere;
- a quoted string (`"sweep"`, an operation's name): a string literal of a source file;
- a package (`perfmodels`): a folder of that name;
- `npm run NAME`: NAME is a script of package.json;
- anything else (a route, a snippet of HTML) is left alone, but the paths among its words are
  checked. A stale name is listed with its line, and the script exits 1:
  `.venv/bin/python scripts/doc_names.py [DOC ...]`.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from functools import cache
from pathlib import Path, PurePosixPath

DOCS = ["docs/architecture.md"]
SPAN = re.compile(r"`([^`\n]+)`")
SOURCE = re.compile(r"\.(py|ts|tsx|mjs|js|sh)$")
EXT = re.compile(r"\.(py|ts|tsx|mjs|js|sh|md|toml|json|html|css|yaml|mako)$")
NAME = re.compile(r"^[A-Za-z_][\w]*(\.[A-Za-z_]\w*)*$")


@cache
def tracked() -> tuple[list[str], set[str]]:
    files = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    folders = {str(p) + "/" for f in files for p in PurePosixPath(f).parents if str(p) != "."}
    return files, folders


@cache
def text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf8")
    except (OSError, UnicodeDecodeError):
        return ""


def defines(source: str, name: str) -> bool:
    n = re.escape(name)
    return bool(
        re.search(
            rf"(\b(def|class|function|const|let|var|interface|type|enum|async|get|set|static|private|public|readonly)"
            rf"\s+{n}\b)|(^\s*(export\s+)?{n}\s*[:=(<])|(\bexport\s*\{{[^}}]*\b{n}\b)",
            source,
            re.M,
        )
    )


def path_exists(p: str) -> bool:
    files, folders = tracked()
    p = p.removeprefix("./")
    if "/" not in p.rstrip("/"):
        return any(PurePosixPath(f).name == p for f in files) or p in folders
    return p in files or p.rstrip("/") + "/" in folders


def symbol_exists(name: str) -> bool:
    files, folders = tracked()
    if "." not in name and any(PurePosixPath(f).name == name for f in folders):
        return True  # a package
    sources = [f for f in files if SOURCE.search(f) and not f.startswith("docs/")]
    *owner, last = name.split(".")
    if owner:  # a module's name: the symbol is defined in that module (or its package)
        mods = [f for f in sources if PurePosixPath(f).stem == owner[-1] or f.endswith(f"/{owner[-1]}/__init__.py")]
        if mods:
            return any(defines(text(f), last) for f in mods)
        if not any(defines(text(f), owner[-1]) for f in sources):
            return False
    return any(defines(text(f), last) for f in sources)


def literal_exists(s: str) -> bool:
    files, _ = tracked()
    quoted = re.compile(rf"[\"']{re.escape(s)}[\"']")
    return any(quoted.search(text(f)) for f in files if SOURCE.search(f))


def npm_script(name: str) -> bool:
    return name in json.loads(text("package.json") or "{}").get("scripts", {})


def stale(doc: str) -> list[str]:
    found = []
    for n, line in enumerate(text(doc).splitlines(), 1):
        for m in SPAN.finditer(line):
            span = m.group(1).strip()
            if re.fullmatch(r'"[\w.-]+"', span):
                ok = literal_exists(span[1:-1])
            elif span.startswith("npm run "):
                ok = npm_script(span.split()[2])
            elif " " not in span and ("/" in span or EXT.search(span)) and not span.startswith("/"):
                ok = path_exists(span)
            elif NAME.match(span):
                ok = symbol_exists(span)
            else:  # words: only the paths among them
                words = [w for w in span.split() if "/" in w and not w.startswith("/") and EXT.search(w)]
                ok = all(path_exists(w) for w in words)
            if not ok:
                found.append(f"{doc}:{n}: `{span}` names nothing in the repository")
    return found


def main(docs: list[str]) -> int:
    found = [s for d in docs for s in stale(d)]
    for f in found:
        print(f)
    print(f"doc names: {len(docs)} document(s) checked, {len(found)} stale name(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or DOCS))
