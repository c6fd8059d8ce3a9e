"""A bot's move at a real table, said as what the people do (``Wording.instruction``), and the
decision screen's parts (``render_compact``, ``render_part``) a person at 80 columns reads."""

from __future__ import annotations

import io

from bgkit_bluemooncity import rules
from bgkit_bluemooncity.codes import OFF, S_CONTRIBUTE, TO
from bgkit_bluemooncity.wording import instruction
from bluemooncity_scene import act, cell, hold, restore, table


def said(state, text):
    """The instruction for the move of the seat to play whose text is ``text``."""
    action = state.parse_action(text)
    return instruction(state, state.current_player(), action)


def test_a_payment_that_restores_a_tile_says_the_marker_the_tile_and_every_gain():
    s = table(players=2, hands={0: ["vulca-3", "khind-1"]})
    hold(s, 0, "fire_temple", 1)
    hold(s, 1, "fire_temple", 2)
    restore(s, "royal_palace")  # a restored neighbour: its "near" reward goes to the contributors too
    s.pos[0] = cell(s, "fire_temple")
    s.stage = S_CONTRIBUTE
    rules.run(s)
    assert said(s, "box 3: black 3") == "contributes to box 3 of the Fire Temple (black, 3): it pays with cards next"
    act(s, "box 3")
    before = [list(s.crystals), list(s.owner)]
    text = said(s, "pay vulca-3")
    assert text.startswith("puts its Vulca 3 card (black) on the discard pile towards box 3 of the Fire Temple; "
                           "it is paid: put a P1 marker on it; the Fire Temple is restored: turn its tile over")
    act(s, "pay vulca-3")
    gained = [after - was for after, was in zip(s.crystals, before[0])]
    for q, n in enumerate(gained):  # each seat's crystals, as the table must hand them out
        assert (f"P{q + 1} takes {n} crystal" in text) == (n > 0), (gained, text)
    assert [list(s.crystals), list(s.owner)] != before  # said from a copy: the state moved only when played


def test_the_other_moves_are_said_in_the_tables_words():
    s = table(players=2, hands={0: ["vulca-1", "flit-2", "pillar-1"]})
    here = s.board.building[s.pos[0]].name
    assert said(s, "stay") == f"stays on the {here}"
    go = next(t for t in (s.action_text(a) for a in s.legal_actions()) if t.startswith("go "))
    assert said(s, go).startswith(f"moves its figure from the {here} to the ")
    act(s, "stay")
    assert said(s, "use vulca-1") == ("puts its Vulca 1 card (black) on the discard pile for its power: fly the red "
                                     "dragon anywhere or off")
    act(s, "use vulca-1")
    assert said(s, "red dragon to mill") == "moves the red dragon to the Mill"
    assert instruction(s, 0, (TO, OFF)) == "takes the red dragon off the board"  # were it in the city
    act(s, "red dragon to mill")
    assert said(s, "done") == "ends its movement: it contributes next"


def test_an_offering_says_the_crystals_and_the_obelisk():
    s = table(players=2, hands={0: []})
    s.crystals[0] = 9
    s.pos[0] = s.board.courtyard
    act(s, "stay")  # no movement card in hand: contributing at once
    text = said(s, "offer 7 crystals")
    assert text == "makes an offering at the obelisk; put a P1 marker on the obelisk's box for 7; P1 gives back 7 crystals"


def printed(drawing, width=80):
    from rich.console import Console

    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(drawing)
    return console.file.getvalue()


def test_the_compact_screen_puts_the_persons_own_position_first_and_the_parts_split_the_table():
    s = table(players=3, hands={0: ["vulca-1", "aqua-3", "aqua-3"]})
    lines = printed(s.render_compact(0)).splitlines()
    assert max(map(len, lines)) <= 80 and len(lines) <= 16
    compact = " ".join(" ".join(lines).split())  # wrapped at 80 columns: words, not lines
    first = ["Turn 1 · order P1 → P2 → P3 · ", "P1 you ◀ Courtyard · 10 markers · offered 0/", "· 0 crystals ·",
             "Hand (3): black vulca-1* · blue aqua-3*×2", "Now: P1 moves: walk up to 2 tiles, or stay", "Here: Courtyard",
             "P2 Courtyard", "P3 Courtyard", "Dragons: red off the board"]
    places = [compact.find(text) for text in first]
    assert -1 not in places and places == sorted(places), (places, compact)  # the person's own position first
    hand, others, board = (printed(s.render_part(0, word)) for word in ("hand", "others", "board"))
    assert "Your hand (3): vulca-1* (fly the red dragon" in hand and "P2 Courtyard" not in hand
    assert "P2 Courtyard" in others and "P3 Courtyard" in others and "crystals hidden" in others and "P1" not in others
    assert "Obelisk, bottom up" in board and "Royal Palace" in board and "Your hand" not in board and "P1 you" not in board
    assert s.render_part(0, "nothing") is None
