"""The film scenarios' special rules as the Stawka flow asks them (rulebook, "Film
Scenarios", and each scenario's own section): where a scenario changes what plain Stawka does.

A scenario names its special rules in the data (`special_rules` in `data/scenarios.toml`);
each name with rules of its own is one `SpecialRule` (`rules.stawka.film_rule`) in a module
of `rules.stawka.film`, all listed in `rules.stawka.film.rules`, where this module finds them
(at the first question: nothing registers them at import).  The Stawka flow asks the rules of
the scenario in play at fixed points, each hook doing nothing by default:

* `setup` - the scenario's own figures and tokens, laid out with the board (and a
  decision taken before play);
* `actions` and `handlers` - more actions of an activation (Stage, F), and what carries
  them out: the Rulebook asks them of the film rules it is built with
  (`rules.stawka.rulebook`); `may_act` - a figure of the rule (not an agent) the seat may
  still activate, so its turns go on;
* `checked_spaces` - spaces where the rule puts a standing document check (like the
  fort's) on an agent entering; `discard_bonus` - added to an alertness roll to discard
  a threat token;
* `mission_done` - a mission completed, and at which level; `secret_spends_evidence`
  and `after_secret` - a secret learnt in a conversation;
* `after_step` - after every handled decision, before the game's end is checked: what
  follows from the state now (a rule keeps in the state what it has already answered -
  the secrets it counted, the missions it paid - since an `apply` may settle more than
  once);
* `one_ap_action` - a 1-AP action of the rule an agent with 1 AP left may be activated
  for (Activating, 2);
* `assassin_without_mission`, `arrest_anyone` - who may assassinate where plain Stawka
  asks for a mission ordering it, and whom an agent able to arrest may arrest whatever
  plain Stawka asks of the target (6 evidence; not Kloss);
* `scramble` - the rule's figures one seat cannot see, dealt anew (`Title.scramble`);
* `at_stage_end` - at the end of a stage, before steps G-H;
* `top_secret_discarded` - after a Top Secret card was discarded (`rules.stawka.top_secret`);
* `search_refusal`, `card_refusal` - why a search, or the use of a location card, that
  plain Stawka allows is refused (the reason a player reads);
* `winner` - a side that has won at once, looked at before the scenario's usual victory
  conditions; `at_time_out` - who wins when the last stage is over.

A special rule's own decisions (a secret choice behind the curtain, a choice after a
secret) are typed decisions in the Rulebook (`rules.stawka.flow`) like every other, its
handlers are put in the Rulebook from the film rules the flow is built with, and its own
figures live in the state (`rules.stawka.state`).
"""

from __future__ import annotations

from functools import cache

from rules.core import Dice, Event, IllegalAction, Seat
from rules.stawka.content import load_content
from rules.stawka.film_rule import SpecialRule, Won
from rules.stawka.state import AgentState, StawkaState

__all__ = ["SpecialRule", "Won"]


@cache
def _by_name() -> dict[str, SpecialRule]:
    """Every film rule by its name in the scenario data (`rules.stawka.film.rules`).

    Imported at the first question, not with this module: the film rules build on the whole
    Stawka flow, which asks the hooks of this module; nothing registers them from outside."""
    from rules.stawka.film.rules import RULES

    return {rule.id: rule for rule in RULES}


def special_rules(state: StawkaState) -> tuple[SpecialRule, ...]:
    """The special rules of the scenario in play, in the data's order.

    Found once per scenario id (an id always names the same scenario, a free one too):
    every hook asks, several times an action, and most scenarios have none."""
    try:
        return _OF_SCENARIO[state.scenario]
    except KeyError:
        names = load_content().scenario(state.scenario).special_rules
        known = _by_name()
        found = _OF_SCENARIO[state.scenario] = tuple(known[name] for name in names if name in known)
        return found


_OF_SCENARIO: dict[str, tuple[SpecialRule, ...]] = {}


def setup(state: StawkaState, dice: Dice) -> StawkaState:
    for rule in special_rules(state):
        state = rule.setup(state, dice)
    return state


def one_ap_action(state: StawkaState, agent: AgentState) -> bool:
    rules = special_rules(state)
    return bool(rules) and any(rule.one_ap_action(state, agent) for rule in rules)


def assassin_without_mission(state: StawkaState, agent: AgentState, target: AgentState) -> bool:
    rules = special_rules(state)
    return bool(rules) and any(rule.assassin_without_mission(state, agent, target) for rule in rules)


def arrest_anyone(state: StawkaState, agent: AgentState, target: AgentState) -> bool:
    rules = special_rules(state)
    return bool(rules) and any(rule.arrest_anyone(state, agent, target) for rule in rules)


def scramble(state: StawkaState, observer: Seat, dice: Dice) -> StawkaState:
    for rule in special_rules(state):
        state = rule.scramble(state, observer, dice)
    return state


def may_act(state: StawkaState, seat: Seat) -> bool:
    rules = special_rules(state)
    return bool(rules) and any(rule.may_act(state, seat) for rule in rules)


def checked_spaces(state: StawkaState, agent: AgentState) -> dict[str, int]:
    checks: dict[str, int] = {}
    for rule in special_rules(state):
        checks.update(rule.checked_spaces(state, agent))
    return checks


def mission_done(state: StawkaState, agent: AgentState, level: str) -> StawkaState:
    for rule in special_rules(state):
        state = rule.mission_done(state, agent, level)
    return state


def discard_bonus(state: StawkaState, agent: AgentState) -> int:
    rules = special_rules(state)
    return sum(rule.discard_bonus(state, agent) for rule in rules) if rules else 0


def secret_spends_evidence(state: StawkaState, seat: Seat) -> bool:
    rules = special_rules(state)
    return not rules or all(rule.secret_spends_evidence(state, seat) for rule in rules)


def after_secret(state: StawkaState, seat: Seat, events: list[Event], dice: Dice) -> StawkaState:
    """Run every rule's `after_secret`, adding the events they make to `events`."""
    for rule in special_rules(state):
        state, more = rule.after_secret(state, seat, dice)
        events.extend(more)
    return state


def after_step(state: StawkaState, events: list[Event], dice: Dice) -> StawkaState:
    """Run every rule's `after_step`, adding the events they make to `events`."""
    for rule in special_rules(state):
        state, more = rule.after_step(state, dice)
        events.extend(more)
    return state


def at_stage_end(state: StawkaState, events: list[Event], dice: Dice) -> StawkaState:
    for rule in special_rules(state):
        state, more = rule.at_stage_end(state, dice)
        events.extend(more)
    return state


def top_secret_discarded(
    state: StawkaState, events: list[Event], seat: Seat, agent: str, dice: Dice
) -> StawkaState:
    for rule in special_rules(state):
        state, more = rule.top_secret_discarded(state, seat, agent, dice)
        events.extend(more)
    return state


def search_refused(state: StawkaState, agent: AgentState) -> IllegalAction | None:
    for rule in special_rules(state):
        if why := rule.search_refusal(state, agent):
            return why
    return None


def card_refused(state: StawkaState, seat: Seat, card: str) -> IllegalAction | None:
    for rule in special_rules(state):
        if why := rule.card_refusal(state, seat, card):
            return why
    return None


def winner(state: StawkaState) -> Won | None:
    for rule in special_rules(state):
        if (won := rule.winner(state)) is not None:
            return won
    return None


def at_time_out(state: StawkaState) -> Won | None:
    for rule in special_rules(state):
        if (won := rule.at_time_out(state)) is not None:
            return won
    return None
