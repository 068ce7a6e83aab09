"""Every response carries the security headers; the policy allows no inline script."""


def test_security_headers_on_api_and_errors(client):
    for path in ("/api/health", "/api/models", "/api/nope"):
        h = client.get(path).headers
        csp = h["content-security-policy"]
        assert "script-src 'self' 'wasm-unsafe-eval'" in csp and "unsafe-inline" not in csp
        assert "frame-ancestors 'none'" in csp
        assert h["x-content-type-options"] == "nosniff"
        assert h["referrer-policy"] == "same-origin"
        assert h["cross-origin-opener-policy"] == "same-origin"
        assert h["cross-origin-embedder-policy"] == "require-corp"
        assert "server" not in h
