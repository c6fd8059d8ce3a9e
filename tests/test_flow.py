"""The core flow runner (bgkit.model.flow.Flow) on a small game: chance queued, forced steps taken without
asking, multi-step choices dispatched from the top of the pending stack."""

import random

import pytest

from bgkit.api import CHANCE, TERMINAL, Flow, Pending

DRAW, PLACE = "draw", "place"


def place_actions(state, frame):
    _, p, tile = frame
    return [("slot", s) for s in range(2) if state.slots[p][s] is None]


def apply_place(state, frame, action):
    _, p, tile = frame
    state.slots[p][action[1]] = tile
    state.pending.pop()


class TileGame(Flow):
    """Players take turns: a tile is drawn for them (chance), they keep it or pass; a kept tile
    worth 2 or more must be placed in one of their two slots (a pending frame). Ends when the bag
    is empty."""

    frame_rules = {PLACE: (place_actions, apply_place)}

    def __init__(self, bag):
        self.num_players = 2
        self.bag = list(bag)
        self.chance, self.pending, self.cur = [], Pending(), CHANCE
        self.turn, self.tile, self.kept = 0, None, [[], []]
        self.slots = [[None, None], [None, None]]
        self.steps_taken = 0
        self.run()

    def clone(self):
        other = TileGame(())
        other.bag, other.chance, other.pending, other.cur = self.bag[:], self.chance[:], self.pending.clone(), self.cur
        other.turn, other.tile, other.kept = self.turn, self.tile, [k[:] for k in self.kept]
        other.slots = [s[:] for s in self.slots]
        return other

    def step(self):
        self.steps_taken += 1
        if self.tile is not None:
            return self.turn % 2
        if not self.bag:
            return TERMINAL
        self.chance.append((DRAW, self.turn % 2))
        return None

    def settle_chance(self, event):
        if len(set(self.bag)) == 1:  # one kind left: no need to ask chance
            self.chance.pop(0)
            self.apply_chance(event, self.bag[0])
            return True
        return False

    def settle_frame(self, frame):
        free = place_actions(self, frame)
        if len(free) == 1:
            apply_place(self, frame, free[0])
            return True
        return False

    def chance_outcomes(self):
        return [(tile, self.bag.count(tile) / len(self.bag)) for tile in sorted(set(self.bag))]

    def apply_chance(self, event, outcome):
        self.bag.remove(outcome)
        self.tile = outcome

    def turn_actions(self):
        return ["keep", "pass"]

    def apply_turn(self, action):
        p, tile = self.turn % 2, self.tile
        self.tile = None
        self.turn += 1
        if action == "keep":
            self.kept[p].append(tile)
            if tile >= 2 and None in self.slots[p]:
                self.pending.push(PLACE, p, tile)

    def scores(self):
        return [float(sum(k)) for k in self.kept]


def test_chance_comes_first_and_its_outcomes_are_the_bags():
    game = TileGame([1, 2, 2, 3])
    assert game.current_player() == CHANCE
    assert game.chance == [(DRAW, 0)]
    assert game.chance_outcomes() == [(1, 0.25), (2, 0.5), (3, 0.25)]


def test_a_turn_then_a_pending_frame_decided_by_its_owner():
    game = TileGame([1, 2, 2, 3])
    game.apply(3)
    assert game.current_player() == 0 and game.legal_actions() == ["keep", "pass"]
    game.apply("keep")
    assert game.pending.top() == (PLACE, 0, 3)
    assert game.current_player() == 0 and game.legal_actions() == [("slot", 0), ("slot", 1)]
    game.apply(("slot", 1))
    assert game.slots[0] == [None, 3] and not game.pending
    assert game.current_player() == CHANCE and game.chance == [(DRAW, 1)]


def test_forced_steps_are_taken_without_asking():
    game = TileGame([2, 2])  # one kind of tile: chance never asked
    assert game.current_player() == 0 and game.tile == 2 and game.bag == [2]
    game.apply("keep")  # two free slots: asked
    game.apply(("slot", 0))
    assert game.current_player() == 1  # the second draw was forced too
    game.apply("pass")
    assert game.current_player() == TERMINAL and game.is_terminal()


def test_a_frame_with_one_step_left_is_settled():
    game = TileGame([2, 2, 2, 2, 2])
    game.slots[0] = [5, None]  # one slot free for player 1
    game.apply("keep")
    assert game.slots[0] == [5, 2] and not game.pending
    assert game.current_player() == 1


@pytest.mark.parametrize("seed", range(20))
def test_random_games_end_and_clone_independently(seed):
    rng = random.Random(seed)
    game = TileGame([rng.randint(1, 3) for _ in range(8)])
    while not game.is_terminal():
        copy = game.clone()
        if game.is_chance():
            outcomes = [o for o, _ in game.chance_outcomes()]
            game.apply(rng.choice(outcomes))
        else:
            game.apply(rng.choice(game.legal_actions()))
        assert copy.bag != game.bag or copy.turn != game.turn or copy.slots != game.slots or copy.kept != game.kept
    assert sum(map(len, game.kept)) <= 8 and not game.pending


def test_a_game_without_its_flow_cannot_be_made():
    class Unfinished(Flow):
        def scores(self):
            return []

    with pytest.raises(TypeError, match="step"):
        Unfinished()


# -- nesting and order: a game whose only business is its stack and its queue -------------------------

ROLL, FIXED, ASK, PAY, AUTO = "roll", "fixed", "ask", "pay", "auto"
DIE = {"red": [1, 2], "blue": [5, 6]}


def ask_steps(state, frame):
    return ["stone", "wood", "done"]


def apply_ask(state, frame, action):
    _, p, what = frame
    state.done.append(f"P{p + 1} {what}: {action}")
    if action == "done":
        state.pending.pop()
    else:  # the choice has a cost another seat pays: a frame on top of this one
        state.pending.push(PAY, 1 - p, action)


def pay_steps(state, frame):
    return ["coin", "card"]


def apply_pay(state, frame, action):
    _, p, what = frame
    state.pending.pop()
    state.done.append(f"P{p + 1} pays {action} for {what}")


class StackGame(Flow):
    """Two seats and nothing else: a test sets the chance queue and the pending stack, and the game
    writes down, in ``done``, every event resolved and every frame step taken, in order. A FIXED
    event and an AUTO frame settle themselves; a ROLL asks chance (the die named decides the
    outcomes); ASK and PAY frames ask their seat. With nothing waiting the game is over."""

    frame_rules = {ASK: (ask_steps, apply_ask), PAY: (pay_steps, apply_pay)}

    def __init__(self, chance=(), frames=()):
        self.num_players = 2
        self.chance, self.pending, self.cur = list(chance), Pending(frames), CHANCE
        self.done = []
        self.run()

    def clone(self):
        return StackGame(self.chance, self.pending.frames)

    def step(self):
        return TERMINAL

    def settle_chance(self, event):
        if event[0] != FIXED:
            return False
        self.chance.pop(0)
        self.done.append(f"fixed {event[1]}")
        return True

    def settle_frame(self, frame):
        if frame[0] != AUTO:
            return False
        self.pending.pop()
        self.done.append(f"auto {frame[1]}")
        return True

    def chance_outcomes(self):
        die = DIE[self.chance[0][1]]
        return [(face, 1 / len(die)) for face in die]

    def apply_chance(self, event, outcome):
        self.done.append(f"{event[1]} {outcome}")

    def turn_actions(self):
        return []

    def apply_turn(self, action):
        raise AssertionError("no turn is ever asked")

    def scores(self):
        return [0.0, 0.0]


def test_the_top_frame_is_decided_first_and_by_its_own_seat():
    game = StackGame(frames=[(ASK, 0, "wall"), (PAY, 1, "tower")])  # P2 owes for the tower, on top
    assert game.pending.top() == (PAY, 1, "tower")
    assert game.current_player() == 1 and game.legal_actions() == ["coin", "card"]
    game.apply("card")
    assert game.pending.frames == [(ASK, 0, "wall")]
    assert game.current_player() == 0 and game.legal_actions() == ["stone", "wood", "done"]


def test_a_frame_pushed_by_a_step_is_answered_before_the_frame_below_goes_on():
    game = StackGame(frames=[(ASK, 0, "wall")])
    game.apply("stone")  # pushes P2's payment on top of P1's question
    assert game.pending.frames == [(ASK, 0, "wall"), (PAY, 1, "stone")]
    assert game.current_player() == 1 and game.legal_actions() == ["coin", "card"]
    game.apply("coin")
    game.apply("wood")
    game.apply("card")
    game.apply("done")
    assert game.done == ["P1 wall: stone", "P2 pays coin for stone", "P1 wall: wood", "P2 pays card for wood", "P1 wall: done"]
    assert game.is_terminal()


def test_a_frame_that_settles_itself_waits_under_a_frame_still_to_decide():
    game = StackGame(frames=[(AUTO, "bottom"), (PAY, 0, "roof"), (AUTO, "top")])
    assert game.done == ["auto top"]  # only the top settles; the bottom one waits for the payment
    assert game.current_player() == 0 and game.pending.frames == [(AUTO, "bottom"), (PAY, 0, "roof")]
    game.apply("coin")
    assert game.done == ["auto top", "P1 pays coin for roof", "auto bottom"]
    assert game.is_terminal()


def test_chance_events_are_resolved_in_the_order_they_were_queued():
    game = StackGame(chance=[(ROLL, "red"), (FIXED, 7), (ROLL, "blue"), (FIXED, 8)])
    assert game.current_player() == CHANCE and game.chance_outcomes() == [(1, 0.5), (2, 0.5)]  # the red die first
    game.apply(2)
    assert game.done == ["red 2", "fixed 7"]  # the fixed event settles only when it reaches the head
    assert game.chance_outcomes() == [(5, 0.5), (6, 0.5)]
    game.apply(6)
    assert game.done == ["red 2", "fixed 7", "blue 6", "fixed 8"]
    assert game.is_terminal()


def test_chance_comes_before_any_pending_frame():
    game = StackGame(chance=[(ROLL, "blue")], frames=[(PAY, 1, "bridge")])
    assert game.current_player() == CHANCE
    game.apply(5)
    assert game.current_player() == 1 and game.done == ["blue 5"]
