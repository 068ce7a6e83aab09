"""The FastAPI application: /api routes plus the built frontend, from one process.

Run with `python -m app` (HOST, PORT and DATABASE_URL come from the environment).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

import perfmodels
from perfmodels.fitting.owndata import MAX_BYTES as MAX_TABLE_BYTES

from .api import main as api
from .api.errors import class_refusal, database_unavailable, json_error_bodies, validation_problem
from .api.routes import scenarios
from .api.schemas import MAX_EDIT_CHARS
from .classes.bus import make_bus
from .classes.door import CodeDoor
from .classes.models import with_class_events
from .classes.rules import ClassError
from .classes.shared_reads import SharedReads
from .classes.streams import StreamGate, StreamSlots
from .classes.sweep import forget_old_classes
from .compute import ModelPool
from .core.compression import ApiGzip
from .core.config import Settings
from .core.config import settings as default_settings
from .core.db import AWAY, make_engine, migrate
from .core.headers import HeadAsGet, SecurityHeaders
from .core.limits import BodySizeLimit, HeaderSizeLimit, RateLimiter
from .core.logs import RequestContext
from .lessons import MAX_LESSON_BYTES
from .static import mount_frontend


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or default_settings
    engine = make_engine(settings.database_url)
    migrate(engine)

    pool = ModelPool(settings.model_processes or max(1, (os.cpu_count() or 2) - 1))
    bus = make_bus(engine)  # wakes live classes' event streams (LISTEN/NOTIFY on PostgreSQL)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await pool.warm()  # the workers start with the server, not on a visitor's first curve
        sweeper = asyncio.create_task(forget_old_classes(engine, settings.class_sweep_s))
        yield
        sweeper.cancel()
        pool.close()
        bus.close()
        engine.dispose()

    docs = settings.api_docs  # the schema itself (/openapi.json) is always served
    app = FastAPI(
        title="Memo Lab",
        version="0.1.0",
        lifespan=lifespan,
        docs_url="/docs" if docs else None,
        redoc_url="/redoc" if docs else None,
        # No OpenTelemetry here: off, so no request pays for asking whether it is configured.
        telemetry={"tracing": False, "metrics": False, "logs": False},
    )
    # What the routes receive, typed, by dependency: api/deps.py's `Made` names each (keep them alike).
    app.state.engine = engine
    app.state.settings = settings
    app.state.create_limiter = RateLimiter(settings.create_per_minute, 60.0)
    app.state.model_budget = RateLimiter(
        settings.model_cpu_s_per_minute,
        60.0,
        need=0.0,
        burst=min(settings.model_cpu_s_burst, settings.model_cpu_s_per_minute),
    )
    app.state.model_pool = pool
    app.state.class_bus = bus
    app.state.shared_reads = SharedReads()  # a class's streams woken together read once
    streams = StreamSlots(settings.streams_per_token, settings.streams_per_address, settings.streams_total)
    app.state.streams = streams
    app.state.answer_limiter = RateLimiter(60, 60.0)  # per student device
    app.state.class_door = CodeDoor()  # unknown class codes, per address and across the app
    app.add_middleware(scenarios.CachedReads)  # innermost: a cached scenario read skips routing
    app.add_middleware(ApiGzip)
    # a lesson file, and a user's own table (64 KB of text, JSON-escaped, or its rows as JSON)
    larger = {"/api/classes": 4 * MAX_LESSON_BYTES, "/api/lessons": 4 * MAX_LESSON_BYTES}
    larger |= {f"/api/models/{s}/{op}": 4 * MAX_TABLE_BYTES for s in perfmodels.systems() for op in ("fit", "table")}
    # a view with a user's own table, and an edited model packed (base64url: never escaped)
    larger["/api/scenarios"] = 4 * MAX_TABLE_BYTES + MAX_EDIT_CHARS + 16 * 1024
    app.add_middleware(BodySizeLimit, larger=larger)
    app.add_middleware(HeaderSizeLimit, limit=settings.max_header_bytes)
    app.add_middleware(StreamGate, slots=streams)  # a stream past the caps: refused before routing
    app.add_middleware(RequestContext)  # every response has an id and a log line; errors become a JSON 500
    app.add_middleware(SecurityHeaders)  # outermost: on every response, that 500 included
    app.add_exception_handler(RequestValidationError, validation_problem)
    app.add_exception_handler(ClassError, class_refusal)  # a live class's refusals: their status and reason
    # the database away (restarting, a connection dropped, every connection busy): 503, try again
    for lost in AWAY:
        app.add_exception_handler(lost, database_unavailable)
    # The client's address: the peer's, or, from a trusted proxy only, the one it forwards.
    trusted = [h.strip() for h in settings.trusted_proxies.split(",") if h.strip()]
    app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=trusted or [])
    app.add_middleware(HeadAsGet)  # HEAD on any /api GET: the GET's status and headers, no body
    for router in api.routers:
        app.include_router(router, prefix=api.PREFIX, responses=api.RESPONSES)
    mount_frontend(app, settings.static_dir)
    make_schema = app.openapi
    app.openapi = lambda: app.openapi_schema or with_class_events(json_error_bodies(make_schema()))  # type: ignore[method-assign]
    return app
