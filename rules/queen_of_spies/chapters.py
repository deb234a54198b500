"""Set-up, end of chapter, end of story and scoring.

Rulebook sections: "Setup", "Initial Operative Setup", each story's "Setup" and
"Scoring", "End of Chapter", "End of Story", "How to Lose".
"""

from __future__ import annotations

from rules.core import Dice, IllegalAction, seed_state
from rules.core.components import Bag
from rules.queen_of_spies.actions import EndChapter
from rules.queen_of_spies.content import CHAPTER_TROOPS, Chapter, Token, load_content
from rules.queen_of_spies.state import Assigning, QueenState
from rules.queen_of_spies.table import ALICE, GameLost, Table

BASIC_ITEMS = ("bomb", "disguise", "false_papers", "jail_key")


def new_story(story_id: str, seed: int) -> QueenState:
    """The town, the bag, the supplies and the starting hand ("Setup")."""
    c = load_content()
    story = c.story(story_id)
    dice = Dice(seed_state(seed))
    decks = {cell.id: c.cell_members(cell.id) for cell in c.cells}
    hand = [ALICE]
    if story.starting_operatives is None:
        # Alice plus one random operative from each cell's deck.
        picks = [dice.choice(members) for members in decks.values()]
    else:
        # Office Infiltration: Alice and one random operative from a (random) cell.
        picks = [dice.choice(dice.choice(list(decks.values()))) for _ in range(story.starting_operatives)]
    hand.extend(picks)
    decks = {cell: tuple(o for o in members if o not in picks) for cell, members in decks.items()}
    basic = [loc.id for loc in c.locations if loc.group == "basic"]
    state = QueenState(
        seed=seed,
        rng=dice.state,
        story=story_id,
        time=0,
        bag=Bag[Token](),
        hand=tuple(hand),
        decks=decks,
        trained=(ALICE,),
        town=tuple(basic),
        items=dict.fromkeys(BASIC_ITEMS, "learn"),
        pows_waiting=tuple(p.id for p in c.pows) if story.scoring == "pows" else (),
    )
    table = Table(state, dice)
    _set_up_chapter(table, story.chapters[0])
    table.log("chapter_start", chapter=1, story=story_id)
    return table.freeze().model_copy(update={"rng": dice.state})


def _set_up_chapter(table: Table, chapter: Chapter) -> None:
    """Time pool, bag and the chapter's new cards (the story's chapter set-up)."""
    table.time = chapter.time
    table.bag = Bag[Token](counts={**load_content().bag, Token.TROOP: CHAPTER_TROOPS[table.chapter - 1]})
    for location in chapter.locations:
        if location not in table.town:
            table.town.append(location)
    for item in chapter.items:
        table.items.setdefault(item, "learn")
    if chapter.eavesdrop:
        stack = table.dice.shuffled(chapter.eavesdrop)
        table.town.append(stack[0])
        table.eavesdrop_rest = sorted(stack[1:])
    for _ in range(chapter.pows):
        pow_id = table.dice.choice(sorted(table.pows_waiting))
        table.pows_waiting.remove(pow_id)
        table.jail.append(pow_id)
    if chapter.interrogation:
        table.interrogation = chapter.interrogation


def end_chapter_yourself(table: Table, turn: Assigning, action: EndChapter) -> None:
    """ "End of Chapter", second way: the player ends it at the start of a round after the
    first (an interrogation phase has happened), before anyone is assigned."""
    if table.round == 1 or any(a.fresh for a in table.assignments):
        raise IllegalAction(
            "A chapter may end only at the start of a round, after an interrogation.",
            "queen-of-spies.refusal.chapter_end",
        )
    end_chapter(table)


def end_chapter(table: Table) -> None:
    """End the chapter now; incomplete assignments are abandoned ("End of Chapter").

    "All items you built or obtained ... remain in the Safe House": an item lent to an
    abandoned assignment goes back there, and POWs waiting beside an escape card go back to
    the Safe House (our readings, README).
    """
    if ALICE in table.jail:
        raise GameLost("alice_jailed")
    story = load_content().story(table.state.story)
    table.log("chapter_end", chapter=table.chapter)
    for a in table.assignments:
        table.return_tokens(a.drawn)
        table.hand.extend(a.operatives)
        table.pows_safe.extend(a.pows)
        for item in a.items:
            table.items[item] = "safe_house"
    table.assignments = []
    table.pending = []
    if table.chapter >= len(story.chapters):
        # "End of Story": drawn tokens go back, but the bag is not reset.
        _score(table)
        return
    table.progress = {}
    for who in list(table.jail):
        if table.is_pow(who):
            # Rescuing the Prisoners: POWs still in jail at the end of chapter 1 or 2 are lost.
            table.lose_prisoner(who)
        else:
            # Released, but their despair markers are removed from the game.
            table.despair_lost += table.despair.pop(who, 0)
            table.jail.remove(who)
            table.hand.append(who)
    table.interrogation = 0
    for item, place in table.items.items():
        if place == "discard":
            table.items[item] = "workshop"  # The Bomb can be built again in the new chapter.
    table.chapter += 1
    table.round = 1
    table.phase = "assign"
    _set_up_chapter(table, story.chapters[table.chapter - 1])
    table.log("chapter_start", chapter=table.chapter, story=story.id)


def _score(table: Table) -> None:
    """Each story's "Scoring", then the result table."""
    story = load_content().story(table.state.story)
    score = 0
    if story.scoring == "introduction":
        score = 1 if table.victory else 0
    elif story.scoring == "pows":
        score = sum(len(pows) for pows in table.pows_escaped.values())
    elif story.scoring == "pigeons":
        for location, draws in story.pigeon_draws.items():
            for _ in range(table.pigeons_sent.get(location, 0)):
                score += 1 + _score_draw(table, draws, together=True)
    elif story.scoring == "office":
        for location in table.set_aside:
            score += story.set_aside_points.get(location, 0)
            if location in story.set_aside_draws:
                score += _score_draw(table, story.set_aside_draws[location], together=False)
    table.score = score
    table.phase = "over"
    table.log("story_end", reveals=True, story=story.id, score=score, band=story.result_for(score).band)


def _score_draw(table: Table, draws: int, together: bool) -> int:
    """Draw tokens for a scoring card; each Progress icon is a point.

    Pigeons: the tokens for one pigeon are drawn together, then returned. Office
    searches: "Draw tokens one at a time and return them to the bag after each draw."
    """
    drawn: list[Token] = []
    for _ in range(draws):
        token = table.draw()
        if token is None:
            break
        drawn.append(token)
        if not together:
            table.return_tokens([token])
    if together:
        table.return_tokens(drawn)
    table.log("score_draw", tokens=drawn)
    return sum(1 for t in drawn if t.progress)
