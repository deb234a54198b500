"""Every event a Stawka test makes happen must fit its documented schema.

The conformance suite checks the events of random playouts; the rule tests reach the
rare ones (kidnappings, assassinations, interrogations, exchanges) that random play
seldom does, so each of their actions is checked too (`rules.stawka.events`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rules.stawka.title import StawkaTitle
from tests.conformance import _check_events as check_events


@pytest.fixture(autouse=True)
def events_fit_their_schemas(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    apply = StawkaTitle.apply

    def checked(self: StawkaTitle, state: Any, action: Any) -> Any:
        new, events = apply(self, state, action)
        check_events(self, events)
        return new, events

    monkeypatch.setattr(StawkaTitle, "apply", checked)
    yield
