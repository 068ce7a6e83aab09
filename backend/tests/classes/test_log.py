"""The class's event log read in order while joins and answers write side by side (classes/log.py):
a reader following the log from any place gets every event after it exactly once, in an order
that agrees with the tables (a device's later answer after its earlier one, a reset after the
answers it cleared), and a snapshot with its place in the log adds up to the tables exactly."""

import json
import threading
import time

from sqlalchemy.orm import Session

from app.classes import crud, reads
from app.classes import log as class_log
from app.classes.answers import AnswerIn
from app.classes.crud import Student, Teacher
from app.classes.log import Cursor
from app.core.db import write_turn
from app.lessons import Step

STEPS = 4


def point(step: int, y: float, key: str | None = None) -> AnswerIn:
    """A point answer to `step`, as a phone sends it."""
    return AnswerIn(step=step, answer={"kind": "point", "y": y}, key=key)


POINT = Step(predict="point", choices=0)


def _class(engine) -> tuple[str, Teacher]:
    with Session(engine) as db:
        c = crud.create(db, lesson_id="decnet-link-quota", lesson_text="", step_count=STEPS, token="teacher")
        db.commit()
        code = c.code
    with Session(engine) as db:
        teacher = crud.teacher(db, code, "teacher")
    with Session(engine) as db:
        crud.control(db, teacher, step_no=2, reveal=None, locked=None, pace="self", reset=False)
    return code, teacher


def _follow(engine, class_id: int, at: Cursor, teacher: bool, stop: threading.Event, out: list) -> None:
    """What a stream does: read after its place, send, move on; until told to stop and caught up."""
    while True:
        last_look = stop.is_set()  # told before this read began: everything written is in it
        with Session(engine) as db:
            rows, held = class_log.after(db, class_id, at, teacher)
        for cursor, body in rows:
            out.append((cursor, body))
            at = cursor
        if last_look and not rows and not held:
            return
        if not rows:
            time.sleep(0.002)


def test_a_reader_misses_nothing_and_repeats_nothing_while_many_write_at_once(engine):
    code, teacher = _class(engine)
    with Session(engine) as db:
        class_id = crud.find(db, code).id
    heard: list = []
    stop = threading.Event()
    reader = threading.Thread(target=_follow, args=(engine, class_id, class_log.START, True, stop, heard))
    reader.start()
    errors: list[BaseException] = []

    def student(i: int) -> None:
        try:
            with Session(engine) as db:
                crud.join(db, code, f"s{i}", f"token-{i}")
            for n in range(3):  # each answers step 2 three times, the last one stays
                with Session(engine) as db:
                    crud.answer(db, Student(code, f"token-{i}"), point(2, float(10 * i + n)), step=POINT, check=None)
        except BaseException as e:  # noqa: BLE001 (reported below)
            errors.append(e)

    threads = [threading.Thread(target=student, args=(i,)) for i in range(24)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stop.set()
    reader.join(timeout=30)
    assert not errors, errors[:2]

    cursors = [c for c, _ in heard]
    assert cursors == sorted(cursors) and len(set(cursors)) == len(cursors)  # in order, once each
    kinds = [body.split('"')[3] for _, body in heard]
    assert kinds.count("joined") == 24 and kinds.count("answers") == 72
    # what the teacher's screen folds from the events is what the tables hold
    last: dict[str, float] = {}
    for _, body in heard:
        e = json.loads(body)
        if e["type"] == "answers":
            last[e["answer"]["name"]] = e["answer"]["value"]
    assert last == {f"s{i}": float(10 * i + 2) for i in range(24)}


def test_a_snapshot_and_its_place_add_up_to_the_tables(engine):
    """Snapshots taken while answers are being written, each followed by the events after its
    place, give every student and final answer once; a reset after answers clears them."""
    code, teacher = _class(engine)
    with Session(engine) as db:
        class_id = crud.find(db, code).id
    for i in range(6):
        with Session(engine) as db:
            crud.join(db, code, f"s{i}", f"token-{i}")
    done = threading.Event()

    def answering() -> None:
        n = 0
        while not done.is_set():
            i = n % 6
            with Session(engine) as db:
                crud.answer(db, Student(code, f"token-{i}"), point(2, float(n)), step=POINT, check=None)
            n += 1
        with Session(engine) as db:
            crud.control(db, teacher, step_no=None, reveal=None, locked=None, pace=None, reset=True)
        with Session(engine) as db:
            crud.answer(db, Student(code, "token-0"), point(2, 0.25), step=POINT, check=None)

    writer = threading.Thread(target=answering)
    writer.start()
    followers = []
    for _ in range(8):  # devices connecting at moments while answers flow
        with Session(engine) as db, write_turn(engine):  # (as the stream route reads a teacher's)
            class_log.snapshot_reads(db)
            c = crud.find(db, code)
            seen, at = reads.snapshot(db, c, None)
        out: list = []
        stop = threading.Event()
        t = threading.Thread(target=_follow, args=(engine, class_id, at, True, stop, out))
        t.start()
        followers.append((seen, out, stop, t))
        time.sleep(0.02)
    done.set()
    writer.join()
    for seen, out, stop, t in followers:
        stop.set()
        t.join(timeout=30)
        answers = {a["name"]: a["value"] for a in seen.model_dump()["answers"] if a["step"] == 2}
        for _, body in out:  # the teacher's screen's fold (room.ts)
            e = json.loads(body)
            if e["type"] == "answers" and e.get("reset"):
                answers = {}
            elif e["type"] == "answers":
                answers[e["answer"]["name"]] = e["answer"]["value"]
        assert answers == {"s0": 0.25}


def test_a_students_read_of_the_log_goes_by_the_students_own_index(engine):
    """A student's device reads the events that are not the teacher's only (`now` as its stream
    opens, `after` when woken). A lecture hall logs ten thousand joined events, the teacher's only:
    read through the index on every event, each student's read stepped over all of them, and the
    later joins queued. The database's plan for both reads goes by the students' index."""
    from sqlalchemy import event, insert

    from app.core.tables import ClassEvent

    code, _ = _class(engine)
    with Session(engine) as db:
        class_id = crud.find(db, code).id
        joined = json.dumps({"type": "joined", "student": {"id": "x", "name": ""}})
        db.execute(insert(ClassEvent), [{"class_id": class_id, "teacher_only": True, "body": joined}] * 20_000)
        db.commit()
    postgres = engine.dialect.name == "postgresql"
    with engine.connect() as conn:
        conn.exec_driver_sql("ANALYZE")
        conn.commit()
    asked: list[tuple[str, object]] = []

    def keep(conn, cursor, statement, parameters, context, executemany):
        if "class_events" in statement:
            asked.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", keep)
    try:
        with Session(engine) as db:
            class_log.snapshot_reads(db)
            at = class_log.now(db, class_id, teacher=False)
            class_log.after(db, class_id, class_log.START, teacher=False)
            class_log.after(db, class_id, at, teacher=False)
    finally:
        event.remove(engine, "before_cursor_execute", keep)
    assert len(asked) == 3
    with engine.connect() as conn:
        for statement, parameters in asked:
            explain = "EXPLAIN " if postgres else "EXPLAIN QUERY PLAN "
            plan = " ".join(str(row) for row in conn.exec_driver_sql(explain + statement, parameters).all())
            assert "ix_class_events_students" in plan, (statement, plan)
