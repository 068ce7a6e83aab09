"""The scenario queries on their own, on the test database (SQLite or PostgreSQL)."""

import itertools

from sqlalchemy.orm import Session

from app import crud

FIELDS = {"system": "decnet", "state": "{}", "title": "t", "notes": "", "public": True, "models_version": "0"}


def test_create_keeps_only_the_tokens_hash(engine):
    with Session(engine, expire_on_commit=False) as db:
        row = crud.create_scenario(db, token="secret-token", **FIELDS)
    assert row is not None and len(row.slug) == 16
    assert "secret-token" not in row.delete_token_sha256 and len(row.delete_token_sha256) == 64
    with Session(engine) as db:
        got = crud.get_scenario(db, row.slug)
        assert got is not None and got.title == "t"
        assert crud.get_scenario(db, "no-such-slug") is None


def test_an_edit_is_kept_as_given_and_none_is_the_default(engine):
    packed = "80xPSszJyS9PLcnMz1MoSS0u0c3MS8nMS8_J0VFIzs8rSc0rUcjPS1VwTs3JLUjMTtVRSM7Py0st0uCqAQA"
    with Session(engine, expire_on_commit=False) as db:
        edited = crud.create_scenario(db, token="e", **FIELDS, edit=packed)
        plain = crud.create_scenario(db, token="p", **FIELDS)
    assert edited is not None and plain is not None
    with Session(engine) as db:
        got, other = crud.get_scenario(db, edited.slug), crud.get_scenario(db, plain.slug)
        assert got is not None and got.edit == packed
        assert other is not None and other.edit is None


def test_delete_checks_the_token(engine):
    with Session(engine, expire_on_commit=False) as db:
        row = crud.create_scenario(db, token="right", **FIELDS)
    assert row is not None
    with Session(engine) as db:
        assert crud.delete_scenario(db, row.slug, "") is crud.Deleted.WRONG_TOKEN
    with Session(engine) as db:
        assert crud.delete_scenario(db, row.slug, "wrong") is crud.Deleted.WRONG_TOKEN
    with Session(engine) as db:
        assert crud.delete_scenario(db, row.slug, "right") is crud.Deleted.DONE
    with Session(engine) as db:
        assert crud.delete_scenario(db, row.slug, "right") is crud.Deleted.MISSING


def test_a_taken_slug_is_retried_then_given_up(engine, monkeypatch):
    with Session(engine, expire_on_commit=False) as db:
        first = crud.create_scenario(db, token="a", **FIELDS)
    assert first is not None
    # The first draw repeats the taken slug, the second is fresh: the row is stored.
    draws = itertools.chain([first.slug], itertools.repeat("fresh-slug-0001"))
    monkeypatch.setattr(crud.secrets, "token_urlsafe", lambda n: next(draws))
    with Session(engine, expire_on_commit=False) as db:
        again = crud.create_scenario(db, token="b", **FIELDS)
    assert again is not None and again.slug == "fresh-slug-0001"
    # Every draw taken: no row, and the caller is told.
    monkeypatch.setattr(crud.secrets, "token_urlsafe", lambda n: first.slug)
    with Session(engine) as db:
        assert crud.create_scenario(db, token="c", **FIELDS) is None


def test_public_listing_pages_newest_first(engine):
    with Session(engine, expire_on_commit=False) as db:
        made = [crud.create_scenario(db, token="x", **{**FIELDS, "system": "ffs", "title": str(i)}) for i in range(5)]
        crud.create_scenario(db, token="x", **{**FIELDS, "system": "ffs", "public": False})
    with Session(engine) as db:
        first = crud.list_public(db, system="ffs", offset=0, limit=3)
        rest = crud.list_public(db, system="ffs", offset=3, limit=3)
    titles = [r.title for r in first + rest]
    assert titles == [str(i) for i in reversed(range(5))]
    assert {r.slug for r in first}.isdisjoint({r.slug for r in rest})
    assert all(r.public for r in first + rest) and all(m is not None for m in made)


def test_concurrent_creations_all_land(engine):
    """Sixteen threads saving at once: every save is stored, none refused as "database is
    locked" (on SQLite they take turns in write_turn rather than in SQLite's busy wait)."""
    from concurrent.futures import ThreadPoolExecutor

    def save(i: int) -> str:
        with Session(engine, expire_on_commit=False) as db:
            row = crud.create_scenario(db, token=f"t{i}", **{**FIELDS, "title": f"concurrent {i}"})
            assert row is not None
            return row.slug

    with ThreadPoolExecutor(16) as pool:
        slugs = list(pool.map(save, range(160)))
    with Session(engine) as db:
        assert all(crud.get_scenario(db, s) is not None for s in slugs)
    assert len(set(slugs)) == 160


def test_writers_take_turns_on_sqlite(engine):
    import threading

    from app.core.db import write_turn

    second_in = threading.Event()

    def second() -> None:
        with write_turn(engine):
            second_in.set()

    with write_turn(engine):
        t = threading.Thread(target=second)
        t.start()
        # While the first writer holds its turn, the second waits (on SQLite) or not (PostgreSQL).
        assert second_in.wait(0.2) is (engine.dialect.name != "sqlite")
    t.join(5)
    assert second_in.is_set()
