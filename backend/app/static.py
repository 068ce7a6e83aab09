"""Serving the built frontend from one process: index.html for every client-side route, and the
static files the build wrote.

Everything under /assets, /pyodide and /py has a content-hashed name (Vite's hashes, and the
build's hashes for the Pyodide runtime and the models archive, frontend/build/delivery.ts), so it
is cached for a year as immutable. The build also wrote .br and .gz twins; the one the client
accepts is sent with Content-Encoding. index.html and the other top-level files revalidate with
an ETag every time, so a new deploy is seen on the next visit.
"""

from __future__ import annotations

import mimetypes
import re
from pathlib import Path

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import FileResponse, Response

import perfmodels

from .api.caching import not_modified
from .core.headers import sandbox_csp

# A .wasm served with the wrong type makes Pyodide's streaming compile hang; .mjs must be JS.
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("text/javascript", ".js")

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
HASHED = ("assets", "pyodide", "py")
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def accepted(header: str) -> set[str]:
    """The content codings a client accepts (q=0 means refused)."""
    out: set[str] = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for p in params.split(";"):
            k, _, v = p.strip().partition("=")
            if k == "q":
                try:
                    q = float(v)
                except ValueError:
                    q = 0.0
        if name and q > 0:
            out.add(name.strip().lower())
    return out


SANDBOX = "sandbox.html"


def send(request: Request, path: Path, cache_control: str, extra: dict[str, str] | None = None) -> Response:
    media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    chosen, coding = path, None
    ok = accepted(request.headers.get("accept-encoding", ""))
    for name, suffix in ENCODINGS:
        twin = path.with_name(path.name + suffix)
        if (name in ok or "*" in ok) and twin.is_file():
            chosen, coding = twin, name
            break
    st = chosen.stat()
    etag = f'"{st.st_mtime_ns:x}-{st.st_size:x}{"-" + coding if coding else ""}"'
    headers = {"Cache-Control": cache_control, "ETag": etag, "Vary": "Accept-Encoding", **(extra or {})}
    if coding:
        headers["Content-Encoding"] = coding
    if not_modified(request, etag):
        return Response(status_code=304, headers=headers)
    return FileResponse(chosen, media_type=media_type, headers=headers)


EXPLORER = re.compile(r"explore/([a-z0-9-]{1,32})/?")


def first_view(path: str) -> dict[str, str]:
    """An explorer's page names what its first view asks the server for, so a slow link fetches
    them while the script still downloads (a Link header: preload as fetch), not after: the
    system's spec (its sweep waits on it), its card and its validation rows. Nothing for other
    pages or an unknown system (a preload no page uses is a wasted request)."""
    m = EXPLORER.fullmatch(path)
    if not m or m[1] not in perfmodels.systems():
        return {}
    s = m[1]
    urls = (f"/api/models/{s}", f"/api/models/{s}/card", f"/api/validation/{s}")
    return {"Link": ", ".join(f"<{u}>; rel=preload; as=fetch; crossorigin=anonymous" for u in urls)}


def mount_frontend(app: FastAPI, dist: Path) -> None:
    if not (dist / "index.html").is_file():
        return  # API-only (tests, or before the first build)
    root = dist.resolve()
    top_files = {p.name for p in root.iterdir() if p.is_file() and not p.name.endswith((".br", ".gz"))}

    @app.api_route("/{section}/{rest:path}", methods=["GET", "HEAD"], include_in_schema=False)
    def hashed(section: str, rest: str, request: Request) -> Response:
        if section not in HASHED:
            return spa(f"{section}/{rest}", request)
        try:
            path = (root / section / rest).resolve()
            found = path.is_relative_to(root / section) and path.is_file() and path.suffix not in (".br", ".gz")
        except (OSError, ValueError):  # a NUL, a name too long: no such file, not a server error
            found = False
        if not found:
            raise HTTPException(404, "not found")
        return send(request, path, IMMUTABLE)

    @app.api_route("/{path:path}", methods=["GET", "HEAD"], include_in_schema=False)
    def spa(path: str, request: Request) -> Response:
        if path.startswith("api/") or path == "api":
            raise HTTPException(404, "not found")
        if path == SANDBOX and path in top_files:
            # the edited model's sandbox: its own policy, no network (core/headers.py sandbox_csp),
            # hashing the file as it is now (a new build's script without a restart)
            csp = sandbox_csp((root / path).read_text(encoding="utf-8"))
            return send(request, root / path, REVALIDATE, {"Content-Security-Policy": csp})
        if path in top_files:
            return send(request, root / path, REVALIDATE)
        # Every client-side route gets the app; the page itself says when a route is unknown.
        return send(request, root / "index.html", REVALIDATE, first_view(path))
