"""The /api router: one sub-router per resource."""

from fastapi import APIRouter

from .errors import problems
from .routes import datasets, health, models, scenarios

# Any route may answer 400 (unreadable body), 404 (unknown thing), 413 (body too big) or 422 (bad input).
api_router = APIRouter(prefix="/api", responses=problems(400, 404, 413, 422))
api_router.include_router(health.router)
api_router.include_router(datasets.router)
api_router.include_router(models.router)
api_router.include_router(scenarios.router)
