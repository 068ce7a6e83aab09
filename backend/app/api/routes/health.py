"""Liveness (/health: the process answers; it reports the database and the models' version) and
readiness (/ready: 200 only when the database answers and its schema is current, so a proxy or
orchestrator sends traffic only to processes that can serve it)."""

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from sqlalchemy import Engine

import perfmodels

from ...core.db import ping, schema_is_current
from ..deps import EngineDep
from ..schemas import Health, Ready

router = APIRouter(tags=["health"])


def _database(engine: Engine) -> tuple[bool, bool]:
    try:
        return ping(engine), schema_is_current(engine)
    except Exception:  # an unreachable database is an answer here, not an error
        return False, False


NO_STORE = {"Cache-Control": "no-store"}  # a state of this moment, never to be reused


@router.get("/health", response_model=Health)
def health(engine: EngineDep) -> JSONResponse:
    # liveness, cheap: one SELECT 1, never the migration check (that is /ready's)
    try:
        up = ping(engine)
    except Exception:  # an unreachable database is an answer here, not an error
        up = False
    return JSONResponse({"status": "ok", "database": up, "models_version": perfmodels.__version__}, headers=NO_STORE)


@router.get(
    "/ready",
    response_model=Ready,
    responses={503: {"description": "Not ready: the database is unreachable or behind."}},
)
def ready(engine: EngineDep) -> JSONResponse:
    up, current = _database(engine)
    ok = up and current
    return JSONResponse(
        {"ready": ok, "database": up, "schema_current": current, "models_version": perfmodels.__version__},
        status_code=200 if ok else 503,
        headers=NO_STORE,
    )
