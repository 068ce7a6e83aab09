"""The built frontend: hashed files immutable and pre-compressed by Accept-Encoding, the app's
HTML revalidated by ETag, and nothing outside the build reachable."""

import gzip

import pytest

WASM = b"\0asm" + bytes(range(256)) * 64


@pytest.fixture(scope="module")
def web(make_client, tmp_path_factory):
    dist = tmp_path_factory.mktemp("dist")
    (dist / "index.html").write_text("<!doctype html><div id=root></div>")
    (dist / "favicon.svg").write_text("<svg/>")
    (dist / "assets").mkdir()
    (dist / "assets" / "index-abc123.js").write_text("console.log(1)")
    (dist / "assets" / "index-abc123.js.gz").write_bytes(gzip.compress(b"console.log(1)"))
    run = dist / "pyodide" / "0123456789ab"
    run.mkdir(parents=True)
    (run / "pyodide.asm.wasm").write_bytes(WASM)
    (run / "pyodide.asm.wasm.br").write_bytes(b"brotli-bytes")
    (run / "pyodide.asm.wasm.gz").write_bytes(gzip.compress(WASM))
    (tmp_path_factory.getbasetemp() / "secret.txt").write_text("no")
    return make_client(static_dir=dist)


def test_hashed_files_are_immutable_and_precompressed(web):
    url = "/pyodide/0123456789ab/pyodide.asm.wasm"
    br = web.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert br.status_code == 200
    assert br.headers["content-encoding"] == "br"
    assert br.headers["content-type"] == "application/wasm"
    assert br.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert br.headers["vary"] == "Accept-Encoding"
    assert br.headers["content-length"] == str(len(b"brotli-bytes"))

    gz = web.get(url, headers={"Accept-Encoding": "gzip, br;q=0"})
    assert gz.headers["content-encoding"] == "gzip"
    assert gz.content == WASM  # the client decodes what it said it accepts
    assert gz.headers["etag"] != br.headers["etag"]

    plain = web.get(url, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.content == WASM

    again = web.get(url, headers={"Accept-Encoding": "br", "If-None-Match": br.headers["etag"]})
    assert again.status_code == 304 and again.content == b""


def test_a_file_without_twins_is_sent_as_is(web):
    r = web.get("/assets/index-abc123.js", headers={"Accept-Encoding": "br"})
    assert r.status_code == 200 and "content-encoding" not in r.headers
    assert r.headers["content-type"].startswith("text/javascript")
    assert r.headers["cache-control"].endswith("immutable")


def test_html_revalidates_with_an_etag(web):
    for path in ("/", "/learn/decnet-link-quota/3", "/explore/decnet", "/favicon.svg"):
        r = web.get(path)
        assert r.status_code == 200, path
        assert r.headers["cache-control"] == "no-cache"
        assert web.get(path, headers={"If-None-Match": r.headers["etag"]}).status_code == 304


def test_an_explorer_names_its_first_views_requests_for_a_slow_link_to_fetch_early(web):
    link = web.get("/explore/lavc").headers.get("link", "")
    for url in ("/api/models/lavc", "/api/models/lavc/card", "/api/validation/lavc"):
        assert f"<{url}>; rel=preload; as=fetch; crossorigin=anonymous" in link
        assert web.get(url).status_code == 200, url  # each a request the page makes and the API answers
    assert "link" not in web.get("/").headers and "link" not in web.get("/learn/decnet-link-quota/3").headers
    # an unknown or hostile system names nothing (no preload of a 404, nothing echoed)
    for path in ("/explore/nope", "/explore/%3Cscript%3E", "/explore/lavc/extra"):
        assert "link" not in web.get(path).headers, path


def test_nothing_outside_the_build_and_no_twins_by_name(web):
    for path in ("/assets/../../secret.txt", "/assets/%2e%2e/%2e%2e/secret.txt", "/pyodide/..%2f..%2f..%2fsecret.txt"):
        assert b"no" != web.get(path).content, path
    for path in (
        "/assets/%2e%2e/%2e%2e/secret.txt",
        "/pyodide/0123456789ab/pyodide.asm.wasm.br",
        "/assets/missing.js",
        "/py/nothing.zip",
        "/api/nothing/here",
    ):
        assert web.get(path).status_code == 404, path


def test_api_json_is_gzipped_for_clients_that_accept_it(web):
    r = web.get("/api/datasets/decnet-throughput", headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 200 and r.headers["content-encoding"] == "gzip"
    assert int(r.headers["content-length"]) < len(r.content)  # httpx decoded it; the wire carried less
    plain = web.get("/api/datasets/decnet-throughput", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.headers["vary"] == "Accept-Encoding"
    # Files the build compressed are never compressed again.
    wasm = web.get("/pyodide/0123456789ab/pyodide.asm.wasm", headers={"Accept-Encoding": "gzip"})
    assert wasm.headers["content-encoding"] == "gzip" and wasm.content.startswith(b"\0asm")


def test_api_reads_have_validators_and_health_is_never_cached(web):
    for path in (
        "/api/models",
        "/api/models/decnet",
        "/api/models/decnet/card",
        "/api/sources",
        "/api/datasets",
        "/api/datasets/decnet-throughput",
        "/api/scenarios",
    ):
        r = web.get(path)
        assert r.status_code == 200 and r.headers["etag"], path
        assert web.get(path, headers={"If-None-Match": r.headers["etag"]}).status_code == 304, path
    for path in ("/api/health", "/api/ready"):
        assert web.get(path).headers["cache-control"] == "no-store"


def test_the_sandbox_for_edited_models_has_no_network(make_client, tmp_path_factory):
    """public/sandbox.html gets its own policy: no request of any kind, its inline script by
    hash, an opaque origin even opened on its own, framed only by the app; nothing else does."""
    import base64
    import hashlib

    dist = tmp_path_factory.mktemp("dist-sandbox")
    (dist / "index.html").write_text("<!doctype html><div id=root></div>")
    script = "\n  addEventListener('message', function () {});\n"
    (dist / "sandbox.html").write_text(f"<!doctype html><script>{script}</script>")
    web = make_client(static_dir=dist)
    csp = web.get("/sandbox.html").headers["content-security-policy"]
    rules = {d.strip().split(" ")[0]: d.strip().split(" ")[1:] for d in csp.split(";")}
    assert rules["default-src"] == ["'none'"] and rules["connect-src"] == ["'none'"]
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert rules["script-src"] == [f"'sha256-{digest}'", "blob:", "'wasm-unsafe-eval'"]
    assert rules["worker-src"] == ["blob:"] and rules["sandbox"] == ["allow-scripts"]
    assert rules["frame-ancestors"] == ["'self'"]
    assert len(web.get("/sandbox.html").headers.get_list("content-security-policy")) == 1
    # the app's own pages keep the app's policy (never framed, never the sandbox's)
    assert "frame-ancestors 'none'" in web.get("/").headers["content-security-policy"]
    assert "frame-ancestors 'none'" in web.get("/explore/afs").headers["content-security-policy"]


def test_pages_and_scripts_keep_the_pages_policy_and_isolation(web):
    # (an /api answer carries a shorter set: test_headers.py) a page, and a script a worker may
    # run, are cross-origin isolated under the page's policy
    for path in ("/", "/explore/afs", "/assets/index-abc123.js"):
        h = web.get(path).headers
        csp = h["content-security-policy"]
        assert "script-src 'self' 'wasm-unsafe-eval'" in csp and "unsafe-inline" not in csp, path
        assert h["referrer-policy"] == "same-origin"
        assert h["cross-origin-opener-policy"] == "same-origin"
        assert h["cross-origin-embedder-policy"] == "require-corp"
