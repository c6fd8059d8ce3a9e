"""How good a table looks for a player: what the greedy bot maximises and MCTS is biased by.

Everything is counted in crystals, the currency of the offerings that win: an offering is worth
more than the crystals it costs, a card about a third of its value plus a little (more for a wild
or a power; a card of a colour no open box asks for, its power only; a hand of twenty is not worth
twice a hand of ten), a golden scale nearly a crystal, a free marker more the fewer are left, a
marker on a building a share of what the building will pay its contributors (more the fuller the
building, and the majority reward if the player leads there). The player whose turn it is also
values where their figure stands: the best box it could pay there (a building it can complete this
turn valued as completed: its rewards and the markers back, less the cards and a share of what the
rivals get), or an offering at the courtyard; away from any box it could pay, or from the
courtyard when it can afford an offering, it loses a little per step.

A finished game is valued by its outcome alone, far beyond any position, so greedy takes a win
when it sees one and avoids an ending without a winner when it is ahead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit_bluemooncity import rules as _rules
from bgkit_bluemooncity.board import ANY_COLOUR, Board
from bgkit_bluemooncity.city import STEPS
from bgkit_bluemooncity.kinds import EXTRA_OFFERING, NO_POWER, PAIR, WILD, Kinds
from bgkit_bluemooncity.payment import can_pay

if TYPE_CHECKING:
    from bgkit_bluemooncity.state import BlueMoonState

OFFERING = 17.0
SCALE = 0.9
CARD_BASE, CARD_PER_VALUE = 0.3, 0.3
WILD_WORTH, PAIR_WORTH, POWER_BONUS = 1.0, 0.7, 0.25
UNWANTED = 0.1
REWARD_CARD = 0.8
#: what a card drawn at the end of the turn is worth on average (so a useless card is discarded)
DRAWN_CARD = 0.7
COST_BASE, COST_PER_VALUE = 0.3, 0.33
STAKE_BASE, STAKE_FILLED = 0.6, 0.4
MAJORITY_SHARE = 0.75
RIVALS = 0.4  # how much of the best-served rival's gain from a completion counts against it
#: what each free marker is worth, the last ones most (without one a player can do nothing)
FREE_MARKERS = (3.0, 1.5, 0.8, 0.4)
FREE_MARKER_REST = 0.2
PER_STEP = 0.6
#: a hand's cards are worth less the more there are: full for the first 10, half for the next 10
HAND_FULL, HAND_HALF, HAND_REST = 10, 20, 0.2
END = 10_000.0


def reward_worth(reward: tuple[int, int, int]) -> float:
    crystals, scales, cards = reward
    return crystals + SCALE * scales + REWARD_CARD * cards


def card_worth(kinds: Kinds, k: int, wanted: int = -1) -> float:
    """A card's worth; ``wanted`` (a bit per colour) the colours some open box still asks for."""
    power = kinds.power[k]
    if power == WILD:
        return WILD_WORTH
    if power == PAIR:
        return PAIR_WORTH
    bonus = POWER_BONUS if power != NO_POWER else 0.0
    if not wanted >> kinds.colour[k] & 1:
        return UNWANTED + bonus
    return CARD_BASE + CARD_PER_VALUE * kinds.value[k] + bonus


def free_worth(free: int) -> float:
    return sum(FREE_MARKERS[:free]) + FREE_MARKER_REST * max(0, free - len(FREE_MARKERS))


FREE_WORTH = tuple(free_worth(n) for n in range(41))


def payment_cost(need: int, hand: int) -> float:
    """What paying ``need`` more from a hand of ``hand`` cards will cost in cards, roughly (the
    cards a big hand gives up are its least useful ones)."""
    if need <= 0:
        return 0.0
    scale = 1.0 if hand <= HAND_FULL else 0.5 if hand <= HAND_HALF else HAND_REST
    return (COST_BASE + COST_PER_VALUE * need) * scale


class _Static:
    """What the heuristic looks up per tile, worked out once per board."""

    def __init__(self, board: Board) -> None:
        self.every = [reward_worth(r) for r in board.every]
        self.majority = [reward_worth(r) for r in board.majority]
        self.neighbour = [reward_worth(r) for r in board.neighbour]
        self.worths: dict[int, tuple[tuple[float, int], ...]] = {}

    def card_order(self, kinds: Kinds, wanted: int) -> tuple[tuple[float, int], ...]:
        """(worth, kind) of every kind, the most worth first, for the colours ``wanted``."""
        order = self.worths.get(wanted)
        if order is None:
            order = self.worths[wanted] = tuple(sorted(((card_worth(kinds, k, wanted), k) for k in range(len(kinds))),
                                                       reverse=True))
        return order


def _static(board: Board) -> _Static:
    found: _Static | None = board.__dict__.get("_heuristic")
    if found is None:
        found = board.__dict__["_heuristic"] = _Static(board)
    return found


class Look:
    """One look at the table: who holds how many boxes of each unfinished building, and the
    colours the open boxes still ask for (a bit per colour; -1: the palace takes any)."""

    __slots__ = ("state", "static", "held", "filled", "wanted", "_shared")
    state: BlueMoonState
    static: _Static
    #: per unfinished cell with a marker on it: the markers each seat holds there, and how many
    held: dict[int, list[int]]
    filled: dict[int, int]
    wanted: int
    _shared: dict[int, float]

    def __init__(self, state: BlueMoonState) -> None:
        board = state.board
        n = state.num_players
        built, owner, colours = state.built, state.owner, board.box_colour
        held: dict[int, list[int]] = {}
        filled: dict[int, int] = {}
        wanted = 0
        for box, cell in enumerate(board.box_cell):
            if built[cell]:
                continue
            o = owner[box]
            if o >= 0:
                counts = held.get(cell)
                if counts is None:
                    counts = held[cell] = [0] * n
                counts[o] += 1
                filled[cell] = filled.get(cell, 0) + 1
            elif colours[box] == ANY_COLOUR:
                wanted = -1
            elif wanted != -1:
                wanted |= 1 << colours[box]
        self.state, self.static, self.held, self.filled, self.wanted = state, _static(board), held, filled, wanted
        self._shared: dict[int, float] = {}

    def shared(self, cell: int) -> float:
        """What every contributor gets when ``cell`` is completed: its base and the neighbours' rewards."""
        found = self._shared.get(cell)
        if found is None:
            state = self.state
            static = self.static
            found = self._shared[cell] = static.every[cell] + sum(
                static.neighbour[n] for n in state.board.neighbours[cell] if state.built[n])
        return found

    def stake(self, p: int, cell: int, held: list[int] | None = None, filled: int | None = None) -> float:
        """What ``p``'s markers on an unfinished ``cell`` are worth (``held``/``filled``: as if so)."""
        held = self.held[cell] if held is None else held
        filled = self.filled[cell] if filled is None else filled
        worth = self.shared(cell)
        if held[p] > max(h for q, h in enumerate(held) if q != p):
            worth += MAJORITY_SHARE * self.static.majority[cell]
        return worth * (STAKE_BASE + STAKE_FILLED * filled / len(self.state.board.cell_boxes[cell]))

    def hand(self, counts: list[int]) -> float:
        """The cards of a hand, the best first: beyond the tenth they count less (there is no hand
        limit, but a hand nobody plays from wins nothing)."""
        total = 0.0
        seen = 0
        for worth, k in self.static.card_order(self.state.board.kinds, self.wanted):
            n = counts[k]
            while n:
                if seen < HAND_FULL:
                    take = min(n, HAND_FULL - seen)
                    total += worth * take
                elif seen < HAND_HALF:
                    take = min(n, HAND_HALF - seen)
                    total += 0.5 * worth * take
                else:
                    take = n
                    total += HAND_REST * worth * take
                seen += take
                n -= take
        return total

    def value(self, p: int) -> float:
        state = self.state
        v = OFFERING * state.offerings[p] + state.crystals[p] + SCALE * state.scales[p]
        v += REWARD_CARD * (state.owed_old[p] + state.owed_new[p])
        v += self.hand(state.hands[p].counts)
        v += FREE_WORTH[state.free[p]]
        for cell, held in self.held.items():
            if held[p]:
                v += self.stake(p, cell)
        if state.cur == p:
            if state.discarded:
                v += DRAWN_CARD * state.discarded  # each card discarded is one more drawn
            v += self.opportunity(p)
        elif state.free[p] and _rules._can_offer(state, p):
            v -= PER_STEP * STEPS[state.pos[p]][state.board.courtyard]
        return v

    # -- the player to move ----------------------------------------------------------------------
    def opportunity(self, p: int) -> float:
        """What the player to move can still make of the tile their figure stands on this turn."""
        from bgkit_bluemooncity.codes import F_PAY, S_CONTRIBUTE, S_MOVE, S_POWERS

        state = self.state
        board = state.board
        kinds = board.kinds
        top = state.pending.top()
        cell = state.pos[p]
        if top is not None and top[0] == F_PAY:
            return self.box_gain(p, top[1], top[3], top[2])
        if state.stage not in (S_MOVE, S_POWERS, S_CONTRIBUTE) or not state.free[p]:
            return 0.0
        if cell == board.courtyard:
            cost = _rules.next_cost(state)
            if cost is None:  # the obelisk is full: nothing to offer
                return 0.0 if state.offered else -PER_STEP * self.nearest_work(p)
            if not state.offered:
                if _rules._can_offer(state, p):
                    return OFFERING - cost - (FREE_WORTH[state.free[p]] - FREE_WORTH[state.free[p] - 1])
                return -PER_STEP * self.nearest_work(p)
            best = 0.0
            for k, n in enumerate(state.hands[p].counts):
                if n and kinds.power[k] == EXTRA_OFFERING and _rules._can_offer(state, p, kinds.value[k]):
                    best = max(best, OFFERING - cost - kinds.value[k] - card_worth(kinds, k, self.wanted))
            return best
        if not state.offered and _rules._can_offer(state, p):
            return -PER_STEP * STEPS[cell][board.courtyard]
        if state.built[cell]:
            return -PER_STEP * self.nearest_work(p)
        counts = state.hands[p].counts
        gains = []
        for b in board.cell_boxes[cell]:
            if state.owner[b] >= 0:
                continue
            colour, need = board.box_colour[b], board.box_value[b]
            colours = kinds.box_colours if colour == ANY_COLOUR else (colour,)
            if any(can_pay(kinds, counts, c, need) for c in colours):
                gains.append(self.box_gain(p, b, need))
        if not gains:
            return -PER_STEP * self.nearest_work(p)
        gains.sort(reverse=True)
        return max(0.0, gains[0]) + 0.5 * sum(max(0.0, g) for g in gains[1:])

    def box_gain(self, p: int, box: int, need: int, colour: int | None = None) -> float:
        """What taking ``box`` (``need`` still to pay, in ``colour``) would change in ``p``'s
        value, roughly. If ``p`` can pay every open box of the building this turn, it is valued as
        the building completed (a contribution may be followed by others on the same tile)."""
        state = self.state
        board = state.board
        cell = board.box_cell[box]
        owner = state.owner
        others = [b for b in board.cell_boxes[cell] if owner[b] < 0 and b != box]
        free = state.free[p]
        hand = state.hands[p]
        gain = SCALE * sum(1 for d in state.dragons if d == cell) if not state.scaled else 0.0
        held = self.held.get(cell) or [0] * state.num_players
        if not others:
            return gain + self.completion(p, cell, held, 1, payment_cost(need, hand.size))
        colour = board.box_colour[box] if colour is None else colour
        total = need + sum(board.box_value[b] for b in others)
        if (colour != ANY_COLOUR and free > len(others) and all(board.box_colour[b] == colour for b in others)
                and can_pay(board.kinds, hand.counts, colour, total)):
            return gain + self.completion(p, cell, held, 1 + len(others), payment_cost(total, hand.size))
        now = self.stake(p, cell) if held[p] else 0.0
        more = list(held)
        more[p] += 1
        after = self.stake(p, cell, more, self.filled.get(cell, 0) + 1)
        return gain + after - now - (FREE_WORTH[free] - FREE_WORTH[free - 1]) - payment_cost(need, hand.size)

    def completion(self, p: int, cell: int, held: list[int], taking: int, cost: float) -> float:
        """What completing ``cell`` by taking its last ``taking`` boxes (at ``cost``) is worth to
        ``p``, less a share of what the best-served rival gets from it."""
        state = self.state
        board = state.board
        owner = state.owner
        now = self.stake(p, cell) if held[p] else 0.0
        after = list(held)
        after[p] += taking
        most = max(after)
        leader = next(q for q in ((p if owner[b] < 0 else owner[b]) for b in board.cell_boxes[cell]) if after[q] == most)
        shared = self.shared(cell)
        majority = self.static.majority[cell]
        free = state.free[p]
        gain = shared + (majority if leader == p else 0.0) - now - cost
        gain += FREE_WORTH[free - taking + after[p]] - FREE_WORTH[free]
        rival = 0.0
        for q, h in enumerate(held):
            if q != p and h:
                theirs = shared + (majority if leader == q else 0.0) - self.stake(q, cell)
                theirs += FREE_WORTH[state.free[q] + h] - FREE_WORTH[state.free[q]]
                rival = max(rival, theirs)
        return gain - RIVALS * rival

    def nearest_work(self, p: int) -> int:
        """Steps from ``p``'s figure to the nearest building with a box ``p`` could pay (0: none)."""
        state = self.state
        board = state.board
        kinds = board.kinds
        counts = state.hands[p].counts
        here = STEPS[state.pos[p]]
        for cell in sorted((c for c in board.buildings if not state.built[c]), key=here.__getitem__):
            for b in board.cell_boxes[cell]:
                if state.owner[b] >= 0:
                    continue
                colour = board.box_colour[b]
                colours = kinds.box_colours if colour == ANY_COLOUR else (colour,)
                if any(can_pay(kinds, counts, c, board.box_value[b]) for c in colours):
                    return here[cell]
        return 0


def heuristic(state: BlueMoonState, player: int) -> float:
    """``player``'s value less the best rival's (a finished game: its outcome, far beyond)."""
    if state.ended:
        return (state.outcome().rewards()[player] - 0.5) * END
    look = Look(state)
    values = [look.value(p) for p in range(state.num_players)]
    return values[player] - max(v for q, v in enumerate(values) if q != player)


def values(state: BlueMoonState) -> list[float]:
    """Every seat's value from one look (a finished game: its outcome's rewards, far beyond), in
    the order ``heuristic`` puts the seats."""
    if state.ended:
        return [(r - 0.5) * END for r in state.outcome().rewards()]
    look = Look(state)
    return [look.value(p) for p in range(state.num_players)]


def value(state: BlueMoonState, p: int) -> float:
    """``p``'s value alone (for tests and the curious)."""
    return Look(state).value(p)
