"""Memo Lab backend: serves the memo datasets, the models over HTTP and the built frontend."""
