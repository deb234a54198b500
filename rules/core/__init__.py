"""The shared rules core: the contract every title implements and what they all share."""

from rules.core.bots import AnyBot, Blundering, Bot, InformationSet, LazyView, RandomBot, WorldBot
from rules.core.decisions import DecisionRule, Rulebook
from rules.core.errors import IllegalAction, SaveError
from rules.core.match import Match
from rules.core.model import (
    Band,
    Decision,
    Event,
    Frozen,
    GameOptions,
    GameState,
    LevelRecord,
    Outcome,
    Progress,
    Seat,
    SeatConfig,
    SetupChoice,
    SetupOption,
)
from rules.core.rng import Dice, seed_state
from rules.core.title import EventSchema, Title

__all__ = [
    "AnyBot",
    "Band",
    "Blundering",
    "Bot",
    "Decision",
    "DecisionRule",
    "Dice",
    "Event",
    "EventSchema",
    "Frozen",
    "GameOptions",
    "GameState",
    "IllegalAction",
    "InformationSet",
    "LazyView",
    "LevelRecord",
    "Match",
    "Outcome",
    "Progress",
    "RandomBot",
    "Rulebook",
    "SaveError",
    "Seat",
    "SeatConfig",
    "SetupChoice",
    "SetupOption",
    "Title",
    "WorldBot",
    "seed_state",
]
