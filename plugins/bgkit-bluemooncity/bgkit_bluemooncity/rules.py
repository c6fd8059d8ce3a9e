"""The rules of Blue Moon City: the flow runner's hooks, the legal actions, their effects, the scores.

A turn [RB p2; rule summary L41-L67]: **move** (one decision: where to, at most 2 steps), then the
movement powers (Flit, the dragon cards) one card at a time, then **contribute** at the building
the figure stands on (box by box, each paid card by card: :mod:`bgkit_bluemooncity.payment`) or
make an offering at the courtyard (plus one per Pillar card), then **discard** 0-2 cards and draw
that many plus 2. A completed building scores at once; the golden scales are exchanged the moment
the supply runs out (:mod:`bgkit_bluemooncity.scales`).

Chance is the card draws only: every starting card, every card drawn at the end of a turn and
every reward card, each drawn by its owner as they pick it up (its audience is the owner; the
others are told "P2 draws a card"). A reward card lies face down, unseen even by its owner, until
the turn is over [RB p3; L77], so it is drawn then; while it lies there its place in the deck is
reserved, and if the deck runs out before then the reserved cards are set aside, not reshuffled
(they are already on the table). Nothing else is random during play: the discard pile is face up,
and a reshuffle moves its counts into the deck (an order nobody knows is not stored).

Hidden: the hands (a count shows), the deck and the set-aside reward cards. Crystals lie face down,
but every gain and every offering is public, so a player's total is known from the table's history:
the views keep it, the drawing hides the others' totals, and determinisations never resample it.

Readings where the rule summary is silent or contradicts itself are listed in the README ("Rule
readings") with the summary line each concerns.
"""

from __future__ import annotations

from bgkit.api import TERMINAL, Flow, Sheet

from bgkit_bluemooncity import scoring
from bgkit_bluemooncity.board import ANY_COLOUR
from bgkit_bluemooncity.codes import (
    BOX, COLOUR, DISCARD, DONE, DRAW, END, EXTRA_DRAWS, GO, MOST_DISCARDS, OFF, OFFER, PILLAR, REWARD, TURN, USE,
    F_COLOUR, F_DRAGON, F_FIGURE, F_PAY, S_CONTRIBUTE, S_DISCARD, S_DRAWS, S_MOVE, S_OVER, S_POWERS,
)
from bgkit_bluemooncity.kinds import DRAGON_STEPS, EXTRA_OFFERING, EXTRA_STEPS, FLY, TELEPORT
from bgkit_bluemooncity.payment import can_pay, quick_pay, steps, take
from bgkit_bluemooncity.scales import exchange

_DONE = (DONE,)
_END = (END,)
_DRAW = (DRAW,)
_OFFER = (OFFER,)


class Rules:
    """The rules, as a mixin of the state (:class:`bgkit_bluemooncity.state.BlueMoonState`)."""

    def run(self) -> None:
        self._legal = None  # the legal actions are cached until the state changes
        Flow.run(self)

    def settle_chance(self, event: tuple) -> bool:
        """A card nobody can draw is skipped: no reward card owed (a reshuffle set it aside and it was
        taken), or no card left in the deck nor the discard pile [reading: draw what there is]."""
        why, p = event[0], event[1]
        if why == REWARD:
            if self.owed_old[p] or self.owed_new[p]:
                return False
        elif self.deck.size - sum(self.owed_new) > 0 or self._reshuffle():
            return False
        del self.chance[0]
        return True

    def frame_player(self, frame: tuple) -> int:
        return self.order[self.turn]  # every multi-step choice is the active player's

    def step(self) -> int | None:
        """The turn's stages, each skipped when it leaves nothing to decide."""
        stage = self.stage
        if stage == S_OVER:
            return TERMINAL
        p = self.order[self.turn]
        if stage == S_MOVE:
            return p
        if stage == S_POWERS:
            if self._power_cards(p):
                return p
            self.stage = S_CONTRIBUTE
        elif stage == S_CONTRIBUTE:
            actions = self._contribution_actions(p)
            if len(actions) > 1:
                self._legal = actions
                return p
            self.stage = S_DISCARD
        elif stage == S_DISCARD:
            if self.hands[p].size and self.discarded < MOST_DISCARDS:
                return p
            self._draw_up(p)
        else:  # S_DRAWS with every card drawn: the turn is over
            self._end_turn()
        return None

    def _draw_up(self, p: int) -> None:
        """End of the turn: draw discards + 2, then every reward card joins its owner's hand."""
        count = self.discarded + EXTRA_DRAWS
        self.chance += [(TURN, p, i + 1, count) for i in range(count)]
        for i in range(self.num_players):
            q = self.order[(self.turn + i) % self.num_players]
            owed = self.owed_old[q] + self.owed_new[q]
            self.chance += [(REWARD, q, j + 1, owed) for j in range(owed)]
        self.stage = S_DRAWS

    def _end_turn(self) -> None:
        self.turns += 1
        if not self.can_progress():
            self._over("buildings")  # every building restored, and nobody can make another offering [RB p3; L95]
            return
        self.turn = (self.turn + 1) % self.num_players
        self.stage = S_MOVE
        self.scaled = self.offered = False
        self.discarded = 0

    def _over(self, ending: str) -> None:
        self.ended = ending
        self.stage = S_OVER
        self.pending.clear()
        self.chance = []

    def _reshuffle(self) -> bool:
        """The deck is used up: cards still reserved for face-down rewards are set aside (they lie on
        the table already), the discard pile becomes the deck [RB p2; L67]. False if it is empty too."""
        reserved = sum(self.owed_new)
        if reserved:
            self.deck.move_all_to(self.pool)
            for q in range(self.num_players):
                self.owed_old[q] += self.owed_new[q]
                self.owed_new[q] = 0
        if not self.discard.size:
            return False
        self.discard.move_all_to(self.deck)
        return True

    def _reserve(self, q: int, count: int) -> None:
        """``q`` takes ``count`` reward cards face down: their places in the deck are reserved."""
        while count:
            free = self.deck.size - sum(self.owed_new)
            if free <= 0:
                if not self._reshuffle():
                    return
                continue
            take = min(free, count)
            self.owed_new[q] += take
            count -= take

    def _gain(self, q: int, reward: tuple[int, int, int]) -> None:
        crystals, scales, cards = reward
        self.crystals[q] += crystals
        if scales:
            self.scales[q] += scales
            self.supply -= scales  # below 0: scales owed that the supply no longer has [RB p3; L85]
        if cards:
            self._reserve(q, cards)

    def _exchange_if_out(self) -> None:
        """The last scale was taken: exchange every player's scales at once [RB p2-3; L85-L89]."""
        if self.supply > 0:
            return
        result = exchange(self.scales)
        for q, gained in enumerate(result.crystals):
            self.crystals[q] += gained
        self.scales = list(result.kept)
        self.supply = self.in_play - sum(self.scales)

    def _place_marker(self, p: int, box: int) -> None:
        board = self.board
        cell = board.box_cell[box]
        self.owner[box] = p
        self.free[p] -= 1
        if not self.scaled:  # one scale per dragon on the tile, once a turn [RB p3; L83]
            self.scaled = True
            dragons = sum(1 for d in self.dragons if d == cell)
            if dragons:
                self._gain(p, (0, dragons, 0))
                self._exchange_if_out()
        if all(self.owner[b] >= 0 for b in board.cell_boxes[cell]):
            self._complete(cell)
        if not any(self.free):
            self._over("markers")  # every marker is on the board: no winner [RB p3; L95]

    def _complete(self, cell: int) -> None:
        """The last box is filled: score the building [RB p2; L73-L79]."""
        board = self.board
        boxes = board.cell_boxes[cell]
        held = [0] * self.num_players
        for b in boxes:
            held[self.owner[b]] += 1
        most = max(held)
        leader = next(self.owner[b] for b in boxes if held[self.owner[b]] == most)  # ties: the left-most
        around = [board.neighbour[n] for n in board.neighbours[cell] if self.built[n]]
        for i in range(self.num_players):
            q = self.order[(self.turn + i) % self.num_players]
            if not held[q]:
                continue
            if q == leader:
                self._gain(q, board.majority[cell])
            self._gain(q, board.every[cell])
            for reward in around:
                self._gain(q, reward)
            self.free[q] += held[q]
        for b in boxes:
            self.owner[b] = -1
        self.built[cell] = True
        self._exchange_if_out()

    def restored(self) -> bool:
        """Whether every building of the city is restored."""
        return sum(self.built) == len(self.board.buildings)

    def can_progress(self) -> bool:
        """Whether someone can still place a marker or make an offering, now or in a later turn.

        Checked at the end of every turn, and False only in the restored city when nobody has a free
        marker and the crystals for the next obelisk box (the buildings ending). No other table is
        stuck, so the game needs no ending of its own for one: with every marker placed the game has
        ended already (the markers ending); and while a building is unrestored it has a free box (a
        building whose boxes are all taken is restored at once), a player with a free marker can walk
        to it, and the box can be paid: it asks at most 9 (the data's bound) and its colour has 10
        cards worth at least 1 each, which come round to any hand (discards are reshuffled into the
        deck and drawn). A test holds the data to this (every box payable by the whole deck).
        """
        if not self.restored():
            return any(self.free)
        return any(self._can_offer(q) for q in range(self.num_players))

    def next_cost(self) -> int | None:
        """What the lowest free obelisk box costs (None: the obelisk is full)."""
        filled = len(self.obelisk_owners)
        return self.obelisk[filled] if filled < len(self.obelisk) else None

    def _can_offer(self, q: int, extra: int = 0) -> bool:
        cost = self.next_cost()
        return cost is not None and self.free[q] > 0 and self.crystals[q] >= cost + extra

    def _offer(self, p: int, extra: int) -> None:
        self.crystals[p] -= self.next_cost() + extra
        self.obelisk_owners.append(p)
        self.free[p] -= 1
        self.offerings[p] += 1
        self.offered = True
        if self.offerings[p] >= self.target:
            self._over("offerings")  # the first to the target wins at once [RB p3; L93]
        elif not any(self.free):
            self._over("markers")

    def _power_cards(self, p: int) -> list[tuple]:
        counts = self.hands[p].counts
        uses = self.board.uses
        return [uses[k] for k, power, dragon in self.board.kinds.movers
                if counts[k] and (power != DRAGON_STEPS or self.dragons[dragon] != OFF)]  # a dragon in the city [RB p4]

    def _contribution_actions(self, p: int) -> list[tuple]:
        board = self.board
        cell = self.pos[p]
        out: list[tuple] = []
        if cell == board.courtyard:
            if not self.offered:
                if self._can_offer(p):
                    out.append(_OFFER)
            else:
                kinds = board.kinds
                for k, n in enumerate(self.hands[p].counts):
                    if n and kinds.power[k] == EXTRA_OFFERING and self._can_offer(p, kinds.value[k]):
                        out.append((PILLAR, k))
        elif not self.built[cell] and self.free[p]:
            kinds, counts = board.kinds, self.hands[p].counts
            best = -1  # at the palace: what the best colour pays at a quick look, once
            for b in board.cell_boxes[cell]:
                if self.owner[b] >= 0:
                    continue
                colour = board.box_colour[b]
                value = board.box_value[b]
                if colour != ANY_COLOUR:
                    payable = can_pay(kinds, counts, colour, value)
                else:
                    if best < 0:
                        best = max(quick_pay(kinds, counts, c) for c in kinds.box_colours)
                    payable = value <= best or any(can_pay(kinds, counts, c, value) for c in kinds.box_colours)
                if payable:
                    out.append(board.boxes[b])
        out.append(_END)
        return out

    def legal_actions(self) -> list:
        if self._legal is not None:
            return self._legal
        self._legal = actions = Flow.legal_actions(self)
        return actions

    def turn_actions(self) -> list:
        p = self.cur
        if p < 0:
            return []
        stage = self.stage
        board = self.board
        if stage == S_MOVE:
            return list(board.go[self.pos[p]])
        if stage == S_POWERS:
            return self._power_cards(p) + [_DONE]
        if stage == S_CONTRIBUTE:
            return self._contribution_actions(p)
        if stage == S_DISCARD:
            discards = board.discards
            return [discards[k] for k, n in enumerate(self.hands[p].counts) if n] + [_DRAW]
        return []

    def _pay_steps(self, frame: tuple) -> list:
        _, box, colour, need, recolour, anyone = frame
        return steps(self.board.kinds, self.hands[self.cur].counts, colour, need, recolour, anyone)

    def _colours(self, frame: tuple) -> list:
        kinds = self.board.kinds
        counts, value = self.hands[self.cur].counts, self.board.box_value[frame[1]]
        return [(COLOUR, c) for c in kinds.box_colours if can_pay(kinds, counts, c, value)]

    def _figure_moves(self, frame: tuple) -> list:
        board = self.board
        here = self.pos[self.cur]
        return list(board.to_any[here] if board.kinds.power[frame[1]] == TELEPORT else board.to_extra[here])

    def _dragon_moves(self, frame: tuple) -> list:
        board = self.board
        where = self.dragons[board.kinds.all[frame[1]].dragon]
        if board.kinds.power[frame[1]] == FLY:
            return list(board.to_anywhere) if where == OFF else [*board.to_any[where], board.to_off]
        return list(board.to_dragon_steps[where])

    def chance_outcomes(self) -> list:
        why, p = self.chance[0][0], self.chance[0][1]
        pile = self.pool if why == REWARD and self.owed_old[p] else self.deck
        size = pile.size
        cards = self.board.cards
        return [(cards[k], n / size) for k, n in enumerate(pile.counts) if n]

    def apply_chance(self, event: tuple, action: tuple) -> None:
        why, q = event[0], event[1]
        k = action[1]
        if why == REWARD and self.owed_old[q]:
            self.pool.draw(k)
            self.owed_old[q] -= 1
        else:
            self.deck.draw(k)
            if why == REWARD:
                self.owed_new[q] -= 1
        self.hands[q].put(k)

    def _pay(self, frame: tuple, action: tuple) -> None:
        _, box, colour, need, recolour, anyone = frame
        p = self.cur
        spent, need, recolour, anyone = take(self.board.kinds, action, colour, need, recolour, anyone)
        hand = self.hands[p]
        for k in spent:
            hand.draw(k)
            self.discard.put(k)
        if need > 0:
            self.pending.replace_top(F_PAY, box, colour, need, recolour, anyone)
        else:
            self.pending.pop()
            self._place_marker(p, box)

    def _choose_colour(self, frame: tuple, action: tuple) -> None:
        box = self.pending.pop()[1]
        self._start_payment(box, action[1])

    def _start_payment(self, box: int, colour: int) -> None:
        board = self.board
        self.pending.push(F_PAY, box, colour, board.box_value[box], (0,) * len(board.kinds.colour_names), 0)

    def _move_figure(self, frame: tuple, action: tuple) -> None:
        self.pending.pop()
        self.pos[self.cur] = action[1]

    def _move_dragon(self, frame: tuple, action: tuple) -> None:
        self.pending.pop()
        self.dragons[self.board.kinds.all[frame[1]].dragon] = action[1]

    def _spend(self, p: int, k: int) -> None:
        """A card played for its power (or discarded) goes to the discard pile."""
        self.hands[p].draw(k)
        self.discard.put(k)

    def apply_turn(self, action: tuple) -> None:
        code = action[0]
        p = self.cur
        board = self.board
        if code == GO:
            self.pos[p] = action[1]
            self.stage = S_POWERS
        elif code == USE:
            k = action[1]
            self._spend(p, k)
            self.pending.push(F_FIGURE if board.kinds.power[k] in (TELEPORT, EXTRA_STEPS) else F_DRAGON, k)
        elif code == DONE:
            self.stage = S_CONTRIBUTE
        elif code == BOX:
            box = action[1]
            colour = board.box_colour[box]
            if colour == ANY_COLOUR:
                self.pending.push(F_COLOUR, box)
            else:
                self._start_payment(box, colour)
        elif code == OFFER:
            self._offer(p, 0)
        elif code == PILLAR:
            self._spend(p, action[1])
            self._offer(p, board.kinds.value[action[1]])
        elif code == END:
            self.stage = S_DISCARD
        elif code == DISCARD:
            self._spend(p, action[1])
            self.discarded += 1
        elif code == DRAW:
            self._draw_up(p)
        else:
            raise ValueError(f"not an action of Blue Moon City: {action!r}")

    def sheet_values(self, p: int) -> dict:
        """The player's part of the score sheet a person would fill in from this table."""
        return {"offerings": self.offerings[p], "crystals": self.crystals[p], "scales": self.scales[p]}

    def scores(self) -> list[float]:
        return [float(n) for n in self.offerings]

    def sheet(self) -> Sheet:
        """The score sheet of this finished table, unvalidated (the engine validates its export)."""
        return Sheet("", [f"P{p + 1}" for p in range(self.num_players)],
                     [self.sheet_values(p) for p in range(self.num_players)], {"ended_by": self.ended})

    def outcome(self):
        """The ranking of the score sheet of this table: the same code that ranks a typed-in sheet."""
        return scoring.score_sheet(self.comp, self.sheet()).outcome


#: Each kind of pending frame: its legal steps and its step applied (the flow runner dispatches them).
FRAME_RULES = {
    F_PAY: (Rules._pay_steps, Rules._pay),
    F_COLOUR: (Rules._colours, Rules._choose_colour),
    F_FIGURE: (Rules._figure_moves, Rules._move_figure),
    F_DRAGON: (Rules._dragon_moves, Rules._move_dragon),
}
