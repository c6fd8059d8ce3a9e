"""bgkit.testing.check_twin_determinisation: two states differing only in what a seat cannot see
must determinise, seed by seed, to the same state. A small game (seat 2 holds a hidden card 1-5),
honest and in the ways a determinisation goes wrong."""

import pytest

from bgkit.model.game import State
from bgkit.testing import check_twin_determinisation


class Hand(State):
    """Seat 2 holds a card seat 1 cannot see. ``leak``: "keep" keeps the true card in a
    determinisation, "order" draws from an order that starts at it, "fixed" always deals card 1,
    "view" shows it to seat 1."""

    def __init__(self, card, leak=""):
        self.num_players, self.card, self.leak = 2, card, leak

    def current_player(self):
        return 0

    def legal_actions(self):
        return ["pass"]

    def apply(self, action):
        pass

    def scores(self):
        return [0.0, 0.0]

    def clone(self):
        return Hand(self.card, self.leak)

    def view(self, player):
        return {"card": self.card if player == 1 or self.leak == "view" else None}

    def determinize(self, player, rng):
        other = self.clone()
        if player == 0:
            pool = [(self.card + i - 1) % 5 + 1 for i in range(5)] if self.leak == "order" else list(range(1, 6))
            drawn = pool[rng.randrange(5)]
            other.card = {"keep": self.card, "fixed": 1}.get(self.leak, drawn)
        return other

    def to_dict(self):
        return {"card": self.card}

    def render(self, player):
        return f"card {self.view(player)['card']}"


def dealt(card, leak=""):
    return Hand(card, leak)


def test_an_honest_determinisation_passes():
    check_twin_determinisation(dealt(2), dealt(5), 0)


@pytest.mark.parametrize("leak, says", [
    ("keep", "P1's determinisation shows P2 something else when only what P1 cannot see differs"),
    ("order", "P1's determinisation shows P2 something else when only what P1 cannot see differs"),
    ("fixed", "P1's determinisation is the same for every seed: it redraws nothing hidden"),
])
def test_a_determinisation_that_depends_on_the_hidden_truth_or_redraws_nothing_fails(leak, says):
    with pytest.raises(AssertionError, match=says):
        check_twin_determinisation(dealt(2, leak), dealt(5, leak), 0)


@pytest.mark.parametrize("state, twin, says", [
    (dealt(2, "view"), dealt(5, "view"), "not a twin: P1's view differs"),
    (dealt(2), dealt(2), "not a twin: the two states are the same"),
])
def test_a_pair_that_is_not_a_twin_is_refused(state, twin, says):
    with pytest.raises(AssertionError, match=says):
        check_twin_determinisation(state, twin, 0)
