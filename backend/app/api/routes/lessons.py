"""Teachers' own lessons, stored like scenarios: created once (the text never changes), read by
a short link (/l/{slug}), deleted with the token given at creation. The server checks that the
file is a lesson it can run a class on; the browser checks it in full against the models."""

from __future__ import annotations

import secrets
from typing import Annotated

from fastapi import APIRouter, Header, HTTPException, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, StringConstraints

from ... import crud, lessons
from ..deps import open_session
from ..errors import problems

router = APIRouter(prefix="/lessons", tags=["lessons"])

Slug = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{8,32}$")]
LessonText = Annotated[str, StringConstraints(max_length=lessons.MAX_LESSON_BYTES, pattern=r"^[^\x00]*$")]


class LessonIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: LessonText


class LessonCreated(BaseModel):
    slug: str
    url: str
    delete_token: str


class StoredLesson(BaseModel):
    slug: str
    text: str
    created_at: str


@router.post("", status_code=201, response_model=LessonCreated, responses=problems(429, 503))
def create(body: LessonIn, request: Request) -> JSONResponse:
    limiter = request.app.state.create_limiter
    who = request.client.host if request.client else "unknown"
    if wait := limiter.wait(who):
        raise HTTPException(
            429, "too many things created; try again shortly", headers={"Retry-After": str(int(wait) + 1)}
        )
    try:
        lessons.read_steps(body.text)
    except lessons.LessonError as e:
        raise HTTPException(422, str(e)) from None
    limiter.take(who)
    token = secrets.token_urlsafe(24)
    with open_session(request.app.state.engine) as db:
        row = crud.store_lesson(db, text=body.text, token=token)
    if row is None:
        raise HTTPException(503, "could not allocate a link; try again")
    return JSONResponse({"slug": row.slug, "url": f"/l/{row.slug}", "delete_token": token}, status_code=201)


@router.get("/{slug}", response_model=StoredLesson)
def read(slug: Slug, request: Request) -> dict[str, str]:
    with open_session(request.app.state.engine) as db:
        row = crud.get_lesson(db, slug)
        if row is None:
            raise HTTPException(404, "no lesson at this link (it may have been deleted)")
        return {"slug": row.slug, "text": row.text, "created_at": row.created_at.isoformat()}


@router.delete("/{slug}", status_code=204, responses=problems(403))
def remove(slug: Slug, request: Request, x_delete_token: Annotated[str, Header(max_length=128)] = "") -> Response:
    with open_session(request.app.state.engine) as db:
        outcome = crud.delete_lesson(db, slug, x_delete_token)
    if outcome is crud.Deleted.MISSING:
        raise HTTPException(404, "no lesson at this link")
    if outcome is crud.Deleted.WRONG_TOKEN:
        raise HTTPException(403, "the delete token does not match")
    return Response(status_code=204)
