"""Drawing Bruges: its setup (what a person lays out the table from, step by step) and a state in play."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bgkit.api import Drawing, plural

if TYPE_CHECKING:
    from bgkit_bruges.data import Components
    from bgkit_bruges.state import BrugesState


def render_setup(comp: Components, setup: dict[str, Any]) -> Drawing:
    """The setup as tables on a Drawing: the terminal prints them, ``--format svg`` draws them."""
    out = Drawing(hang=0)
    _seats(out, setup)
    _each_player(out, setup["seats"][0])  # every player starts alike, so one list says what each one takes
    _person_cards(out, setup)
    _board_and_supply(out, setup)
    return out  # the core's header line already names the game and the players


def _seats(out: Drawing, setup: dict[str, Any]) -> None:
    start = setup["start_player"]
    rows = [[f"{p['seat']}" + (" ★ start" if p["seat"] == start else ""), p["colour"],
             str(setup["turn_order"].index(p["seat"]) + 1), f"guard house {p['guard_house']} (the one nearest your seat)"]
            for p in setup["seats"]]
    out.table(("seat", "colour", "turn", "small seal"), rows, title="Players (seats clockwise)", right=(2,))


def _each_player(out: Drawing, first: dict[str, Any]) -> None:
    rows = [
        ["large seal", "in front of you"],
        ["scoring pawn", f"space {first['score']} of the scoring track"],
        ["reputation pawn", "on the town hall" if first["reputation"] == 0 else f"step {first['reputation']}"],
        ["majority markers", _markers(first["majority_markers"])],
        ["workers", _workers(first["workers"])],
        ["guilders", f"{first['guilders']} ({first['coins']['1']}×1 + {first['coins']['3']}×3)"],
        ["overview cards", "2"],
    ]
    out.table((), rows, title="Each player")


def _person_cards(out: Drawing, setup: dict[str, Any]) -> None:
    stacks, piles = setup["stacks"], setup["piles"]
    total = sum(stacks["sizes"])
    size_text = "/".join(str(s) for s in sorted(set(stacks["sizes"])))
    rows = [
        ["1", f"shuffle all {total} persons, split into {stacks['count']} stacks", size_text + " each"],
        ["2", f"shuffle {stacks['into_draw_piles']} stacks together, split in 2: draw pile A", str(len(piles["draw_a"]))],
        ["", "draw pile B", str(len(piles["draw_b"]))],
        ["3", f"the other {plural(stacks['into_extra_pile'], 'stack')}: extra pile (set aside)", str(len(piles["extra"]))],
    ]
    card_note = ("card ids refer to your own card list" if setup["card_list"] == "own" else
                 "card ids refer to the shipped RECONSTRUCTED card list (not the printed cards)")
    note = ("At a real table just shuffle: the piles' sizes above are what matters. The exact order of every pile "
            f"(top card first) is in --format json/toml; {card_note}.")
    out.table(("step", "pile", "cards"), rows, title="Person cards", note=note, right=(2,))


def _board_and_supply(out: Drawing, setup: dict[str, Any]) -> None:
    supply, start, statues = setup["supply"], setup["start_player"], setup["statues_top_first"]
    rows = [
        ["statues", "stacked " + ", ".join(map(str, reversed(statues))) + f" from the bottom ({statues[0]} on top)"],
        ["start player", f"seat {start}: start player banner and the 5 dice (the rule book's pick: "
                         "whoever most recently ate the most Belgian chocolate; --option start=N seats them)"],
        ["workers", ", ".join(f"{n} {c}" for c, n in supply["workers"].items()) + " (use substitutes if short)"],
        ["threat markers", ", ".join(f"{n} {c}" for c, n in supply["threats"].items())],
        ["guilders", f"{supply['coins_1']}×1 and {supply['coins_3']}×3 in the bank"],
        ["canal tokens", str(supply["canal_tokens"])],
        ["50/100 tokens", f"{supply['point_tokens']}, 50 side up, beside space 49"],
        ["hands", "empty: everyone draws 5 in phase 1 of round 1"],
    ]
    out.table((), rows, title="Board and supply")


def _workers(workers: dict[str, int]) -> str:
    counts = set(workers.values())
    if len(counts) == 1:
        return f"{counts.pop()} of each colour"
    return ", ".join(f"{n} {c}" for c, n in workers.items())


def _markers(markers: dict[str, str]) -> str:
    sides = set(markers.values())
    if len(sides) == 1:
        return f"{len(markers)}, {sides.pop()} side up"
    return ", ".join(f"{name}: {side}" for name, side in markers.items())


# -- a state in play ------------------------------------------------------------------------------------

PHASE_NAMES = {1: "phase 1: draw", 2: "phase 2: dice", 3: "phase 3: actions", 4: "game over"}
SHORT = ("r", "y", "b", "br", "p")


def render_state(state: BrugesState, player: int | None) -> Drawing:
    """What ``player`` (None: a spectator) needs to decide: the round, piles and dice, every
    player's open holdings and score, their own hand, houses and persons with their abilities.
    Values of reconstructed tables carry the mark ``*`` (legend at the bottom)."""
    return Drawing(state_lines(state, player))


def state_lines(state: BrugesState, player: int | None) -> list[str]:
    """The full drawing's lines: the board, the players' table and hands, every area, the own hand."""
    n, drawing = state.num_players, _drawing(state)
    lines = board_lines(state) + [""] + table_lines(state, player) + [""]
    for q in range(n):  # one area after the other: each starts at the margin with its canals' line
        lines += area_lines(state, q, player)
    if player is not None and (state.hands[player] or (player == drawing and state.fresh)):
        lines += _hand(state, player, player == drawing, _marks(state)[0])
    return lines + pending_lines(state)


def render_compact(state: BrugesState, player: int | None) -> Drawing:
    """For a terminal the full drawing does not fit: the round and the dice, ``player``'s own hand
    and area, the players' table, then the piles (``board``, ``hand``, ``others`` and ``full``
    show the rest)."""
    board = board_lines(state)  # the round, the piles, the dice (when rolled), the statues
    mine = render_part(state, player, "hand")
    return Drawing([board[0], *board[2:-1], *(mine.lines if mine else []), *table_lines(state, player, hands=False),
                    board[1], *pending_lines(state)])


def render_part(state: BrugesState, player: int | None, word: str) -> Drawing | None:
    """``board``: the round, piles, dice and statues; ``hand``: ``player``'s hand and area;
    ``others``: the players' table, hands and every other area."""
    if word == "board":
        return Drawing(board_lines(state) + pending_lines(state))
    if word == "others":
        lines = table_lines(state, player)
        for q in range(state.num_players):
            if q != player:
                lines += [""] + area_lines(state, q, player)
        return Drawing(lines)
    if word != "hand" or player is None:
        return None
    drawing = _drawing(state)
    lines = area_lines(state, player, player)
    if state.hands[player] or (player == drawing and state.fresh):
        lines = _hand(state, player, player == drawing, _marks(state)[0])[1:] + lines
    return Drawing([_own_line(state, player)] + lines)


def _own_line(state: BrugesState, q: int) -> str:
    """A seat's holdings in a line: money, workers and threats by colour, reputation, score."""
    workers = " ".join(f"{SHORT[c]}{w}" for c, w in enumerate(state.workers[q]))
    threats = " ".join(f"{SHORT[c]}{t}" for c, t in enumerate(state.threats[q]) if t) or "none"
    rep = state.reputation[q] or "hall"
    return (f"P{q + 1} (you): {state.guilders[q]} guilders · workers {workers} · threats {threats} · "
            f"rep {rep} · score {state.score[q]}")


def _marks(state: BrugesState) -> tuple[str, str, str]:
    """The marks of reconstructed values: persons, canals, reputation (``*`` or nothing)."""
    from bgkit.api import MARK

    persons, canals, reputation = ("" if state.comp.is_confirmed(table) else MARK for table in ("persons", "canals", "reputation"))
    return persons, canals, reputation


def _drawing(state: BrugesState) -> int:
    """The seat drawing cards this phase, or -1."""
    from bgkit_bruges.codes import P_DRAW

    return state.order[state.turn] if state.phase == P_DRAW and state.turn < state.num_players else -1


def board_lines(state: BrugesState) -> list[str]:
    """The round, the piles, the dice, then the statues and the threat supply (the last line)."""
    from bgkit_bruges.codes import P_ACTIONS, P_DICE, P_OVER, PILES, PLAYS

    colours, n = state.comp.card_colours, state.num_players
    head = [f"Bruges · round {state.round} · {PHASE_NAMES[state.phase]}"]
    if state.phase == P_ACTIONS:
        head.append(f"turn {min(state.turn, PLAYS * n - 1) // n + 1} of {PLAYS}")
    head.append(f"start player P{state.start + 1}")
    if state.last_round and state.phase != P_OVER:
        head.append("LAST ROUND")
    elif state.last_next:
        head.append("next round is the last")
    lines = [" · ".join(head)]

    piles = []
    for s in (0, 1):
        top = state.tops[s]
        piles.append(f"{PILES[s]} {plural(state.sizes[s], 'card')}" + (f", top {colours[top]}" if top >= 0 else ""))
    piles.append("extra pile in play" if state.extra_used else f"extra pile {state.extra} (comes in when A or B runs out)")
    lines.append("Piles: " + " · ".join(piles) + f" · discards {len(state.discard)}")
    if any(state.dice) and state.phase in (P_DICE, P_ACTIONS):
        dice = ", ".join(f"{colours[c]} {v or '-'}" for c, v in enumerate(state.dice))
        low = sum(v for v in state.dice if 0 < v <= 2)
        step = f"the reputation step costs {low}" if low else "no reputation step this round"
        lines.append(f"Dice: {dice} · {step}")
    statues = " ".join(map(str, state.statues)) or "none"
    supply = " ".join(f"{SHORT[c]}{state.threat_supply[c]}" for c in range(5))
    lines.append(f"Statues left (top first): {statues} · threat markers in the supply: {supply}")
    return lines


def table_lines(state: BrugesState, player: int | None, hands: bool = True) -> list[str]:
    """Every player's open holdings and score in a table, then (``hands``) each hand as ``player`` may see it."""
    comp, cards = state.comp, state.cards
    rep_mark = _marks(state)[2]
    n, drawing = state.num_players, _drawing(state)
    lines = [f"{'':7} {'score':>5} {'rep':>7} {'money':>5}  {'workers':<9}  {'threats':<9}  {'canal':<5} "
             f"{'statue':<6} majorities"]
    lines.append(f"{'':7} {'':>5} {'':>7} {'':>5}  {'r y b br p':<9}  {'r y b br p':<9}  {'L/R':<5}")
    for q in range(n):
        who = ("▶" if q == state.cur else " ") + f"P{q + 1}" + (" you" if q == player else "")
        rep = state.reputation[q]
        rep_text = f"{rep} ({comp.reputation_points[rep - 1]}{rep_mark})" if rep else "hall"
        markers = " ".join(name for name, on in zip(("rep", "pers", "can"), state.markers[q]) if on) or "-"
        lines.append(f"{who:<7} {state.score[q]:>5} {rep_text:>7} {state.guilders[q]:>5}  "
                     f"{' '.join(str(w) for w in state.workers[q]):<9}  {' '.join(str(t) for t in state.threats[q]):<9}  "
                     f"{'/'.join(str(b) for b in state.canals[q]):<5} {' '.join(map(str, state.won[q])) or '-':<6} "
                     f"{markers}")
    for q in range(n) if hands else ():
        hand = state.hands[q]
        if q == player:
            text = f"{plural(len(hand), 'card')} (yours, below)"
        else:
            text = f"{plural(len(hand), 'card')}, backs " + (" ".join(SHORT[c] for c in sorted(cards.colour[x] for x in hand)) or "-")
        if q == drawing and state.fresh:
            text += f", and {len(state.fresh)} drawn face down: " + " ".join(SHORT[c] for c in state.fresh)
        lines.append(f"P{q + 1} hand: {text}")
    return lines


def area_lines(state: BrugesState, q: int, player: int | None) -> list[str]:
    persons_mark, canal_mark, _ = _marks(state)
    return _area(state, q, q == player, persons_mark, canal_mark)


def pending_lines(state: BrugesState) -> list[str]:
    """What is still to settle (disasters, threats owed), and the legend of reconstructed values."""
    from bgkit.api import MARK_LEGEND

    from bgkit_bruges.codes import P_DICE

    colours = state.comp.card_colours
    lines = []
    if state.phase == P_DICE and any(state.disasters):
        waiting = ", ".join(f"P{q + 1}: " + ", ".join(colours[c] for c in d) for q, d in enumerate(state.disasters) if d)
        lines.append(f"Disasters to resolve: {waiting}")
    if state.owed:
        lines.append("Threats owed (the supply ran out): " + ", ".join(f"P{q + 1} {colours[c]}" for c, q in state.owed))
    if any(_marks(state)):
        lines.append(MARK_LEGEND)
    return lines


def _hand(state: BrugesState, player: int, drawing: bool, persons_mark: str) -> list[str]:
    """The seat's own hand, every card in full, and the cards it drew face down this phase."""
    comp, cards = state.comp, state.cards
    colours = comp.card_colours
    lines = ["", f"Your hand (P{player + 1}): card · colour · price · points · group · ability{persons_mark}"]
    for x in sorted(state.hands[player], key=lambda x: (cards.colour[x], cards.name[x])):
        text = (f"{cards.name[x]} · {colours[cards.colour[x]]} · {cards.price[x]}g{persons_mark} · "
                f"{cards.points[x]}pt{persons_mark} · {cards.group[x]} · {comp.persons[x].ability}{persons_mark}")
        lines.append("  " + text)
    if drawing:
        for colour in state.fresh:
            lines.append(f"  a {colours[colour]} card, face down until your hand is full")
    return lines


def _area(state: BrugesState, q: int, mine: bool, persons_mark: str, canal_mark: str) -> list[str]:
    """One player's canal sections and houses with their persons (abilities in words)."""
    comp, cards = state.comp, state.cards
    colours = comp.card_colours
    sections = []
    for s, name in enumerate(("left", "right")):
        built = state.canals[q][s]
        if built >= 5:
            sections.append(f"{name} 5/5 done")
        else:
            nxt = colours[state.canal_colours[q][s][built]]
            sections.append(f"{name} {built}/5, next {nxt}{canal_mark} for {comp.canal_costs[built]}g")
    empty = [colours[cards.colour[card]] for h, card in enumerate(state.houses[q]) if state.occupants[q][h] < 0]
    # the empty houses (or none at all) on the canals' line: a line a person, and the whole table fits 120×50
    houses = (f"empty house{'s' if len(empty) > 1 else ''}: {', '.join(empty)}" if empty
              else "" if state.houses[q] else "no houses")
    lines = [f"P{q + 1}{' (you)' if mine else ''} canals: " + " · ".join(sections + ([houses] if houses else []))]
    for h, card in enumerate(state.houses[q]):
        person = state.occupants[q][h]
        if person < 0:
            continue
        used = " (used this round)" if state.used[q][h] else ""
        lines.append(f"  [{colours[cards.colour[card]]} house] {cards.name[person]} {cards.points[person]}pt{persons_mark}: "
                     f"{comp.persons[person].ability}{persons_mark}{used}")
    return lines


def render_public(state: BrugesState) -> Drawing:
    """What everyone at the table sees (a shared screen): the board, the players' table with each
    hand by its count and card backs (colours), every area; no hand's faces (the spectator's drawing)."""
    return render_state(state, None)
