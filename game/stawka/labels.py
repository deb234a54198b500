"""Words on the Stawka table: names from the content data in the UI language, action labels."""

from __future__ import annotations

from game.i18n.grammar import FALLBACK, Named
from game.ui.context import UiContext
from game.ui.naming import known, value_name
from rules.stawka.actions import (
    Arrest,
    Assassinate,
    AttackAudi,
    BlockReaction,
    CardForAP,
    ChooseKlossDocument,
    ChoosePlanningCard,
    Converse,
    DiscardReaction,
    DiscardThreat,
    DiscardTopSecret,
    DrawThreat,
    DriveAudi,
    EndActivation,
    ExchangePlace,
    GiveUp,
    HideRadioStation,
    Interrogate,
    ItemAsEvidence,
    KeepItem,
    KeepItemForNextGame,
    KeepThreats,
    KeepTrackWhole,
    Kidnap,
    Move,
    MoveThreat,
    NameRadioSector,
    NudgeAudi,
    PassMission,
    PlaceAgent,
    PlaceThreat,
    PlayLocationCard,
    PlayReaction,
    Search,
    StawkaAction,
    Transmit,
    TriggerThreat,
    UseHideout,
    UseItem,
    UseSupport,
)
from rules.stawka.content import Text, load_content
from rules.stawka.items import item
from rules.stawka.offers import Offer
from rules.stawka.stage import planning_card


class Labels:
    """Translations of content names and of actions, for one UI context."""

    naming: tuple[type, ...] = (PlaceAgent, ExchangePlace)
    """Actions whose label names the agent who takes them (the others are said after his
    name where he is not known from the context: the hint's toast)."""

    def __init__(self, ctx: UiContext) -> None:
        self.ctx = ctx
        self.content = load_content()
        self.agent_ids = frozenset(d.agent for d in self.content.documents)
        self.location_ids = frozenset(loc.id for loc in self.content.locations)
        self._initials: dict[tuple[str, str], str] = {}
        """`initials` by language and agent: the figures and chips ask for them every draw."""
        self.reactions = True
        """Whether reaction cards are in play (advanced rules): a planning card's count of
        them is shown only then (issue 11, point 5); the table sets it from its view."""

    @property
    def language(self) -> str:
        return self.ctx.t("stawka.lang")

    def text(self, text: Text) -> str:
        return text.pl if self.language == "pl" else text.en

    def agent(self, agent_id: str) -> Named:
        """The character's name, carrying the grammatical form a Polish sentence agrees
        with (``stawka.value.<id>.form``: "f" for the women)."""
        name = self.text(self.content.documents_of(agent_id)[0].name)
        return Named(name, known(self.ctx, f"stawka.value.{agent_id}.form") or FALLBACK, agent_id)

    def initials(self, agent_id: str) -> str:
        """What his figure and chip show: the catalog's ``stawka.value.<id>.initials``
        where a name's first two words would mislead ("Sergeant of the gendarmerie" was
        "SO" in both languages, "The Old Lady" "TO"), else the first letters of the first
        two words of his name in the player's language (the same in both for the rest).
        Two agents of one initial (Georg and Glaubel, Edward Kania and Erik Kopf) never
        share a side: the base and the colour tell them apart."""
        key = (self.language, agent_id)
        if key not in self._initials:
            given = known(self.ctx, f"stawka.value.{agent_id}.initials")
            name = self.text(self.content.documents_of(agent_id)[0].name)
            words = [w for w in name.replace("(", "").split() if w[0].isalpha()]
            self._initials[key] = given or "".join(w[0] for w in words[:2]).upper()
        return self._initials[key]

    def item(self, item_id: str) -> str:
        return self.text(item(item_id).name)

    def location(self, location_id: str) -> str:
        return self.text(self.content.location(location_id).name)

    def space(self, space_id: str) -> Named:
        """A space of the board as the log names it (`rules.stawka.board.BoardGraph.where`):
        a location by its name, a street space by its sector's streets ("the streets of
        Railway sector"; a free scenario lets figures stand there), with the form a Polish
        sentence agrees with (``streets``)."""
        where = space_id if space_id in self.location_ids else f"streets.{space_id.partition('.')[0]}"
        return value_name(self.ctx, "stawka", where) or Named(self.ctx.t("stawka.ui.street"), "street")

    def token(self, token_id: str) -> str:
        return self.ctx.t(f"stawka.value.{token_id}")

    def mission(self, mission_id: str) -> str:
        return self.ctx.t(f"stawka.value.{mission_id}")

    def sector(self, face_id: str) -> str:
        return self.text(self.content.face(face_id).name)

    def card(self, card_id: str) -> str:
        """A location or reaction card's name."""
        return self.ctx.t(f"stawka.value.{card_id}")

    def choice(self, chosen: str) -> str:
        """What a card chooses: an agent, a colour, a location or a street space."""
        if chosen in self.agent_ids:
            return self.ctx.t(f"stawka.value.{chosen}")
        if chosen in ("yellow", "purple", "blue", "black"):
            return self.colour(chosen)
        return self.space(chosen)

    def colour(self, colour: str) -> str:
        return self.ctx.t(f"stawka.value.{colour}")

    def colour_letter(self, colour: str) -> str:
        return self.ctx.t(f"stawka.colour_letter.{colour}")

    def offer(self, offer: Offer, effect: bool = True) -> str:
        """A side-menu button: a reaction card by what it does (its holder's half); without
        its `effect` (said once above the buttons of one card's plays), by what it chooses."""
        action = offer.action
        if isinstance(action, PlayReaction) and offer.does is not None:
            chosen = [self.choice(c) for c in (action.target, action.space) if c is not None]
            chosen += [self.item(i) for i in action.items]
            if chosen and not effect:
                return " → ".join(chosen)
            does = self.text(offer.does)
            # What it chooses first: two plays of one card differ only there, and long
            # texts are cut at the button's end.
            return f"{' → '.join(chosen)}: {does}" if chosen else does
        return self.action(action)

    def card_on_board(self, play: StawkaAction) -> str:
        """A location card's button when its space is picked on the board: the card, what
        it chooses besides, and where to click."""
        assert isinstance(play, PlayLocationCard)
        chosen = [self.choice(play.target)] if play.target is not None else []
        chosen.append(self.ctx.t("stawka.ui.act.lit_space"))
        card = self.card(play.card)
        return self.ctx.t("stawka.ui.act.location_card_on", card=card, target=" → ".join(chosen))

    def action(self, action: StawkaAction) -> str:
        t = self.ctx.t
        if isinstance(action, ChoosePlanningCard):
            card = planning_card(action.card)
            if not self.reactions:
                return t("stawka.ui.card_basic", priority=card.priority, ap=card.ap)
            return t("stawka.ui.card", priority=card.priority, ap=card.ap, reactions=card.reaction_cards)
        if isinstance(action, Converse):
            extras = [self.item(i) for i in action.items]
            if action.trait:
                extras.insert(0, t("stawka.ui.trait"))
            label = t("stawka.ui.act.converse", target=self.agent(action.target))
            return f"{label} + {', '.join(extras)}" if extras else label
        if isinstance(action, Search):
            return t("stawka.ui.act.search")
        if isinstance(action, Move):
            if action.item is not None:
                return t("stawka.ui.act.move_with", where=self.space(action.to), item=self.item(action.item))
            return t("stawka.ui.act.move", where=self.space(action.to))
        if isinstance(action, EndActivation):
            return t("stawka.ui.act.end")
        if isinstance(action, GiveUp):
            return t("stawka.ui.act.give_up")
        if isinstance(action, KeepItem):
            return t("stawka.ui.act.keep")
        if isinstance(action, ItemAsEvidence):
            return t("stawka.ui.act.evidence", colour=self.colour(action.colour))
        if isinstance(action, KeepItemForNextGame):
            if action.item is None:
                return t("stawka.ui.act.keep_no_item")
            return t("stawka.ui.act.keep_for_next", item=self.item(action.item))
        if isinstance(action, PlaceAgent):
            return t("stawka.ui.act.place", agent=self.agent(action.agent), where=self.space(action.location))
        if isinstance(action, Arrest):
            key = "stawka.ui.act.arrest_interrogate" if action.interrogate else "stawka.ui.act.arrest"
            return t(key, target=self.agent(action.target))
        if isinstance(action, Interrogate):
            return t("stawka.ui.act.interrogate", target=self.agent(action.prisoner))
        if isinstance(action, Kidnap):
            return t("stawka.ui.act.kidnap", target=self.agent(action.target))
        if isinstance(action, Assassinate):
            return t(
                "stawka.ui.act.assassinate", target=self.agent(action.target), item=self.item(action.weapon)
            )
        if isinstance(action, PassMission):
            return t(
                "stawka.ui.act.pass_mission",
                agent=self.agent(action.receiver),
                mission=self.mission(action.mission),
            )
        if isinstance(action, UseItem):
            return t("stawka.ui.act.use_item", item=self.item(action.item))
        if isinstance(action, DiscardTopSecret):
            return t("stawka.ui.act.discard_top_secret")
        if isinstance(action, TriggerThreat):
            return t("stawka.ui.act.trigger" if action.trigger else "stawka.ui.act.let_lie")
        if isinstance(action, UseSupport):
            if action.token is None:
                return t("stawka.ui.act.no_support")
            return t("stawka.ui.act.support", token=self.token(action.token))
        if isinstance(action, DiscardThreat):
            return t("stawka.ui.act.discard_threat")
        if isinstance(action, PlaceThreat):
            return t(
                "stawka.ui.act.place_threat_on",
                token=self.token(action.token),
                where=self.space(action.space),
            )
        if isinstance(action, ExchangePlace):
            return t("stawka.ui.act.place", agent=self.agent(action.agent), where=self.space(action.space))
        if isinstance(action, ChooseKlossDocument):
            kloss = load_content().document(action.document)
            return t("stawka.ui.act.kloss_document", rank=kloss.rank, ap=kloss.ap_limit)
        if isinstance(action, PlayLocationCard):
            chosen = [self.choice(c) for c in (action.target, action.space) if c is not None]
            if not chosen:
                return t("stawka.ui.act.location_card", card=self.card(action.card))
            return t("stawka.ui.act.location_card_on", card=self.card(action.card), target=" → ".join(chosen))
        if isinstance(action, CardForAP):
            return t("stawka.ui.act.card_ap", card=self.card(action.card))
        if isinstance(action, UseHideout):
            return t("stawka.ui.act.hideout", card=self.card(action.card))
        if isinstance(action, DiscardReaction):
            return t("stawka.ui.act.discard_reaction", card=self.card(action.card))
        if isinstance(action, PlayReaction):
            if action.card is None:
                return t("stawka.ui.act.no_reaction")
            chosen = [self.choice(c) for c in (action.target, action.space) if c is not None]
            chosen += [self.item(i) for i in action.items]
            if not chosen:
                return t("stawka.ui.act.reaction", card=self.card(action.card))
            return t("stawka.ui.act.reaction_on", card=self.card(action.card), target=" → ".join(chosen))
        if isinstance(action, BlockReaction):
            if action.card is None:
                return t("stawka.ui.act.no_block")
            return t("stawka.ui.act.block", card=self.card(action.card))
        if isinstance(action, DriveAudi):
            return t("stawka.ui.act.drive_audi", where=self.space(action.to))
        if isinstance(action, NudgeAudi):
            if action.to is None:
                return t("stawka.ui.act.leave_audi")
            return t("stawka.ui.act.nudge_audi", where=self.space(action.to))
        if isinstance(action, MoveThreat):
            return t("stawka.ui.act.move_threat", where=self.space(action.to))
        if isinstance(action, DrawThreat):
            return t("stawka.ui.act.draw_threat")
        if isinstance(action, KeepThreats):
            return t("stawka.ui.act.keep_threats")
        if isinstance(action, AttackAudi):
            return t("stawka.ui.act.attack_audi", item=self.item(action.weapon))
        if isinstance(action, KeepTrackWhole):
            if action.colour is None:
                return t("stawka.ui.act.halve_all")
            return t("stawka.ui.act.keep_track", colour=self.colour(action.colour))
        if isinstance(action, HideRadioStation):
            return t("stawka.ui.act.hide_radio", where=self.space(action.location))
        if isinstance(action, NameRadioSector):
            return t("stawka.ui.act.radio_sector", sector=self.sector(action.sector))
        if isinstance(action, Transmit):
            return t("stawka.ui.act.transmit")
        return action.type
