"""Queen of Spies content: the TOML files in ``data/``, validated with cross-references.

`load_content()` loads and checks everything once, through the shared loader
(`rules.core.content.load_data`), and indexes every card by id. What comes from the
rulebook and what is ours is said at the top of each data file; the checks below pin
the rulebook's numbers (the starting bag, the supplies, chapter times, the worked
examples' cards) so that an edit of the data cannot silently drift from the rulebook.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.core.content import data_dir, load_data

DATA_DIR = data_dir(__file__)
DATA_FILES: dict[str, tuple[str, ...]] = {
    "operatives.toml": ("cells", "operatives"),
    "locations.toml": ("locations",),
    "items.toml": ("items",),
    "stories.toml": ("stories", "pows", "bag", "supply", "town"),
}
"""Each data file and the top-level tables it holds."""


class Skill(StrEnum):
    MANIPULATION = "manipulation"
    INSIGHT = "insight"
    TECH = "tech"


class Token(StrEnum):
    """The success bag's token kinds ("Tokens")."""

    PROGRESS = "progress"
    PROGRESS_ALERT = "progress_alert"
    PROGRESS_TIME = "progress_time"
    NO_EFFECT = "no_effect"
    NO_PROGRESS_TIME = "no_progress_time"
    ALERT = "alert"
    TROOP = "troop"

    @property
    def progress(self) -> bool:
        return self in (Token.PROGRESS, Token.PROGRESS_ALERT, Token.PROGRESS_TIME)

    @property
    def alert(self) -> bool:
        return self in (Token.ALERT, Token.PROGRESS_ALERT)

    @property
    def time(self) -> bool:
        return self in (Token.PROGRESS_TIME, Token.NO_PROGRESS_TIME)


TOKEN_ORDER = tuple(Token)
"""The order the success bag counts its tokens in when one is drawn (`rules.core.components.Bag`)."""


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Cell(Model):
    id: str


class OperativeCard(Model):
    id: str
    name: str
    cell: str
    skills: tuple[Skill, ...] = Field(min_length=1)
    training: Skill | None = None
    """The skill whose second icon is printed light: training there flips the card."""
    stealth: bool = False
    spymaster: bool = False

    @model_validator(mode="after")
    def _training_is_a_skill(self) -> OperativeCard:
        if self.training is not None and self.training not in self.skills:
            raise ValueError(f"{self.id} trains {self.training} but lacks that skill")
        if not self.spymaster and self.training is None:
            raise ValueError(f"{self.id} has no training skill")
        return self


class Task(Model):
    skill: Skill
    progress: int = Field(ge=1, le=6)


EffectKind = Literal[
    "add_alert",
    "add_troop",
    "remove_alert",
    "remove_troop",
    "lose_progress",
    "train",
    "recruit",
    "escape_plan",
    "remove_interrogation",
    "remove_despair",
    "release_one",
    "reveal",
    "victory",
    "gain_pigeon",
    "gain_trained_pigeon",
    "train_pigeon",
    "send_pigeon",
    "pow_escape",
    "pow_captured",
    "pow_return",
    "set_aside",
    "next_eavesdrop",
]


class Effect(Model):
    kind: EffectKind
    amount: int = Field(default=1, ge=1, le=5)
    target: str | None = None


class LocationCard(Model):
    id: str
    name: str
    """The card's title as printed (English; the UI catalogs translate it)."""
    group: Literal["basic", "introduction", "pigeons", "pows", "office"]
    kind: Literal["normal", "training", "workshop", "no_checks"] = "normal"
    tasks: tuple[Task, ...] = ()
    time: int = Field(ge=0, le=4)
    success: tuple[Effect, ...] = ()
    failure: tuple[Effect, ...] = ()
    pow_capacity: int = Field(default=0, ge=0, le=6)
    eavesdrop: bool = False

    @model_validator(mode="after")
    def _shape(self) -> LocationCard:
        checked = self.kind in ("normal", "training")
        if checked and not self.tasks:
            raise ValueError(f"{self.id} needs tasks")
        if not checked and self.tasks:
            raise ValueError(f"{self.id} ({self.kind}) has no skill icons, so no tasks")
        if self.kind == "training" and len(self.tasks) != 1:
            raise ValueError(f"{self.id}: a training location trains one skill")
        if (self.kind == "workshop") != (self.time == 0):
            raise ValueError(f"{self.id}: only the Workshop has no time of its own")
        return self

    @property
    def checked(self) -> bool:
        return self.kind in ("normal", "training")


class Work(Model):
    """What learning or building an item takes (the item card's icons)."""

    tasks: tuple[Task, ...] = Field(min_length=1)
    time: int = Field(ge=1, le=4)


class ItemUse(Model):
    kind: Literal["release_all", "release_one", "stealth", "progress", "cancel_troop", "save_time"]
    amount: int = Field(default=1, ge=1, le=3)
    skill: Skill | None = None

    @model_validator(mode="after")
    def _skill_for_progress(self) -> ItemUse:
        if (self.kind == "progress") != (self.skill is not None):
            raise ValueError("a progress item names its skill, and only it does")
        return self

    @property
    def releases(self) -> bool:
        return self.kind in ("release_all", "release_one")


class ItemCard(Model):
    id: str
    name: str
    learn_at: str
    learn: Work
    build: Work
    use: ItemUse
    after_use: Literal["workshop", "discard"]
    """Where the card goes once used: back to the Workshop, or the discard pile."""


class Chapter(Model):
    time: int = Field(ge=1)
    locations: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    troops: int = Field(default=0, ge=0)
    pows: int = Field(default=0, ge=0)
    interrogation: int = Field(default=0, ge=0, le=3)
    eavesdrop: tuple[str, ...] = ()


Band = Literal["loss", "draw", "minor_victory", "victory", "epic_victory"]
"""The levels of a story's result table."""


class ResultBand(Model):
    min: int = Field(ge=0)
    band: Band
    text: str


class Story(Model):
    id: str
    scoring: Literal["introduction", "pigeons", "pows", "office"]
    chapters: tuple[Chapter, ...] = Field(min_length=1, max_length=3)
    results: tuple[ResultBand, ...] = Field(min_length=2)
    starting_operatives: int | None = None
    """How many random operatives join Alice; None: one per cell."""
    pigeon_draws: dict[str, int] = Field(default_factory=dict)
    set_aside_points: dict[str, int] = Field(default_factory=dict)
    set_aside_draws: dict[str, int] = Field(default_factory=dict)

    def result_for(self, score: int) -> ResultBand:
        """The row of the result table this score falls in."""
        return [row for row in self.results if row.min <= score][-1]

    @model_validator(mode="after")
    def _results_ordered(self) -> Story:
        mins = [row.min for row in self.results]
        if mins[0] != 0 or mins != sorted(set(mins)):
            raise ValueError(f"{self.id}: result rows must start at 0 and rise")
        return self


class Supply(Model):
    alert: int
    troop: int
    interrogation: int
    despair: int
    pigeons: int


class Pow(Model):
    id: str
    name: str


class Town(Model):
    rows: tuple[tuple[tuple[str, ...], ...], ...]


@dataclass(frozen=True)
class Index:
    """The cards of `Content` by id."""

    operatives: Mapping[str, OperativeCard]
    locations: Mapping[str, LocationCard]
    items: Mapping[str, ItemCard]
    pows: Mapping[str, Pow]
    stories: Mapping[str, Story]
    members: Mapping[str, tuple[str, ...]]
    """Cell -> its operatives' ids, in the data's order."""


class Content(Model):
    cells: tuple[Cell, ...]
    operatives: tuple[OperativeCard, ...]
    locations: tuple[LocationCard, ...]
    items: tuple[ItemCard, ...]
    stories: tuple[Story, ...] = Field(min_length=1)
    pows: tuple[Pow, ...]
    bag: dict[Token, int]
    supply: Supply
    town: Town

    @cached_property
    def index(self) -> Index:
        """Every card by id, built once (a look-up per rule is a dict access)."""
        members: dict[str, list[str]] = {}
        for card in self.operatives:
            members.setdefault(card.cell, []).append(card.id)
        return Index(
            operatives={card.id: card for card in self.operatives},
            locations={card.id: card for card in self.locations},
            items={card.id: card for card in self.items},
            pows={card.id: card for card in self.pows},
            stories={story.id: story for story in self.stories},
            members={cell: tuple(ids) for cell, ids in members.items()},
        )

    @model_validator(mode="after")
    def _cross_references(self) -> Content:
        index = self.index
        for kind, cards, by_id in (
            ("operative", self.operatives, index.operatives),
            ("location", self.locations, index.locations),
            ("item", self.items, index.items),
            ("POW", self.pows, index.pows),
            ("story", self.stories, index.stories),
        ):
            if len(by_id) != len(cards):
                raise ValueError(f"two {kind} cards share an id")
        if set(index.operatives) & set(index.pows):
            raise ValueError("an operative and a POW share an id")
        _check_rulebook_numbers(self)
        cells = {c.id for c in self.cells}
        locations = set(index.locations)
        items = set(index.items)
        for card in self.operatives:
            if not card.spymaster and card.cell not in cells:
                raise ValueError(f"operative {card.id}: unknown cell {card.cell}")
        for location in self.locations:
            for effect in (*location.success, *location.failure):
                if effect.kind == "reveal" and effect.target not in locations:
                    raise ValueError(f"{location.id} reveals unknown location {effect.target}")
            if location.pow_capacity and not any(e.kind == "pow_escape" for e in location.success):
                raise ValueError(f"{location.id} holds POWs but lets none escape")
        for item in self.items:
            if item.learn_at not in locations:
                raise ValueError(f"item {item.id} lies next to unknown location {item.learn_at}")
        placed = {i for row in self.town.rows for square in row for i in square}
        basic = {loc.id for loc in self.locations if loc.group == "basic"}
        if placed != basic:
            raise ValueError(f"the town grid must hold exactly the basic locations: {sorted(placed ^ basic)}")
        for story in self.stories:
            for chapter in story.chapters:
                for name in (*chapter.locations, *chapter.eavesdrop):
                    if name not in locations:
                        raise ValueError(f"story {story.id}: unknown location {name}")
                for name in chapter.items:
                    if name not in items:
                        raise ValueError(f"story {story.id}: unknown item {name}")
            for name in (*story.pigeon_draws, *story.set_aside_points, *story.set_aside_draws):
                if name not in locations:
                    raise ValueError(f"story {story.id} scores unknown location {name}")
            if sum(c.pows for c in story.chapters) not in (0, len(self.pows)):
                raise ValueError(f"story {story.id} must bring in every POW card")
        return self

    # -- look-ups by id (KeyError for an unknown id) ------------------------------------

    def operative(self, operative_id: str) -> OperativeCard:
        return self.index.operatives[operative_id]

    def location(self, location_id: str) -> LocationCard:
        return self.index.locations[location_id]

    def item(self, item_id: str) -> ItemCard:
        return self.index.items[item_id]

    def pow(self, pow_id: str) -> Pow:
        return self.index.pows[pow_id]

    def story(self, story_id: str) -> Story:
        return self.index.stories[story_id]

    def is_operative(self, card_id: str) -> bool:
        """An operative's card (else a POW's: both go to jail)."""
        return card_id in self.index.operatives

    @property
    def story_ids(self) -> tuple[str, ...]:
        """The stories in the order the data lists them (the first is the default)."""
        return tuple(self.index.stories)

    def name_of(self, thing: str) -> str:
        """The printed name of an operative, POW, location or item, by id."""
        index = self.index
        for cards in (index.operatives, index.pows, index.locations, index.items):
            card = cards.get(thing)
            if card is not None:
                return card.name
        return thing

    @property
    def alice(self) -> OperativeCard:
        return next(card for card in self.operatives if card.spymaster)

    def cell_members(self, cell: str) -> tuple[str, ...]:
        return self.index.members.get(cell, ())


STARTING_BAG = {
    Token.NO_PROGRESS_TIME: 1,
    Token.NO_EFFECT: 2,
    Token.PROGRESS_TIME: 1,
    Token.PROGRESS_ALERT: 3,
    Token.PROGRESS: 3,
}
"""The rulebook's ten starting tokens ("Success Bag and Other Pieces")."""

CHAPTER_TIME = (20, 25, 30)
"""Time markers of chapters 1-3 ("End of Chapter": reset time markers)."""

CHAPTER_TROOPS = (0, 1, 2)
"""Troop tokens added to the bag at the start of chapters 1-3 ("End of Chapter")."""


def _check_rulebook_numbers(c: Content) -> None:
    """The numbers the rulebook prints, which the data must reproduce."""
    if c.bag != STARTING_BAG:
        raise ValueError("the starting success bag must be the rulebook's ten tokens")
    if c.supply != Supply(alert=10, troop=5, interrogation=3, despair=9, pigeons=5):
        raise ValueError("supplies must match the rulebook's components")
    if len(c.operatives) != 13 or sum(card.spymaster for card in c.operatives) != 1:
        raise ValueError("13 operative cards, Alice among them")
    alice = c.alice
    if alice.id != "alice" or set(alice.skills) != set(Skill) or not alice.stealth:
        raise ValueError("Alice has every skill and Stealth")
    if len(c.cells) != 4 or any(len(c.cell_members(cell.id)) != 3 for cell in c.cells):
        raise ValueError("four cells of three operatives")
    if len(c.items) != 8 or len(c.pows) != 6:
        raise ValueError("8 item cards and 6 POW cards")
    named = {o.id: o for o in c.operatives}
    for name in ("felicia", "katja", "bernadette", "chantell", "quirine", "gideon"):
        if name not in named:
            raise ValueError(f"the rulebook's {name} is missing")
    if not (named["chantell"].stealth and named["quirine"].stealth) or named["felicia"].stealth:
        raise ValueError("Chantell and Quirine have Stealth, Felicia has none")
    if named["bernadette"].cell == named["felicia"].cell:
        raise ValueError("Bernadette and Felicia are of different cells")
    if named["felicia"].training != Skill.INSIGHT or Skill.TECH not in named["katja"].skills:
        raise ValueError("Felicia trains Insight; Katja has Tech")
    bomb, disguise = c.item("bomb"), c.item("disguise")
    if bomb.build.tasks != (Task(skill=Skill.TECH, progress=3),) or bomb.after_use != "discard":
        raise ValueError("the Bomb is built with 3 Tech progress and discarded after use")
    if disguise.learn.tasks != (Task(skill=Skill.INSIGHT, progress=1),):
        raise ValueError("the Disguise is learned with 1 Insight progress")
    if disguise.build != Work(tasks=(Task(skill=Skill.INSIGHT, progress=2),), time=1):
        raise ValueError("the Disguise is built with 1 Time and 2 Insight progress")
    building = c.location("abandoned_building")
    if [t.skill for t in building.tasks] != [Skill.INSIGHT, Skill.TECH] or building.time != 1:
        raise ValueError("the Abandoned Building asks Insight and Tech, 1 Time")
    if Effect(kind="add_troop", amount=2) not in building.failure:
        raise ValueError("failing at the Abandoned Building adds 2 Troops")
    cafe = c.location("cafe")
    if [t.skill for t in cafe.tasks] != [Skill.INSIGHT, Skill.MANIPULATION]:
        raise ValueError("the Cafe has an Insight and a Manipulation task")
    for story in c.stories:
        times = tuple(ch.time for ch in story.chapters)
        troops = tuple(ch.troops for ch in story.chapters)
        expected = (30,) if story.id == "introduction" else CHAPTER_TIME
        if times != expected or troops != CHAPTER_TROOPS[: len(times)]:
            raise ValueError(f"story {story.id}: chapter time or troops differ from the rulebook")


@cache
def load_content() -> Content:
    """All content, validated (raises `rules.core.content.ContentError` naming the file and problem)."""
    return load_data(Content, DATA_DIR, DATA_FILES)
