"""The documented event payloads (`rules.stawka.events`) are exact: what they do not name
is refused, so a test relying on them (and the conformance suite) notices any change."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.stawka.events import EVENT_SCHEMAS
from rules.stawka.title import TITLE
from tests.stawka.build import in_activations, next_to


def test_the_title_documents_its_events() -> None:
    assert TITLE.event_schemas is EVENT_SCHEMAS


@pytest.mark.parametrize(
    ("kind", "params"),
    [
        ("roll", {"agent": "kloss", "total": 7}),
        ("move", {"agent": "kloss", "to": "hotel"}),
        ("evidence", {"colour": "blue", "seat": "polish", "amount": 1}),
        ("threat", {"seat": "german", "token": "german-01"}),
        ("stage", {"stage": 2, "seat": "polish"}),
    ],
)
def test_a_payload_the_schema_does_not_document_is_refused(kind: str, params: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        EVENT_SCHEMAS[kind].params.model_validate(params)


def test_a_move_carries_its_path() -> None:
    state = in_activations({"kloss": "hotel", "glaubel": "theatre"})
    step = next_to("hotel")
    _, events = TITLE.apply(state, TITLE.parse_action({"type": "move", "agent": "kloss", "to": step}))
    moved = next(e for e in events if e.kind == "move")
    schema = EVENT_SCHEMAS["move"]
    assert schema.data is not None
    schema.params.model_validate(moved.params)
    assert schema.data.model_validate(moved.data).model_dump() == {"path": [step]}
