"""Edited models: a visitor's change to a system's files, run only in the browser's sandbox
(edits.py), and the sandbox's bridge to the operations table (editbridge.py)."""
