"""The conformance suite itself: a game that leaks what a seat may not see is caught."""

import random

import pytest

from bgkit.model.game import CHANCE, State
from bgkit.testing import check_secrets, check_views, public_drawing


class Hand(State):
    """Seat 1 holds a hidden card (1-5); seat 0 sees only that one is held. Variants leak it."""

    def __init__(self, card=3, leak=""):
        self.num_players = 2
        self.card = card
        self.leak = leak
        self.drawn = False

    def current_player(self):
        return 0 if self.drawn else CHANCE

    def legal_actions(self):
        return ["pass"]

    def chance_outcomes(self):
        return [(c, 0.2) for c in range(1, 6)]

    def audience(self, action):
        return frozenset({1}) if self.current_player() == CHANCE else None

    def public_text(self, action):
        return f"P2 draws card {action}" if self.leak == "text" else "P2 draws a card"

    def apply(self, action):
        if not self.drawn:
            self.card, self.drawn = action, True

    def clone(self):
        other = type(self)(self.card, self.leak)
        other.drawn = self.drawn
        return other

    def view(self, player):
        shown = self.card if player == 1 or self.leak == "view" else None
        return {"drawn": self.drawn, "card": shown}

    def determinize(self, player, rng):
        other = self.clone()
        if player == 0:
            if self.leak == "order":  # samples from an order that starts at the true card
                pool = [(self.card + i - 1) % 5 + 1 for i in range(5)]
            else:
                pool = list(range(1, 6))
            other.card = pool[rng.randrange(5)]
        return other

    def to_dict(self):
        return {"card": self.card, "drawn": self.drawn}

    def render(self, player):
        return f"card {self.view(player)['card']}"


class Runtime:
    turn_hooked = False

    def legal_actions(self, state):
        return state.legal_actions()

    def apply(self, state, action):
        state.apply(action)


def test_an_honest_game_passes():
    state = Hand()
    check_secrets(Runtime(), state, [o for o, _ in state.chance_outcomes()], "draw")
    state.apply(4)
    check_views(state, random.Random(1), "after the draw")


@pytest.mark.parametrize("leak, message", [
    ("view", "view changes with what they cannot see"),
    ("order", "determinisation depends on what they cannot see"),
])
def test_a_leaking_view_or_determinisation_is_caught(leak, message):
    state = Hand(leak=leak)
    state.apply(4)
    with pytest.raises(AssertionError, match=message):
        check_views(state, random.Random(1), "after the draw")


class Parts(Hand):
    """Hand, drawn compactly and in parts too: its ``others`` part shows seat 2's hidden card."""

    def render_compact(self, player):
        return f"compact: card {self.view(player)['card']}"

    def render_part(self, player, word):
        return f"{word}: card {self.card}" if word == "others" else None


def test_a_compact_drawing_or_a_part_that_leaks_is_caught():
    state = Parts()
    state.apply(4)
    with pytest.raises(AssertionError, match="what player 1 is shown changes with what they cannot see"):
        check_views(state, random.Random(1), "after the draw")


def test_a_public_text_naming_the_hidden_card_is_caught():
    state = Hand(leak="text")
    with pytest.raises(AssertionError, match="is told different public texts"):
        check_secrets(Runtime(), state, [o for o, _ in state.chance_outcomes()], "draw")


def test_an_audience_that_depends_on_the_outcome_is_caught():
    class Telling(Hand):
        def audience(self, action):
            return frozenset({1}) if action < 3 else None

    state = Telling()
    with pytest.raises(AssertionError, match="audience of a chance node depends on its outcome"):
        check_secrets(Runtime(), state, [o for o, _ in state.chance_outcomes()], "draw")


class FastHand(Hand):
    """Hand with its own chance_pick: right, or one card too high from the second card on."""

    def __init__(self, card=3, leak="", off=False):
        super().__init__(card, leak)
        self.off = off

    def chance_pick(self, pick):
        card = int(pick / 0.2) + 1
        return min(5, card + (1 if self.off and pick >= 0.2 else 0))


def test_a_chance_pick_that_agrees_with_the_default_passes():
    from bgkit.testing import check_chance_pick

    state = FastHand()
    check_chance_pick(state, state.chance_outcomes(), "here")
    assert [State.chance_pick(state, u) for u in (0.0, 0.19, 0.2, 0.5, 0.99)] == [1, 1, 2, 3, 5]


def test_a_chance_pick_that_differs_from_the_default_is_caught():
    from bgkit.testing import check_chance_pick

    state = FastHand(off=True)
    with pytest.raises(AssertionError, match=r"here: chance_pick\(0\.5\) differs from the default's"):
        check_chance_pick(state, state.chance_outcomes(), "here")


@pytest.mark.parametrize("leak, redrawn", [("", True), ("keep", False)])
def test_a_determinisation_that_keeps_the_true_hidden_card_is_caught(leak, redrawn):
    """A twin state differing only in the card seat 0 cannot see must get the same determinisation,
    so seat 0's determinisation has to redraw that card: one that keeps it (a bot would peek) is
    found after the private draw, though it passes check_views (its twins are all the true state)."""
    from bgkit.testing import note_private

    class Keeping(Hand):
        def determinize(self, player, rng):
            return self.clone() if self.leak == "keep" else super().determinize(player, rng)

        def clone(self):
            other = Keeping(self.card, self.leak)
            other.drawn = self.drawn
            return other

    before = Keeping(leak=leak)
    after = before.clone()
    after.apply(4)
    check_views(after, random.Random(1), "after the draw")  # blind to this leak: the twins are the true state
    owed = {}
    note_private(before, after, before.action_text(4), owed, random.Random(1))
    assert owed == {(1, 0): redrawn}


class Public(Hand):
    """Hand with a public drawing: that seat 2 holds a card (honest), or which one (``leak``)."""

    def render_public(self):
        return f"P2 holds card {self.card}" if self.leak == "public" else f"P2 holds {int(self.drawn)} card"


def test_an_honest_public_drawing_passes():
    state = Public()
    state.apply(4)
    check_views(state, random.Random(1), "after the draw")
    assert public_drawing(state).strip() == "P2 holds 1 card"


def test_a_public_drawing_that_prints_a_hand_is_caught():
    state = Public(leak="public")
    state.apply(4)
    with pytest.raises(AssertionError, match=r"the public drawing \(render_public\) changes with what P1 cannot see"):
        check_views(state, random.Random(1), "after the draw")


def test_a_game_without_a_public_drawing_has_none():
    state = Hand()
    assert public_drawing(state) is None


def test_a_public_drawing_naming_a_private_draw_is_caught():
    state = Public(leak="public")
    with pytest.raises(AssertionError, match=r"the public drawing \(render_public\) shows a private outcome"):
        check_secrets(Runtime(), state, [o for o, _ in state.chance_outcomes()], "draw")
    check_secrets(Runtime(), Public(), [o for o, _ in Public().chance_outcomes()], "draw")  # the honest one passes
