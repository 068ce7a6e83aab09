"""docker-compose.yml, the Dockerfile and the proxy configuration agree with each other and with
the environment the app reads (no Docker engine runs here, so this is checked by reading)."""

import re
from pathlib import Path

import yaml

from app.core.config import Settings

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
DOCKERFILE = (ROOT / "Dockerfile").read_text()
NGINX = (ROOT / "deploy" / "nginx.conf").read_text()
SETTINGS = {name.upper() for name in Settings.model_fields}


def test_services_and_topology():
    s = COMPOSE["services"]
    assert set(s) == {"db", "app", "proxy"}
    assert s["app"]["deploy"]["replicas"] >= 2
    assert s["app"]["depends_on"]["db"]["condition"] == "service_healthy"
    assert "pg_isready" in " ".join(s["db"]["healthcheck"]["test"])
    assert any(v.endswith(":/var/lib/postgresql/data") for v in s["db"]["volumes"])
    assert "/api/ready" in " ".join(s["app"]["healthcheck"]["test"])
    assert s["proxy"]["depends_on"]["app"]["condition"] == "service_healthy"


def test_docker_waits_for_the_graceful_stop():
    app = COMPOSE["services"]["app"]
    grace = int(app["environment"]["SHUTDOWN_GRACE_S"])
    assert grace == Settings.model_fields["shutdown_grace_s"].default
    assert int(app["stop_grace_period"].rstrip("s")) > grace


def test_app_environment_is_what_the_app_reads():
    env = COMPOSE["services"]["app"]["environment"]
    assert set(env) <= SETTINGS, set(env) - SETTINGS
    db = COMPOSE["services"]["db"]["environment"]
    url = re.match(r"postgresql\+psycopg://(\w+):(\w+)@(\w+):(\d+)/(\w+)$", env["DATABASE_URL"])
    assert url, env["DATABASE_URL"]
    user, password, host, port, name = url.groups()
    assert (user, password, name) == (db["POSTGRES_USER"], db["POSTGRES_PASSWORD"], db["POSTGRES_DB"])
    assert host == "db" and port == "5432"
    dockerfile_env = dict(re.findall(r"(\w+)=(\S+)", re.search(r"^ENV (.+)$", DOCKERFILE, re.M).group(1)))
    assert set(dockerfile_env) <= SETTINGS


def test_ports_line_up():
    app_port = COMPOSE["services"]["app"]["environment"]["PORT"]
    assert COMPOSE["services"]["app"]["expose"] == [app_port]
    assert re.search(rf"^EXPOSE {app_port}$", DOCKERFILE, re.M)
    assert f"server app:{app_port};" in NGINX
    assert any(p.endswith(":80") for p in COMPOSE["services"]["proxy"]["ports"])
    assert "listen 80;" in NGINX
    assert "./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro" in COMPOSE["services"]["proxy"]["volumes"]


def test_image_runs_the_app_with_everything_it_serves():
    assert 'CMD ["python", "-m", "app"]' in DOCKERFILE
    assert "COPY --from=web /src/frontend/dist /app/frontend/dist" in DOCKERFILE
    assert "STATIC_DIR=/app/frontend/dist" in DOCKERFILE
    assert "pack_models.py" in DOCKERFILE and "pyodide.asm.wasm" in DOCKERFILE
    # The browser's Python runs on the trimmed standard library the build makes, with its guard
    # (frontend/build/delivery.ts needs it).
    assert DOCKERFILE.index("make_stdlib.mjs") < DOCKERFILE.index("vite build")
    assert "scripts/stdlib_guard.py" in DOCKERFILE
    # The proxy enforces the same body limit as the app.
    assert "client_max_body_size 16k;" in NGINX


def test_web_stage_copies_every_folder_the_frontend_build_reads():
    # vite.config.ts reads lessons/ (checked at build) and public/; the build packs models/.
    for folder in ("frontend", "public", "models", "lessons"):
        assert re.search(rf"^COPY {folder} {folder}$", DOCKERFILE, re.M), folder


def test_the_proxy_limits_headers_like_the_app():
    buffers = re.search(r"large_client_header_buffers (\d+) (\d+)k;", NGINX)
    assert buffers, "the proxy bounds a request's headers"
    assert int(buffers[1]) * int(buffers[2]) * 1024 <= 2 * Settings.model_fields["max_header_bytes"].default
    assert re.search(r"client_header_timeout \d+s;", NGINX), "the proxy drops a client that trickles its headers"


def test_only_the_proxy_is_trusted_to_name_the_client():
    app = COMPOSE["services"]["app"]
    assert "ports" not in app, "the app is reached only through the proxy"
    assert app["environment"]["TRUSTED_PROXIES"] == "*"
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in NGINX
    assert Settings.model_fields["trusted_proxies"].default == "", "no proxy is trusted by default"


def test_the_proxy_limits_creations_across_replicas():
    assert re.search(r"limit_req_zone \$create_key zone=create:\d+m rate=(\d+)r/m;", NGINX)
    rate = int(re.search(r"rate=(\d+)r/m", NGINX)[1])
    assert rate == Settings.model_fields["create_per_minute"].default
    block = NGINX[NGINX.index("location = /api/scenarios") :]
    assert "limit_req zone=create" in block[: block.index("}")]
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in block[: block.index("}")]


def test_the_image_has_the_lessons_a_class_checks_answers_against():
    assert "COPY lessons /app/lessons" in DOCKERFILE
    assert "LESSONS_DIR=/app/lessons" in DOCKERFILE
    assert "lessons_dir" in Settings.model_fields


def test_the_proxy_streams_class_events_and_takes_lesson_files():
    events = NGINX[NGINX.index("location ~ ^/api/classes/[^/]+/events$") :]
    events = events[: events.index("}")]
    assert "proxy_buffering off;" in events and re.search(r"proxy_read_timeout \d+h;", events)
    files = NGINX[NGINX.index("location ~ ^/api/(classes|lessons)$") :]
    files = files[: files.index("}")]
    assert "client_max_body_size 256k;" in files and "limit_req zone=create" in files
    # the app takes as much on those paths (core/limits.py BodySizeLimit)
    from app.lessons import MAX_LESSON_BYTES

    assert 4 * MAX_LESSON_BYTES == 256 * 1024


def test_the_proxy_holds_a_lecture_halls_streams():
    # each student's event stream holds two connections in the proxy (the phone's, the app's)
    main = (ROOT / "deploy" / "nginx-main.conf").read_text()
    assert "./deploy/nginx-main.conf:/etc/nginx/nginx.conf:ro" in COMPOSE["services"]["proxy"]["volumes"]
    largest = next(m.le for m in Settings.model_fields["class_max_students"].metadata if hasattr(m, "le"))
    assert int(re.search(r"worker_connections (\d+);", main).group(1)) >= 2 * largest
    assert "include /etc/nginx/conf.d/*.conf;" in main
    stream = re.search(r"location ~ \^/api/classes/\[\^/\]\+/events\$ \{(.*?)\}", NGINX, re.S)
    assert stream and "proxy_buffering off;" in stream.group(1)


def test_the_proxy_closes_an_idle_connection_before_the_app_does():
    """Else the proxy may send a request on a connection the app is closing: it is reset, and a
    POST (not sent again) answered 502, as one answer in 10,000 was (bench/lecture_hall.sh)."""
    upstream = re.search(r"upstream memolab \{(.*?)\}", NGINX, re.S)
    assert upstream and "keepalive " in upstream[1], "the proxy keeps connections to the app"
    proxy = re.search(r"keepalive_timeout (\d+)s;", upstream[1])
    assert proxy, "the proxy says how long it keeps an idle connection to the app (its default is 60 s)"
    app = Settings.model_fields["keep_alive_s"].default
    assert int(proxy[1]) < app, (proxy[1], app)
    main = (ROOT / "backend" / "app" / "__main__.py").read_text()
    assert "timeout_keep_alive=settings.keep_alive_s" in main, (
        "uvicorn keeps an idle connection as long as the setting says"
    )
