"""The guard of the browser's trimmed standard library, packed into it as `_memolab_stdlib`.

The build (scripts/make_stdlib.mjs) keeps only the standard modules the worker was seen to import.
If anything asks for another module of the full library, the guard stops the call with
`StdlibTrimmed` rather than let an ImportError through: code that catches ImportError would
otherwise quietly take another path. The worker (frontend/src/runtime/stdlib.ts) then fetches the
full library, calls `widen`, logs a notice and runs the call again.
"""

import os
import sys
import zipimport

# Every module name of the full library; the build writes the set in.
FULL: frozenset[str] = frozenset()


class StdlibTrimmed(BaseException):
    """A module of the full library that the trimmed one lacks (not an Exception: never caught by
    code that handles errors, so it reaches the worker)."""


class _Guard:
    """Last on sys.meta_path: asked only for what no other finder found."""

    @staticmethod
    def find_spec(name: str, path: object = None, target: object = None) -> None:
        if name in FULL:
            raise StdlibTrimmed(name)


def install() -> None:
    if not any(isinstance(f, _Guard) for f in sys.meta_path):
        sys.meta_path.append(_Guard())


def widen(full_zip: str) -> None:
    """The full library has been written to `full_zip`: it replaces the trimmed one, in place, so
    the packages already imported find their other modules too; then nothing is guarded."""
    archive = next(p for p in sys.path if p.endswith(".zip"))
    os.replace(full_zip, archive)
    # Every zipimporter of the archive shares this table of contents: read it again, in place.
    toc = zipimport._zip_directory_cache.get(archive)  # type: ignore[attr-defined]
    if toc is not None:
        toc.clear()
        toc.update(zipimport._read_directory(archive))  # type: ignore[attr-defined]
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, _Guard)]
    sys.path_importer_cache.clear()
