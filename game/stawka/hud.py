"""The always-visible Stawka panels: stage track, AP pools, investigation tracks, agents,
the last dice roll and an agent's document.  Pure drawing from the seat's view."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.stawka.board_view import AGENT_COLOURS, BASE_COLOURS, _text_on
from game.stawka.labels import Labels
from game.stawka.layout import AGENT_ROW, TRACK_HEADING, TRACK_ROW, TRACKS_SIDE_BY_SIDE
from game.stawka.patterns import fill_disc, fill_rect
from game.ui.fit import clip, clip_text, explain
from game.ui.theme import MIN_TEXT, PALETTE, panel, text, text_at, wrap
from rules.core import Event
from rules.stawka.content import COLOURS, AgentDocument, load_content
from rules.stawka.view import AgentView, StawkaView

SEATS = ("polish", "german")
MODIFIER_NAMES = (
    "trait",
    "track",
    "check",
    "support",
    "card",
    "reaction",
    "stages",
    "infiltrators",
    "missions",
    "evidence_over",
)
OPEN_TRACK = 8
"""Stages the track shows in a game "until victory": the last ones, up to the current."""
SIDE_ACCENT = {"polish": (214, 84, 74), "german": (170, 176, 190)}


@dataclass(frozen=True)
class Tracks:
    """Both investigation tracks drawn once for what they show (`key`)."""

    key: object
    image: pygame.Surface
    used: int
    """The height they take."""
    tips: list[tuple[pygame.Rect, str]]
    """What the pointer shows over a part (image pixels)."""
    texts: list[tuple[pygame.Rect, str]]
    """The texts drawn (image pixels), told to the layout check where they land."""


def agent_document(view: StawkaView, agent_id: str) -> AgentDocument:
    return load_content().document(view.documents[agent_id])


class Hud:
    def __init__(self, labels: Labels, font: Callable[[int, bool], pygame.font.Font]) -> None:
        self.labels = labels
        self.font = font
        self._tracks: Tracks | None = None

    @property
    def patterns(self) -> bool:
        """The colour-blind setting: lay a pattern over every agent colour."""
        return bool(getattr(self.labels.ctx.settings, "colour_blind_patterns", False))

    def colour_chip(
        self, surface: pygame.Surface, colour: str, rect: pygame.Rect, letter: bool = True
    ) -> None:
        """A chip of an agent colour: its pattern when the setting is on, and its letter."""
        pygame.draw.rect(surface, AGENT_COLOURS[colour], rect, border_radius=3)
        if self.patterns:
            fill_rect(surface, colour, rect)
        if letter:
            tag = self.font(MIN_TEXT, True).render(
                self.labels.colour_letter(colour), True, _text_on(AGENT_COLOURS[colour])
            )
            if self.patterns:
                pygame.draw.rect(
                    surface, AGENT_COLOURS[colour], tag.get_rect(center=rect.center).inflate(2, -2)
                )
            surface.blit(tag, tag.get_rect(center=rect.center))

    def t(self, key: str, **params: object) -> str:
        return self.labels.ctx.t(key, **params)

    def stage_track(self, surface: pygame.Surface, rect: pygame.Rect, view: StawkaView) -> int:
        """The stage track with the time marker; returns the height used."""
        font = self.font(MIN_TEXT, True)
        stage = min(view.stage, view.stage_count)
        label = (
            self.t("stawka.ui.stage_until_victory", stage=stage)
            if view.until_victory
            else self.t("stawka.ui.stage", stage=stage, count=view.stage_count)
        )
        shown = text(surface, font, label, (rect.x + 12, rect.y + 10), "brass")
        # "Until victory": the track shows the last stages up to the current one.
        first = max(1, view.stage - OPEN_TRACK + 1) if view.until_victory else 1
        count = OPEN_TRACK if view.until_victory else min(view.stage_count, 15)
        left = max(rect.x + 110, shown.right + 12)
        size = min(24, (rect.right - 10 - left) // max(1, count) - 3)
        # Boxes too narrow for their numbers (a long game) go without: the label says the stage.
        numbered = self.font(MIN_TEXT, False).size(str(first + count - 1))[0] <= size
        for index in range(count):
            box = pygame.Rect(left + index * (size + 3), rect.y + 8, size, size)
            current = first + index == view.stage
            past = first + index < view.stage
            pygame.draw.rect(
                surface,
                PALETTE["brass"] if current else (PALETTE["panel_hi"] if past else PALETTE["ink"]),
                box,
                border_radius=4,
            )
            pygame.draw.rect(surface, PALETTE["line"], box, 1, border_radius=4)
            if not numbered:
                continue
            number = self.font(MIN_TEXT, current).render(
                str(first + index), True, PALETTE["night"] if current else PALETTE["muted"]
            )
            surface.blit(number, number.get_rect(center=box.center))
        return 40

    def sides(
        self, surface: pygame.Surface, rect: pygame.Rect, view: StawkaView, names: dict[str, str]
    ) -> int:
        """Per side: the player, the planning card, the AP pool, secrets, given up."""
        y = rect.y
        reactions_in_play = view.reaction_hand_limit > 0
        step = rect.height // len(SEATS)
        for seat in SEATS:
            side = view.sides[seat]
            row = pygame.Rect(rect.x + 8, y, rect.width - 16, step - 4)
            panel(surface, row, "ink", "brass" if view.turn == seat and not view.pending else "line")
            middle = row.centery
            pygame.draw.rect(surface, BASE_COLOURS[seat], (row.x + 8, middle - 10, 20, 20), border_radius=10)
            pygame.draw.circle(surface, (240, 236, 226), (row.x + 18, middle), 10, 2)
            if side.chosen is not None:
                card = self.t("stawka.ui.card_short", card=side.chosen.split("-")[-1])
            elif side.has_chosen:
                card = self.t("stawka.ui.chosen")
            elif view.phase == "planning":
                card = self.t("stawka.ui.choosing")
            else:
                card = ""
            status = self.t("stawka.ui.gave_up") if side.gave_up else ""
            hands = ""
            cards = side.location_deck or held_count(side.location_hand) or side.location_discard
            if view.location_card_limit and (cards or reactions_in_play):
                # Advanced rules: how many cards each side holds is public (Reaction Cards, 5);
                # a game without reaction cards (Godzina policyjna) counts only the others,
                # for the side that has them (its German agents hold no location cards).
                key = "stawka.ui.hands" if reactions_in_play else "stawka.ui.hands_locations"
                hands = self.t(
                    key,
                    reactions=held_count(side.reaction_hand),
                    locations=held_count(side.location_hand),
                )
            # The AP and the score beside the name, the facts under them the whole row wide; in
            # "Hotel Excelsior" the score beside the facts, the hotel's state under them.
            hotel = view.room_217 is not None
            top = row.y + 2
            victory = load_content().scenario(view.scenario).victory
            needed = victory.secrets_to_win or 0
            score = "★" * side.secrets + "☆" * max(0, needed - side.secrets)
            meaning = self.t("stawka.ui.tip.secrets", have=side.secrets, need=needed)
            if view.room_217 is not None:
                score = self.t("stawka.ui.vp_of", vp=side.vp, needed=view.room_217.finale_vp)
                meaning = self.t("stawka.ui.tip.vp_of", vp=side.vp, needed=view.room_217.finale_vp)
            elif victory.vp_to_win is not None or victory.vp_basic_mission:
                # VP win the game, or are scored to decide it ("I Know Who You Are").
                score = self.t("stawka.ui.vp", vp=side.vp) + " " + "★" * side.secrets
                meaning = self.t("stawka.ui.tip.vp")
            # The AP stand left of the score, the name and the facts take the rest of the row.
            right = row.right - 10
            facts_end = right
            if score.strip():
                at = (right, row.y + 23 if hotel else top)
                shown = text(surface, self.font(MIN_TEXT, True), score, at, "brass", "topright")
                explain(shown, meaning)
                facts_end = shown.x if hotel else facts_end
                right = right if hotel else shown.x - 14
            ap = text(
                surface,
                self.font(MIN_TEXT, True),
                self.t("stawka.ui.ap", ap=side.ap),
                (right, row.y + 2 if hotel else top),
                "text",
                "topright",
            )
            if view.room_217 is not None:
                unlocked = view.room_217.unlocked[seat]
                state = self.t("stawka.ui.room_217_open" if unlocked else "stawka.ui.room_217_locked")
                face = self.font(MIN_TEXT, unlocked)
                text(surface, face, state, (row.x + 36, row.y + 44), "brass" if unlocked else "muted")
            clip_text(
                surface,
                self.font(MIN_TEXT, True),
                names[seat],
                (row.x + 36, row.y + 2),
                ap.x - 8 - (row.x + 36),
            )
            facts = " · ".join(p for p in (card, hands, status) if p)
            shown = clip_text(
                surface,
                self.font(MIN_TEXT, False),
                facts,
                (row.x + 36, row.y + 23),
                facts_end - 8 - (row.x + 36),
                "muted",
            )
            if hands:
                counts = {
                    "reactions": held_count(side.reaction_hand),
                    "locations": held_count(side.location_hand),
                }
                tip = "stawka.ui.tip.hands" if reactions_in_play else "stawka.ui.tip.hands_locations"
                explain(shown, f"{facts}\n{self.t(tip, **counts)}")
            y += step
        return y - rect.y

    def tracks(
        self, surface: pygame.Surface, rect: pygame.Rect, view: StawkaView, names: dict[str, str]
    ) -> int:
        """Both investigation tracks: each side's evidence against the enemy colours, 0-10.
        Drawn once per change of the evidence (or names, or the patterns setting)."""
        key = (
            rect.size,
            tuple(
                (seat, names[seat], tuple(view.sides[seat].evidence.get(c, 0) for c in COLOURS))
                for seat in SEATS
            ),
            self.patterns,
        )
        if self._tracks is None or self._tracks.key != key:
            image = pygame.Surface(rect.size, pygame.SRCALPHA)
            tips: list[tuple[pygame.Rect, str]] = []
            texts: list[tuple[pygame.Rect, str]] = []
            used = self._draw_tracks(image, image.get_rect(), view, names, tips, texts)
            self._tracks = Tracks(key, image, used, tips, texts)
        surface.blit(self._tracks.image, rect)
        for where, meaning in self._tracks.tips:
            explain(where.move(rect.topleft), meaning)
        for where, shown in self._tracks.texts:
            text_at(shown, where.move(rect.topleft))
        return self._tracks.used

    def _draw_tracks(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        view: StawkaView,
        names: dict[str, str],
        tips: list[tuple[pygame.Rect, str]],
        texts: list[tuple[pygame.Rect, str]],
    ) -> int:
        """Both tracks into `surface`; what the pointer shows over their parts into `tips`
        (the heading in whole when cut, each colour's letter), the headings into `texts`."""
        ranges = load_content().investigation
        # Side by side where the column is wide enough (beside the board), else one under
        # the other (a column of the band under a board laid across).
        across = rect.width >= TRACKS_SIDE_BY_SIDE
        width = rect.width // 2 if across else rect.width
        bottom = rect.y
        for index, seat in enumerate(SEATS):
            x = rect.x + index * width if across else rect.x
            y = rect.y if across else bottom
            cell = (width - 52) // 11
            heading = self.t("stawka.ui.track", seat=names[seat])
            face = self.font(MIN_TEXT, False)
            # On one line, or on two where it is wider: "Evidence:", then the player's name
            # (a name typed long cut short, whole under the pointer).
            lines = [heading]
            if not across and rect.width < TRACKS_SIDE_BY_SIDE and face.size(heading)[0] > width - 20:
                lines = [names[seat]]  # one under the other, in a narrow column: the name alone
            elif face.size(heading)[0] > width - 20:
                head, colon, rest = heading.partition(": ")
                lines = [head + colon.rstrip(), rest] if colon else wrap(face, heading, width - 20)[:2]
            for line in lines:
                shown = clip(face, line, width - 20)
                drawn = text(surface, face, shown, (x + 10, y), "muted")
                texts.append((drawn, shown))
                if shown != line or lines == [names[seat]] != [heading]:
                    tips.append((drawn, heading))
                y += TRACK_HEADING
            y += TRACK_HEADING * (2 - len(lines)) if across else 0
            if not across:
                y -= 2
            for colour in COLOURS:
                value = view.sides[seat].evidence.get(colour, 0)
                chip = pygame.Rect(x + 10, y, 24, TRACK_ROW - 1)
                self.colour_chip(surface, colour, chip)
                letter = self.labels.colour_letter(colour)
                tips.append((chip, self.t(f"stawka.ui.tip.track.{colour}", letter=letter, value=value)))
                for n in range(11):
                    box = pygame.Rect(x + 40 + n * cell, y + 1, cell - 2, TRACK_ROW - 3)
                    band = next(i for i, r in enumerate(ranges) if r.low <= n <= r.high)
                    shade = (30 + band * 9, 36 + band * 6, 48 + band * 3)
                    filled = n <= value and value > 0
                    pygame.draw.rect(
                        surface, AGENT_COLOURS[colour] if filled else shade, box, border_radius=2
                    )
                    if filled and self.patterns:
                        fill_rect(surface, colour, box)
                    if n == value:
                        pygame.draw.rect(surface, PALETTE["brass"], box.inflate(2, 2), 2, border_radius=3)
                y += TRACK_ROW
            bottom = max(bottom, y + 6)
        y = bottom
        return y - rect.y

    def agents(
        self, surface: pygame.Surface, rows: Sequence[pygame.Rect], view: StawkaView, selected: str | None
    ) -> None:
        """Every agent in his row: side, colour, name, AP left of his limit (and a cauldron's
        hold), Top Secret cards and items."""
        small = self.font(MIN_TEXT, False)
        bold = self.font(MIN_TEXT, True)
        statuses = [self._agent_status(agent) for agent in view.agents]
        beside = self._beside(view, rows[0].width if rows else 0)
        for agent, row, status in zip(view.agents, rows, statuses, strict=True):
            if agent.id == selected or (view.activation and view.activation.agent == agent.id):
                pygame.draw.rect(surface, PALETTE["panel_hi"], row, border_radius=6)
            middle = row.y + row.height // 2
            pygame.draw.circle(surface, BASE_COLOURS[agent.side], (row.x + 12, middle), 10)
            pygame.draw.circle(surface, AGENT_COLOURS[agent.colour], (row.x + 12, middle), 6)
            if self.patterns:
                fill_disc(surface, agent.colour, (row.x + 12, middle), 6)
            left = agent.ap_left
            # The name on the first line (but the mission badge), his AP (or his state) at its
            # right or under it; what he holds on the second line, up to the AP there.
            top, second = row.y, row.y + AGENT_ROW // 2 - 1
            end = row.right - 6
            if agent.has_mission:
                badge = pygame.Rect(end - 20, top + 1, 20, 18)
                pygame.draw.rect(surface, PALETTE["brass_dim"], badge, border_radius=4)
                text(surface, bold, "M", badge.center, "text", "center")
                end = badge.x - 6
            name = self.labels.agent(agent.id)
            colour = "text" if left else "muted"
            shown = text(
                surface,
                bold,
                status,
                (end if beside else row.right - 6, top if beside else second),
                colour,
                "topright",
            )
            clip_text(
                surface, bold, name, (row.x + 28, top), (shown.x - 12 if beside else end) - (row.x + 28)
            )
            if beside:
                shown = pygame.Rect(row.right - 6, second, 0, 0)
            items = self._held(agent)
            if items:  # nothing listed: he holds nothing
                line = ", ".join(items)
                clip_text(surface, small, line, (row.x + 28, second), shown.x - 8 - (row.x + 28), "muted")

    def chips(
        self, surface: pygame.Surface, chips: Sequence[pygame.Rect], view: StawkaView, selected: str | None
    ) -> None:
        """Every agent as a chip, while the menu needs the room (issue 29): side, colour,
        his initials (as on his figure) and his AP left of his limit, or his state in short;
        the rest (his name, what he holds) in his document under the pointer."""
        bold = self.font(MIN_TEXT, True)
        for agent, chip in zip(view.agents, chips, strict=True):
            if agent.id == selected or (view.activation and view.activation.agent == agent.id):
                pygame.draw.rect(surface, PALETTE["panel_hi"], chip, border_radius=6)
            middle = chip.centery
            pygame.draw.circle(surface, BASE_COLOURS[agent.side], (chip.x + 12, middle), 10)
            pygame.draw.circle(surface, AGENT_COLOURS[agent.colour], (chip.x + 12, middle), 6)
            if self.patterns:
                fill_disc(surface, agent.colour, (chip.x + 12, middle), 6)
            text(surface, bold, self.labels.initials(agent.id), (chip.x + 28, middle), "text", "midleft")
            colour = "text" if agent.ap_left else "muted"
            text(surface, bold, self._chip_status(agent), (chip.right - 6, middle), colour, "midright")

    def chips_to_a_row(self, view: StawkaView, width: int) -> int:
        """How many agents' chips (`chips`) a row `width` wide holds, every one as wide as
        the widest's words."""
        bold = self.font(MIN_TEXT, True)
        widest = max(
            (
                bold.size(self.labels.initials(agent.id))[0] + bold.size(self._chip_status(agent))[0]
                for agent in view.agents
            ),
            default=0,
        )
        return max(1, min(len(view.agents), width // (28 + widest + 16)))

    def _chip_status(self, agent: AgentView) -> str:
        """An agent's AP left of his limit on his chip, or his state in a word."""
        if agent.status != "free":
            return self.t(f"stawka.ui.status_short.{agent.status}")
        return self.t("stawka.ui.ap_short", left=agent.ap_left, limit=agent.ap_limit)

    def _held(self, agent: AgentView) -> list[str]:
        """What an agent holds, in words: Top Secret cards, items, hidden items."""
        items = [self.labels.item(i) for i in agent.items]
        if agent.top_secret:
            items.insert(0, self.t("stawka.ui.top_secret_held", count=agent.top_secret))
        if agent.hidden_items:
            items.append(self.t("stawka.ui.hidden_items", count=agent.hidden_items))
        return items

    def _beside(self, view: StawkaView, width: int) -> bool:
        """Whether every agent's AP stands beside his name in rows `width` wide: where each
        name fits beside them, else every one's goes under his name (the column reads the
        same way down)."""
        bold = self.font(MIN_TEXT, True)
        return all(
            bold.size(self.labels.agent(agent.id))[0] + 12 + bold.size(self._agent_status(agent))[0]
            <= width - 34 - (26 if agent.has_mission else 0)
            for agent in view.agents
        )

    def one_line(self, view: StawkaView, width: int) -> bool:
        """Whether every agent's row holds one line in rows `width` wide: his AP beside his
        name, and nobody holding an item or a Top Secret card."""
        holding = any(agent.items or agent.top_secret or agent.hidden_items for agent in view.agents)
        return not holding and self._beside(view, width)

    def _agent_status(self, agent: AgentView) -> str:
        """An agent's AP left of his limit (and a cauldron's hold), or his state."""
        if agent.status != "free":
            return self.t(f"stawka.ui.status.{agent.status}")
        if agent.held:
            return self.t("stawka.ui.held_ap", left=agent.ap_left, limit=agent.ap_limit)
        return self.t("stawka.ui.ap_left", left=agent.ap_left, limit=agent.ap_limit)

    def roll(
        self, surface: pygame.Surface, anchor: tuple[int, int], event: Event, caption: str, width: int = 440
    ) -> pygame.Rect:
        """The last roll (its box's bottom right at `anchor`): the dice, each modifier, the
        result, what was needed and what came of it.  The box grows to hold every line."""
        data = event.data
        dice = [int(d) for d in data.get("dice", [])]
        modifiers = [(str(label), int(amount)) for label, amount in data.get("modifiers", [])]
        strong, small, body = (
            self.font(MIN_TEXT, True),
            self.font(MIN_TEXT, False),
            self.font(MIN_TEXT, False),
        )
        parts = []
        for label, amount in modifiers:
            name = self.t(f"stawka.ui.mod_{label}") if label in MODIFIER_NAMES else self.labels.item(label)
            parts.append(f"{amount:+d} {name}")
        total = data.get("total")
        if total is not None:
            parts.append(f"= {total}")
        left = 12 + 40 * len(dice)
        room = width - left - 18
        sums = _flow(strong, parts, room)
        thresholds = data.get("thresholds")
        needed = ""
        if thresholds:
            needed = self.t("stawka.ui.needed", **thresholds)
        elif data.get("needed"):
            needed = self.t(f"stawka.ui.needed_{data.get('goal', 'talk')}", needed=data["needed"])
        needs = wrap(small, needed, room) if needed else []
        story = wrap(body, caption, width - 24)[:3]
        top = max(40, 22 * len(sums) + 21 * len(needs) + 4)
        box = pygame.Rect(0, 0, width, 12 + top + 21 * len(story) + 10)
        box.bottomright = anchor
        panel(surface, box, "ink", "brass_dim")
        for index, die in enumerate(dice):
            face = pygame.Rect(box.x + 12 + index * 40, box.y + 12, 34, 34)
            pygame.draw.rect(surface, (240, 236, 226), face, border_radius=6)
            _pips(surface, face, die)
        y = box.y + 12
        for line in sums:
            text(surface, strong, line, (box.x + left + 6, y))
            y += 22
        for line in needs:
            text(surface, small, line, (box.x + left + 6, y), "muted")
            y += 21
        y = box.y + 12 + top + 4
        for line in story:
            text(surface, body, line, (box.x + 12, y))
            y += 21
        return box

    def document(
        self,
        surface: pygame.Surface,
        pos: tuple[int, int],
        view: StawkaView,
        agent_id: str,
        bounds: pygame.Rect,
    ) -> pygame.Rect:
        """An agent's document, shown on hover, kept whole inside `bounds`."""
        doc = agent_document(view, agent_id)
        agent = next(a for a in view.agents if a.id == agent_id)
        lines = [
            self.t("stawka.doc.rank", rank=doc.rank, function=self.t(f"stawka.function.{doc.function}")),
            self.t("stawka.doc.ratings", ap=doc.ap_limit, defence=doc.defence, alertness=doc.alertness),
            self.t(
                "stawka.doc.thresholds",
                single=doc.thresholds.single,
                double=doc.thresholds.double,
                secret=doc.thresholds.secret,
            ),
            self.t("stawka.doc.colour", colour=self.labels.colour(doc.colour)),
        ]
        if agent.mission is not None:
            lines.append(self.t("stawka.ui.mission_text", mission=self.labels.mission(agent.mission)))
        # What his row in the panel says, for an agent shown as a chip (`chips`) or on the board.
        lines.append(self.t("stawka.doc.state", state=self._agent_status(agent)))
        held = self._held(agent)
        if held:
            lines.append(self.t("stawka.doc.holds", items=", ".join(held)))
        width = min(420, bounds.width - 8)
        body = self.font(MIN_TEXT, False)
        lines = [wrapped for line in lines for wrapped in wrap(body, line, width - 24)]
        trait_lines = wrap(body, self.labels.text(doc.trait.text), width - 24)
        title = self.font(MIN_TEXT + 2, True)
        name = clip(title, self.labels.text(doc.name), width - 70)
        height = 42 + 22 * (len(lines) + len(trait_lines)) + 8
        box = pygame.Rect(pos[0] + 18, pos[1] + 18, width, min(height, bounds.height))
        if box.bottom > bounds.bottom and pos[1] - 12 - box.height >= bounds.top:
            box.bottom = pos[1] - 12  # above the pointer rather than under it
        if box.right > bounds.right:
            box.right = pos[0] - 12
        box.clamp_ip(bounds)
        panel(surface, box, "panel", "brass")
        base = pygame.Rect(box.x + 10, box.y + 10, 8, 22)
        pygame.draw.rect(surface, BASE_COLOURS[agent.side], base)
        pygame.draw.rect(surface, (240, 236, 226), base, 1)
        text(surface, title, name, (box.x + 26, box.y + 10), "brass")
        self.colour_chip(surface, doc.colour, pygame.Rect(box.right - 40, box.y + 12, 28, 18))
        y = box.y + 40
        for line in lines:
            text(surface, body, line, (box.x + 12, y))
            y += 22
        for line in trait_lines:
            if y + 22 > box.bottom:
                break
            text(surface, body, line, (box.x + 12, y), "muted")
            y += 22
        return box


def _flow(font: pygame.font.Font, parts: list[str], width: int) -> list[str]:
    """Pack `parts` into lines no wider than `width`, keeping each part whole."""
    lines: list[str] = []
    for part in parts:
        if lines and font.size(f"{lines[-1]}  {part}")[0] <= width:
            lines[-1] = f"{lines[-1]}  {part}"
        else:
            lines.append(part)
    return lines


def _pips(surface: pygame.Surface, face: pygame.Rect, value: int) -> None:
    spots = {
        1: [(0, 0)],
        2: [(-1, -1), (1, 1)],
        3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    }
    for dx, dy in spots.get(value, []):
        pygame.draw.circle(surface, (25, 25, 25), (face.centerx + dx * 9, face.centery + dy * 9), 3)


def held_count(held: tuple[str, ...] | int) -> int:
    """Cards in a hand: the own hand lists them, the opponent's is only a number."""
    return held if isinstance(held, int) else len(held)
