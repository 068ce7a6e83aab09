"""Units a user's own table may give a column in, and their conversion to the unit the knob or
metric declares (specs/*.toml).

Each family lists its spellings with a factor to one base unit: a value given in unit A is
converted to the declared unit D as v * factor(A) / factor(D). A "K" of bytes is 1024 bytes (the
memos' convention: the FFS memo's Kbytes/sec, AFS's K/sec); a "K" of bits is 1000 (line rates:
56 kbaud, 10 Mbit/s), one bit per baud. A declared unit in no family ("buffers", "users",
"K words") is accepted only as itself, or with no unit at all.
"""

from __future__ import annotations

KIB = 1024.0
MIB = 1024.0 * 1024.0

# family -> {spelling (lower case, no spaces, "µ" as "u"): factor to the family's base}
FAMILIES: dict[str, dict[str, float]] = {
    "size": {
        "bytes": 1.0,
        "byte": 1.0,
        "k": KIB,
        "kb": KIB,
        "kbytes": KIB,
        "kbyte": KIB,
        "kib": KIB,
        "mb": MIB,
        "mbytes": MIB,
        "mbyte": MIB,
        "mib": MIB,
    },
    "byte rate": {
        "bytes/s": 1.0,
        "byte/s": 1.0,
        "bytes/sec": 1.0,
        "k/s": KIB,
        "k/sec": KIB,
        "kb/s": KIB,
        "kb/sec": KIB,
        "kbytes/s": KIB,
        "kbytes/sec": KIB,
        "kib/s": KIB,
        "mb/s": MIB,
        "mb/sec": MIB,
        "mbytes/s": MIB,
        "mbytes/sec": MIB,
        "mib/s": MIB,
    },
    "bit rate": {
        "bit/s": 1.0,
        "bits/s": 1.0,
        "baud": 1.0,
        "kbit/s": 1e3,
        "kbits/s": 1e3,
        "kbps": 1e3,
        "kbaud": 1e3,
        "mbit/s": 1e6,
        "mbits/s": 1e6,
        "mbps": 1e6,
    },
    "time": {
        "s": 1.0,
        "sec": 1.0,
        "second": 1.0,
        "seconds": 1.0,
        "ms": 1e-3,
        "msec": 1e-3,
        "us": 1e-6,
        "usec": 1e-6,
        "ns": 1e-9,
    },
    "time per byte": {"us/byte": 1.0, "ns/byte": 1e-3, "ms/byte": 1e3},
    "share": {"%": 1.0, "percent": 1.0, "fraction": 100.0},
}
# What a refusal lists, family by family (any case and spacing of them is read).
SHOWN: dict[str, list[str]] = {
    "size": ["bytes", "KB", "Kbytes", "MB"],
    "byte rate": ["bytes/s", "Bps", "KB/s", "K/sec", "Kbytes/sec", "MB/s"],
    "bit rate": ["bit/s", "bps", "kbaud", "Kbit/s", "kbps", "Mbit/s", "Mbps"],
    "time": ["s", "ms", "µs", "ns"],
    "time per byte": ["µs/byte", "ns/byte", "ms/byte"],
    "share": ["%", "fraction"],
}
# The byte/bit ambiguity is settled by case where the memos print it: DECnet's "Bps" is bytes a
# second, a line's "bps" bits.
CASED = {"Bps": ("byte rate", 1.0), "KBps": ("byte rate", KIB), "MBps": ("byte rate", MIB), "bps": ("bit rate", 1.0)}


def _key(unit: str) -> str:
    return unit.strip().replace("µ", "u").replace("μ", "u").replace(" ", "").lower()


def family(unit: str) -> tuple[str, float] | None:
    """(family, factor to its base) of a spelling, or None if it is in no family."""
    if unit.strip() in CASED:
        return CASED[unit.strip()]
    k = _key(unit)
    for name, spellings in FAMILIES.items():
        if k in spellings:
            return name, spellings[k]
    return None


def accepted(declared: str) -> list[str]:
    """The units a column of a knob or metric declared in `declared` may be given in."""
    fam = family(declared)
    if fam is None:
        return [declared] if declared else []
    return SHOWN[fam[0]]


def factor(given: str, declared: str) -> float:
    """What a value in unit `given` is multiplied by to be in `declared`; ValueError if it cannot be."""
    if not given.strip() or _key(given) == _key(declared):
        return 1.0
    g, d = family(given), family(declared)
    if g is None or d is None or g[0] != d[0]:
        allowed = accepted(declared)
        listed = ", ".join(allowed) if allowed else "none (the column takes no unit)"
        raise ValueError(f"unit '{given}' cannot be converted to {declared or 'this column'}; units accepted: {listed}")
    return g[1] / d[1]
