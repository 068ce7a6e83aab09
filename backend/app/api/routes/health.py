"""Liveness and database reachability."""

from fastapi import APIRouter, Request

import perfmodels

from ...core.db import ping

router = APIRouter(tags=["health"])


@router.get("/health")
def health(request: Request) -> dict:
    return {"status": "ok", "database": ping(request.app.state.engine),
            "models_version": perfmodels.__version__}
