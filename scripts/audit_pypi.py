"""A fallback Python audit for machines where pip-audit cannot reach its advisory service (the
per-release PyPI JSON endpoint it asks is refused here, and OSV is unreachable). PyPI's project
endpoint, /pypi/<name>/json, lists the known vulnerabilities of a project's newest release: for
every locked package that is that release, those are its advisories. Older pins cannot be
judged from that source and are named as not audited.

Usage: python scripts/audit_pypi.py backend/requirements.lock
Exit: 1 on any known vulnerability, 3 if nothing could be audited, 0 otherwise."""

import json
import sys
import urllib.request
from concurrent.futures import ThreadPoolExecutor

INDEX = "https://pypi.org/pypi/{}/json"


def pins(path: str) -> list[tuple[str, str]]:
    out = []
    for line in open(path):
        line = line.split("#")[0].strip()
        if "==" in line:
            name, version = line.split("==", 1)
            out.append((name.strip(), version.strip()))
    return out


def check(pin: tuple[str, str]) -> tuple[str, str, str, list]:
    name, version = pin
    try:
        with urllib.request.urlopen(INDEX.format(name), timeout=30) as r:
            data = json.load(r)
    except Exception as e:  # any failure means this one was not audited
        return name, version, f"unreachable ({type(e).__name__})", []
    latest = data["info"]["version"]
    if latest != version:
        return name, version, f"pinned {version}, advisories known only for {latest}", []
    return name, version, "audited", [v for v in data.get("vulnerabilities", []) if not v.get("withdrawn")]


def main(path: str) -> int:
    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(check, pins(path)))
    audited = [r for r in results if r[2] == "audited"]
    vulnerable = [(n, v, x) for n, v, _, xs in audited for x in xs]
    for n, v, x in vulnerable:
        aliases = ", ".join(x.get("aliases", []))
        fixed = ", ".join(x.get("fixed_in") or []) or "no release yet"
        print(f"  VULNERABLE {n} {v}: {x.get('id')} {aliases} (fixed in {fixed})")
    for n, v, why, _ in results:
        if why != "audited":
            print(f"  not audited: {n} {v}: {why}")
    if vulnerable:
        return 1
    if not audited:
        print("  NOT RUN: no package could be audited")
        return 3
    print(f"  {len(audited)} of {len(results)} packages audited through PyPI's project data, no known vulnerabilities")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
