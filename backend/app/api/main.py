"""The /api routes: one router per resource, each included by the app under /api."""

from fastapi import APIRouter

from .errors import problems
from .routes import class_events, classes, datasets, health, lessons, models, scenarios, validation

PREFIX = "/api"
# Any route may answer 400 (unreadable body), 404 (unknown thing), 413 (body too big) or 422 (bad input).
RESPONSES = problems(400, 404, 413, 422)
# Scenarios first: FastAPI tries routes in order, and a shared scenario link is the busiest read.
# The app includes these one by one rather than through one /api router: each level of nested
# routers is matched twice per request.
routers: list[APIRouter] = [
    scenarios.router,
    health.router,
    datasets.router,
    models.router,
    classes.router,
    class_events.router,
    lessons.router,
    validation.router,
]
