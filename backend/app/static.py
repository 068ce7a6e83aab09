"""Serving the built frontend: hashed assets, the Pyodide runtime, the models archive, and
index.html for every client-side route (/, /explore/...), so one process serves the whole app."""

from __future__ import annotations

import mimetypes
from pathlib import Path

from fastapi import FastAPI, HTTPException
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

# A .wasm served with the wrong type makes Pyodide's streaming compile hang; .mjs must be JS.
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("text/javascript", ".js")


def mount_frontend(app: FastAPI, dist: Path) -> None:
    if not (dist / "index.html").is_file():
        return  # API-only (tests, or before the first build)
    for sub in ("assets", "pyodide", "py"):
        if (dist / sub).is_dir():
            app.mount(f"/{sub}", StaticFiles(directory=dist / sub), name=sub)
    root = dist.resolve()
    top_files = {p.name for p in root.iterdir() if p.is_file()}

    @app.api_route("/{path:path}", methods=["GET", "HEAD"], include_in_schema=False)
    def spa(path: str) -> FileResponse:
        if path.startswith("api/") or path == "api":
            raise HTTPException(404, "not found")
        if path in top_files:
            return FileResponse(root / path)
        return FileResponse(root / "index.html", headers={"Cache-Control": "no-cache"})
