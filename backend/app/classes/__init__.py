"""Live classes, in one package: a teacher starts one on a lesson, students join by its code and
answer each step from their own devices, and every device follows the class by an event stream.

- `models.py`: the event contract (one Pydantic model per kind of event) and what a write returns
  (`Written`: its answer and the events it logged).
- `rules.py`: the step rules as pure functions, and `ClassError` (a refusal with its status).
- `crud.py`: every write to a class (create, join, answer, control, end, purge); `reads.py`: what
  a device is shown (the state, a snapshot, a step's spread, the answers' rows).
- `groups.py`: the discussion groups of a step voted twice; `report.py`: the class's report
  (each step's rounds against the model, and confidence); `gain.py` and `effect.py`: the concept
  check on matched students (shares, gains, Cohen's d); `sheets.py`: the check by student and
  the key to the coded columns of the downloads.
- `door.py`: how often an address may name unknown class codes, and why codes have 10 characters.
- `log.py`: the class's event log and the order streams read it in.
- `bus.py`: the wake-ups that tell a class's streams to read (`announce` after a write commits).
- `streams.py`: the open streams' caps; `shared_reads.py`: one read for a class's woken streams.
- `sweep.py`: old classes forgotten every so often.

HTTP stays in `api/`: the routes (`api/routes/classes.py`, `api/routes/class_events.py`) and the
dependencies that say who asks (`api/deps.py`).
"""
