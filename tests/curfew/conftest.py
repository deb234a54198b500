"""Every event a Godzina policyjna test makes happen must fit its documented schema."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rules.curfew.title import CurfewTitle
from tests.conformance import _check_events as check_events


@pytest.fixture(autouse=True)
def events_fit_their_schemas(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    apply = CurfewTitle.apply

    def checked(self: CurfewTitle, state: Any, action: Any) -> Any:
        new, events = apply(self, state, action)
        check_events(self, events)
        return new, events

    monkeypatch.setattr(CurfewTitle, "apply", checked)
    yield
