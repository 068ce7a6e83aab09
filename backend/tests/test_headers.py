"""Every response carries the security headers; the policy allows no inline script. An /api
answer (data) carries the short set: nothing may run or frame it, nothing may sniff or read it
from another origin."""


def test_security_headers_on_api_and_errors(client):
    for path in ("/api/health", "/api/models", "/api/nope"):
        h = client.get(path).headers
        assert h["content-security-policy"] == "default-src 'none'; frame-ancestors 'none'"
        assert h["x-content-type-options"] == "nosniff"
        assert h["cross-origin-resource-policy"] == "same-origin"
        # a document's and a worker's headers: nothing to say to data
        assert "cross-origin-embedder-policy" not in h and "cross-origin-opener-policy" not in h
        assert "server" not in h
    # a model's answer to a POST, an error included
    for body in ({"knobs": {}}, {"knobs": {"nope": 1}}):
        h = client.post("/api/models/afs/evaluate", json=body).headers
        assert h["content-security-policy"] == "default-src 'none'; frame-ancestors 'none'"
