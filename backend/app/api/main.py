"""The /api router: one sub-router per resource."""

from fastapi import APIRouter

from .routes import datasets, health, models, scenarios

api_router = APIRouter(prefix="/api")
api_router.include_router(health.router)
api_router.include_router(datasets.router)
api_router.include_router(models.router)
api_router.include_router(scenarios.router)
