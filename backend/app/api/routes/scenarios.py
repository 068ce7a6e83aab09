"""Saved scenarios: create (returns a slug and a delete token shown once), read, list the
public ones, delete with the token. Scenarios never change, so reads come from a cache. An
edited model saved with one is packed text kept as it came: never unpacked, never run here."""

from __future__ import annotations

import json
import re
import secrets
from datetime import UTC
from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response
from pydantic import StringConstraints
from sqlalchemy import Engine
from starlette.types import ASGIApp, Receive, Scope, Send

import perfmodels

from ... import crud
from ...core.tables import Scenario
from ...scenario_state import checked_state, view_defaults
from ..caching import CACHE_CONTROL, cached, etag_for, etag_matches
from ..deps import EngineDep, SessionDep, open_session
from ..errors import problems
from ..lru import Lru
from ..quota import QuotaDep
from ..schemas import CreatedScenario, SavedScenario, ScenarioIn, ScenarioPage

router = APIRouter(prefix="/scenarios", tags=["scenarios"])

Slug = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{8,32}$")]

PAGE_SIZE = 20


def _public(s: Scenario) -> dict[str, Any]:
    state = json.loads(s.state)
    return {
        "slug": s.slug,
        "system": s.system,
        # every field of the view: the state keeps those not at their defaults
        **view_defaults(),
        **state,
        "title": s.title,
        "notes": s.notes,
        "public": s.public,
        "models_version": s.models_version,
        "edit": s.edit,
        "created_at": s.created_at.replace(tzinfo=UTC).isoformat()
        if s.created_at.tzinfo is None
        else s.created_at.isoformat(),
    }


# Rendered scenarios (body, ETag) by slug. Entries expire so that a deletion made through
# another process is seen within 30 s.
CACHE: Lru[tuple[bytes, str]] = Lru(10_000, ttl=30.0)


@router.post("", status_code=201, response_model=CreatedScenario, responses=problems(429, 503))
def create(body: ScenarioIn, db: SessionDep, quota: QuotaDep) -> JSONResponse:
    quota.may_create("scenarios")
    try:
        state = checked_state(body)  # a refused body (422) uses none of the quota
    except ValueError as e:
        raise HTTPException(422, str(e)) from None
    quota.created("scenarios")
    token = secrets.token_urlsafe(24)
    row = crud.create_scenario(
        db,
        token=token,
        system=body.system,
        state=json.dumps(state),
        title=body.title,
        notes=body.notes,
        public=body.public,
        edit=body.edit,
        models_version=perfmodels.__version__,
    )
    if row is None:
        raise HTTPException(503, "could not allocate a link; try again")
    return JSONResponse(
        {"slug": row.slug, "url": f"/s/{row.slug}", "delete_token": token, "scenario": _public(row)}, status_code=201
    )


def _load(engine: Engine, slug: str) -> tuple[bytes, str]:
    with open_session(engine) as db:
        row = crud.get_scenario(db, slug)
    if row is None:
        raise HTTPException(404, "no scenario at this link (it may have been deleted)")
    doc = {
        **_public(row),
        "models_version_now": perfmodels.__version__,
        "models_changed": row.models_version != perfmodels.__version__,
    }
    return json.dumps(doc, separators=(",", ":")).encode(), etag_for("scenario", slug, perfmodels.__version__)


def _reply(hit: tuple[bytes, str], if_none_match: str) -> Response:
    body, etag = hit
    headers = {"ETag": etag, "Cache-Control": CACHE_CONTROL}
    if etag_matches(if_none_match, etag):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


@router.get("/{slug}", response_model=SavedScenario)
async def read(slug: Slug, request: Request, engine: EngineDep) -> Response:
    # Reached on a cache miss (CachedReads answers hits before routing). async, and no session
    # dependency: only a miss opens a session, in the thread pool.
    hit = CACHE.get(slug)
    if hit is None:
        hit = await run_in_threadpool(_load, engine, slug)
        CACHE.put(slug, hit)
    return _reply(hit, request.headers.get("if-none-match", ""))


_READ_PATH = re.compile(r"^/api/scenarios/([A-Za-z0-9_-]{8,32})$")


class CachedReads:
    """A shared scenario link is the busiest read, and its answer is the same bytes every time:
    a cached one is sent before FastAPI routes the request (matching the path and solving the
    route's parameters cost more than the answer). It sits inside the app's middleware, so the
    request id, log line and headers are as for any route; a miss goes on to `read`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET" and (m := _READ_PATH.match(scope["path"])):
            hit = CACHE.get(m.group(1))
            if hit is not None:
                inm = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"if-none-match"), "")
                await _reply(hit, inm)(scope, receive, send)
                return
        await self.app(scope, receive, send)


@router.delete("/{slug}", status_code=204, responses=problems(403))
def remove(slug: Slug, db: SessionDep, x_delete_token: Annotated[str, Header(max_length=128)] = "") -> Response:
    outcome = crud.delete_scenario(db, slug, x_delete_token)
    if outcome is crud.Deleted.MISSING:
        raise HTTPException(404, "no scenario at this link")
    if outcome is crud.Deleted.WRONG_TOKEN:
        raise HTTPException(403, "the delete token does not match")
    CACHE.drop(slug)
    return Response(status_code=204)


@router.get("", response_model=ScenarioPage)
def list_public(
    request: Request,
    db: SessionDep,
    system: Annotated[str | None, Query(max_length=32, pattern=r"^[A-Za-z0-9_-]+$")] = None,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
) -> Response:
    rows = crud.list_public(db, system=system, offset=(page - 1) * PAGE_SIZE, limit=PAGE_SIZE + 1)
    body = {"page": page, "items": [_public(r) for r in rows[:PAGE_SIZE]], "more": len(rows) > PAGE_SIZE}
    # The listing changes whenever someone saves: validated by its content, not cached blind.
    return cached(request, etag_for("public", json.dumps(body, sort_keys=True, default=str)), lambda: body)
