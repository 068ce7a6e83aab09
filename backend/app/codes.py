"""Codes a person reads off a screen and types: class codes and stored lessons' links. One
alphabet without the characters people mix up (0/O, 1/I/L), upper case only, so what is read
aloud or copied by hand finds the same thing."""

from __future__ import annotations

import secrets

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def unambiguous(length: int) -> str:
    """A random code of `length` characters from ALPHABET (about 4.95 bits a character)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(length))
