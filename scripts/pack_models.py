"""Pack the perfmodels package into public/py/perfmodels.zip for the browser's Pyodide.

Deterministic (sorted entries, fixed timestamps), so an unchanged package gives identical bytes.
Stored uncompressed: the build's brotli twin compresses across files (40 KB against 61 KB deflated).
Usage: python scripts/pack_models.py [output.zip]
"""

import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "models" / "perfmodels"


def pack(out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    kept = (".py", ".json", ".toml")
    files = sorted(p for p in SRC.rglob("*") if p.is_file() and "__pycache__" not in p.parts and p.suffix in kept)
    tmp = out.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as z:
        for p in files:
            info = zipfile.ZipInfo(str(p.relative_to(SRC.parent)), date_time=(1980, 1, 1, 0, 0, 0))
            z.writestr(info, p.read_bytes())
    tmp.replace(out)


if __name__ == "__main__":
    pack(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "public" / "py" / "perfmodels.zip")
