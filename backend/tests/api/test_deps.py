"""What routes receive by dependency (api/deps.py): every part `Made` names is on the app's state,
of its type, so a typed dependency never reads a name main.py did not fill."""

from typing import get_type_hints

from app.api.deps import Made
from app.classes.bus import Bus, LocalBus, PostgresBus


def test_the_app_holds_every_part_the_dependencies_name(client):
    parts = get_type_hints(Made)
    assert {"settings", "engine", "class_bus"} <= set(parts)
    for name, kind in parts.items():
        value = getattr(client.app.state, name)
        assert isinstance(value, (LocalBus, PostgresBus) if kind is Bus else kind), name
