"""The model routes' bodies mirror the models' own requests (perfmodels/types/requests.py): each
route takes every field its operation reads, under the same name, and nothing the operation does
not know, so that the server cannot fall behind the page's worker (its sweep once lacked `band`).
The server adds only its bounds; the fields it leaves out are named here with the reason."""

from typing import get_type_hints

import pytest

from app.api.routes import models as routes
from perfmodels.types import requests as asked

# (route body, the operation's request, the request's fields the route leaves out and why)
PAIRS = [
    (routes.EvaluateRequest, asked.EvaluateRequest, {}),
    (routes.SweepRequest, asked.SweepRequest, {}),
    (routes.BandRequest, asked.BandRequest, {}),
    (routes.AtlasRequest, asked.AtlasRequest, {}),
    (routes.SensitivityRequest, asked.SensitivityRequest, {}),
    (routes.TableRequest, asked.TableRequest, {}),
    (routes.SimulateRequest, asked.SimulateRequest, {}),
    (
        routes.FitRequest,
        asked.FitRequest,
        {
            "text": "the server fits rows: the page reads its text with the table route first",
            "left_out": "the server's fit always has its rows left out (the route sets it)",
        },
    ),
]


@pytest.mark.parametrize(("route", "request_type", "left_out"), PAIRS, ids=lambda p: getattr(p, "__name__", ""))
def test_a_route_body_has_its_operations_fields(route, request_type, left_out):
    operation = set(get_type_hints(request_type)) - {"system"}  # the system is the route's path
    body = set(route.model_fields)
    assert body - operation == set(), "fields the operation does not read"
    assert operation - body == set(left_out), "fields of the operation the route does not take"


def test_a_sweep_without_its_band_is_the_curve_alone(client):
    with_band = client.post("/api/models/lavc/sweep", json={"x": "users"}).json()
    alone = client.post("/api/models/lavc/sweep", json={"x": "users", "band": False})
    assert alone.status_code == 200
    assert alone.json()["band"] == {} and with_band["band"] != {}
    assert alone.json()["metrics"] == with_band["metrics"]
    assert client.post("/api/models/lavc/sweep", json={"x": "users", "band": "no"}).status_code == 422


def test_a_band_alone_is_the_sweeps_band(client):
    asked = {"x": "users"}
    with_band = client.post("/api/models/lavc/sweep", json=asked).json()
    alone = client.post("/api/models/lavc/band", json=asked)
    assert alone.status_code == 200
    assert alone.json() == with_band["band"] != {}
    assert client.post("/api/models/lavc/band", json={**asked, "band": True}).status_code == 422
    assert client.post("/api/models/nope/band", json=asked).status_code == 404
