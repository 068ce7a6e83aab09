"""Teachers' own lessons, stored like scenarios: created once (the text never changes), read by
a short link (/l/{slug}), deleted with the token given at creation. The server checks that the
file is a lesson it can run a class on; the browser checks it in full against the models."""

from __future__ import annotations

import secrets
from typing import Annotated

from fastapi import APIRouter, Header, HTTPException
from fastapi.responses import JSONResponse, Response

from ... import crud, lesson_keys, lessons
from ..deps import SessionDep
from ..errors import problems
from ..quota import QuotaDep
from ..schemas import LessonCreated, LessonIn, LessonRead, LessonSlug

router = APIRouter(prefix="/lessons", tags=["lessons"])


@router.post("", status_code=201, response_model=LessonCreated, responses=problems(429, 503))
def create(body: LessonIn, db: SessionDep, quota: QuotaDep) -> JSONResponse:
    quota.may_create("lessons")
    try:
        lessons.read_steps(body.text)
        wrong = lesson_keys.key_problems(body.text)
    except lessons.LessonError as e:
        raise HTTPException(422, str(e)) from None
    if wrong:
        raise HTTPException(422, "the answer key disagrees with the model: " + "; ".join(wrong))
    quota.created("lessons")
    token = secrets.token_urlsafe(24)
    row = crud.store_lesson(db, text=body.text, token=token)
    if row is None:
        raise HTTPException(503, "could not allocate a link; try again")
    return JSONResponse({"slug": row.slug, "url": f"/l/{row.slug}", "delete_token": token}, status_code=201)


@router.get("/{slug}", response_model=LessonRead)
def read(slug: LessonSlug, db: SessionDep) -> dict[str, str]:
    row = crud.get_lesson(db, slug)
    if row is None:
        raise HTTPException(404, "no lesson at this link (it may have been deleted)")
    return {"slug": row.slug, "text": row.text, "created_at": row.created_at.isoformat()}


@router.delete("/{slug}", status_code=204, responses=problems(403))
def remove(slug: LessonSlug, db: SessionDep, x_delete_token: Annotated[str, Header(max_length=128)] = "") -> Response:
    outcome = crud.delete_lesson(db, slug, x_delete_token)
    if outcome is crud.Deleted.MISSING:
        raise HTTPException(404, "no lesson at this link")
    if outcome is crud.Deleted.WRONG_TOKEN:
        raise HTTPException(403, "the delete token does not match")
    return Response(status_code=204)
