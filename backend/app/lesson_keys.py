"""A lesson's answer keys judged by the model, so a wrong key is refused on publishing too, not
only in the teacher's browser: a choice that names each choice's bottleneck by the model's
bottleneck at its step's setting, one that says where its simulation lands by the simulation."""

from __future__ import annotations

from typing import Any

from perfmodels import registry

from .lessons import MAX_CHECK, MAX_STEPS, load_yaml


def key_problems(text: str) -> list[str]:
    """Where a choice question's answer key disagrees with the model: a question that names each
    choice's bottleneck (`bottlenecks`, as the page's checker reads it: claims.ts) is judged by the
    model's bottleneck at its step's setting, one that says where its simulation lands (`simulate`
    and `lands`: lands.ts) by the simulation there, so a wrong key is refused on publishing too,
    not only in the teacher's browser. A setting the model refuses is left to the page's checks."""
    doc = load_yaml(text)
    if not isinstance(doc, dict):
        return []

    def listed(key: str) -> list[Any]:
        found = doc.get(key)
        return found if isinstance(found, list) else []

    asked = (
        [("step", s) for s in listed("steps")]
        + [("check question", q) for q in listed("check")]
        + [("form B question", q) for q in listed("check_b")]
    )
    seen = {"step": 0, "check question": 0, "form B question": 0}
    out: list[str] = []
    for kind, s in asked[: MAX_STEPS + 2 * MAX_CHECK]:
        seen[kind] += 1
        q = s.get("question") if isinstance(s, dict) else None
        names = q.get("bottlenecks") if isinstance(q, dict) and q.get("predict") == "choice" else None
        state = s.get("state") if isinstance(s, dict) else None
        if isinstance(q, dict) and q.get("predict") == "choice" and isinstance(state, dict):
            said = _lands_problem(state, q)
            if said:
                out.append(f"{kind} {seen[kind]}: {said}")
        if not isinstance(names, list) or not isinstance(state, dict) or not isinstance(q, dict):
            continue
        try:
            model = registry.evaluate(str(state.get("system")), state.get("knobs") or {})["bottleneck"]
        except (ValueError, TypeError, KeyError, AttributeError):
            continue
        right, given = (names.index(model) + 1 if model in names else 0), q.get("answer")
        if not right:
            out.append(f"{kind} {seen[kind]}: the model's bottleneck here is {model}, which no choice names")
        elif right != given:
            out.append(
                f"{kind} {seen[kind]}: the model's bottleneck here is {model}: choice {right}, not choice {given}"
            )
    return out


# A choice judged by the simulator (frontend/src/lesson/lands.ts): the step's setting simulated
# with the question's spread, the lessons' seed and the server's bounds, against the model there.
LESSON_SEED = 1
CLEAR_SHARE = 0.01


def _lands_problem(state: dict[str, Any], q: dict[str, Any]) -> str | None:
    """Where the question's key disagrees with where its simulation lands (above, on or below
    the model's curve), or None: right, not asked, or a setting the page's checks refuse."""
    service, lands = q.get("simulate"), q.get("lands")
    if not isinstance(service, str) or not isinstance(lands, list):
        return None
    from perfmodels.simulation import simulate

    system = str(state.get("system"))
    try:
        y = state.get("y") if isinstance(state.get("y"), str) else registry.spec(system).y_default
        sim = simulate(system, state.get("knobs") or {}, None, service, None, LESSON_SEED, 0.02, 2_000_000, 2.0)
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
    m, model = sim["metrics"].get(str(y)), sim["analytic"].get(str(y))
    if m is None or model is None:
        return None
    low, high = m["ci95"]
    clear = CLEAR_SHARE * abs(model)
    side = "above" if low > model + clear else "below" if high < model - clear else None
    side = side or ("on" if low <= model <= high else None)
    if side is None:
        return "the simulation lands too close to the model's curve to ask"
    right = lands.index(side) + 1 if side in lands else 0
    if not right:
        return f"the simulation lands {side} the model's curve here, which no choice says"
    if right != q.get("answer"):
        return f"the simulation lands {side} the model's curve here: choice {right}, not choice {q.get('answer')}"
    return None
