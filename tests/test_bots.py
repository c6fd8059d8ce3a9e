"""Bots are reproducible from their seed, and the stronger ones beat the weaker."""

import json

from bgkit.bots import parse_seat_spec
from bgkit.bots.greedy import GreedyBot
from bgkit.bots.mcts import MctsBot, rank_rewards
from bgkit.engine.match import decision_for
from bgkit.model.game import TERMINAL, State
from bgkit.engine.runtime import Runtime, runtime_for
from bgkit.testing import run_cli


def decide(bot, state, player):
    """What ``bot`` plays for ``player``, handed a decision as the engine hands it."""
    return bot.choose(decision_for(state, player, bot.runtime.legal_actions(state), bot.rng))


def test_seat_specs():
    assert parse_seat_spec("mcts:iterations=50,seconds=2") == ("mcts", {"iterations": "50", "seconds": "2"})
    assert parse_seat_spec("human:Ada") == ("human", {"name": "Ada"})
    assert parse_seat_spec("random") == ("random", {})


def test_rank_rewards_handle_ties_and_many_players():
    assert rank_rewards([10, 5]) == [1.0, 0.0]
    assert rank_rewards([3, 3, 1]) == [0.75, 0.75, 0.0]
    assert rank_rewards([2, 2]) == [0.5, 0.5]


def test_mcts_is_reproducible_with_an_iteration_budget(goofspiel):
    state = goofspiel.new_state({"players": 2, "deck": 8})
    state.apply(8)  # the prize is 8
    choices = {decide(MctsBot(runtime_for(goofspiel), 7, iterations="200"), state.clone(), 0) for _ in range(3)}
    assert len(choices) == 1


def sealed_pair(goofspiel, deck=5):
    """Two states that differ only in the first seat's sealed bid (1 or the highest card)."""
    state = goofspiel.new_state({"players": 2, "deck": deck})
    state.apply(deck)
    low, high = state.clone(), state.clone()
    low.apply(1)
    high.apply(deck)
    assert low.view(1) == high.view(1)
    return low, high


def test_mcts_does_not_peek_at_a_sealed_bid(goofspiel):
    """Whatever the first seat bid, the second seat's MCTS decision with the same seed is the same."""
    rules = runtime_for(goofspiel)
    for seed in range(4):
        low, high = sealed_pair(goofspiel)
        assert decide(MctsBot(rules, seed, iterations="300"), low, 1) == decide(MctsBot(rules, seed, iterations="300"), high, 1)


def test_no_bot_can_find_a_hidden_bid_in_what_it_is_given(goofspiel):
    """A bot that looks through everything the engine hands it sees the same whatever the hidden bid."""
    seen = []

    class Peeker:
        trusted = False
        rng = None

        def __init__(self, rules, seed, **params):
            self.runtime = rules
            import random

            self.rng = random.Random(seed)

        def choose(self, decision):
            state = decision.state
            seen.append((repr(sorted(vars(state).items()) if hasattr(state, "__dict__") else state.to_dict()),
                         decision.actions, decision.view()))
            return decision.actions[0]

    rules = runtime_for(goofspiel)
    low, high = sealed_pair(goofspiel)
    for state in (low, high):
        decide(Peeker(rules, 5), state, 1)
        assert state.to_dict()["bids"][0] in (1, 5)  # the true bid is still there, unseen
    assert seen[0] == seen[1]
    for state in (low, high):
        decide(GreedyBot(rules, 5), state, 1)


def test_greedy_decides_the_same_whatever_it_cannot_see(goofspiel):
    rules = runtime_for(goofspiel)
    for seed in range(6):
        low, high = sealed_pair(goofspiel, deck=8)
        assert decide(GreedyBot(rules, seed), low, 1) == decide(GreedyBot(rules, seed), high, 1)


class RockPaperScissors(State):
    """A sealed stage alone: both choose at once, the winner takes 1 point."""

    BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}

    def __init__(self):
        self.num_players = 2
        self.choices = [None, None]
        self.done = False

    def current_player(self):
        if self.done:
            return TERMINAL
        return self.choices.index(None)

    def is_sealed(self):
        return not self.done

    def legal_actions(self):
        return ["rock", "paper", "scissors"]

    def apply(self, action):
        self.choices[self.choices.index(None)] = action
        self.done = None not in self.choices

    def clone(self):
        other = RockPaperScissors()
        other.choices, other.done = list(self.choices), self.done
        return other

    def determinize(self, player, rng):
        other = self.clone()
        if player == 1 and other.choices[0] is not None:
            other.choices[0] = rng.choice(self.legal_actions())
        return other

    def scores(self):
        a, b = self.choices
        return [float(self.BEATS[a] == b), float(self.BEATS[b] == a)] if self.done else [0.0, 0.0]


def test_mcts_treats_a_sealed_stage_as_simultaneous():
    """Searched as if the second chooser saw the first choice, every first choice would look lost
    (the answer to it always wins); decoupled, each is worth about a draw."""

    class Game:
        hooks = None

    bot = MctsBot(Runtime(Game()), 3, iterations="3000", bias="0")
    decide(bot, RockPaperScissors(), 0)
    mine = bot.last_root.stage[0]
    means = {action: reward / visits for action, (visits, reward) in mine.items()}
    assert set(means) == {"rock", "paper", "scissors"}
    assert min(means.values()) > 0.3, means


class Nim(State):
    """Take 1, 2 or 3 from a pile in turn; who takes the last wins. Turns in order, nothing sealed."""

    def __init__(self, pile=7):
        self.num_players = 2
        self.pile, self.mover, self.winner = pile, 0, None

    def current_player(self):
        return TERMINAL if self.winner is not None else self.mover

    def legal_actions(self):
        return [n for n in (1, 2, 3) if n <= self.pile]

    def apply(self, action):
        self.pile -= action
        if self.pile == 0:
            self.winner = self.mover
        self.mover = 1 - self.mover

    def clone(self):
        other = Nim(self.pile)
        other.mover, other.winner = self.mover, self.winner
        return other

    def determinize(self, player, rng):
        return self.clone()

    def scores(self):
        return [float(self.winner == p) for p in range(2)]


def test_the_exploration_constant_changes_a_sequential_search():
    """In turns taken in order (no sealed stage) a tiny c piles visits on the best-looking move and
    a large c spreads them: the root's children are visited differently."""

    class Game:
        hooks = None

    def visits(c):
        bot = MctsBot(Runtime(Game()), 4, iterations="600", c=c, bias="0")
        decide(bot, Nim(7), 0)
        return sorted(child.visits for child in bot.last_root.children.values())

    narrow, wide = visits("0.01"), visits("20")
    assert max(wide) - min(wide) < max(narrow) - min(narrow), (narrow, wide)


def test_greedy_takes_the_move_its_heuristic_rates_best():
    """In Nim a pile left at a multiple of four is lost for the one to move: from 7, greedy takes 3."""

    class Game:
        hooks = None

    class RatedNim(Nim):
        def clone(self):
            other = RatedNim(self.pile)
            other.mover, other.winner = self.mover, self.winner
            return other

        def heuristic(self, player):
            if self.winner is not None:
                return float(self.winner == player)
            return 1.0 if self.mover != player and self.pile % 4 == 0 else 0.0

    for seed in range(5):
        assert decide(GreedyBot(Runtime(Game()), seed), RatedNim(7), 0) == 3
        assert decide(GreedyBot(Runtime(Game()), seed), RatedNim(6), 0) == 2


def test_a_seconds_budget_alone_has_no_iteration_cap(goofspiel):
    bot = MctsBot(runtime_for(goofspiel), 1, seconds="0.01")
    assert (bot.iterations, bot.seconds) == (None, 0.01)
    result = run_cli(["play", "goofspiel", "mcts:seconds=0.002", "random", "--seed", "1", "--option", "deck=5"])
    assert result.exit_code == 0


def summary(*args):
    out = run_cli(["play", "goofspiel", *args, "--format", "json"]).stdout.splitlines()
    return json.loads(out[-1])["seats"]


def test_mcts_beats_random():
    seats = summary("mcts:iterations=150", "random", "--games", "20", "--seed", "1", "--option", "deck=8")
    assert seats["mcts:iterations=150"]["win_rate"] >= 0.75


def test_progressive_bias_rates_actions_one_ply_ahead(goofspiel):
    state = goofspiel.new_state({"players": 2, "deck": 5})
    state.apply(5)  # the prize is 5
    state.apply(1)  # player 1 bids 1 (sealed)
    bot = MctsBot(runtime_for(goofspiel), 1, iterations="1")
    priors = bot._priors(state, state.legal_actions(), 1, type(state).apply)
    # a tie discards the prize; any higher bid wins it, the cheapest best (Goofspiel's heuristic
    # counts the cards kept for the prizes to come)
    assert priors[1] == 0.0 and priors[2] == 1.0
    assert priors[2] > priors[3] > priors[4] > priors[5] > priors[1]


def test_bias_zero_turns_progressive_bias_off(goofspiel):
    assert MctsBot(runtime_for(goofspiel), 1, bias="0").bias == 0
    result = run_cli(["play", "goofspiel", "mcts:bias=-1", "random"])
    assert result.exit_code == 2 and "bot parameter bias must be 0 or more" in result.stderr


def test_the_exploration_constant_changes_how_the_search_spreads(goofspiel):
    """A tiny c follows the best mean greedily; a large c spreads visits: the root's visit counts differ."""
    state = goofspiel.new_state({"players": 2, "deck": 5})
    state.apply(5)
    rules = runtime_for(goofspiel)

    def visits(c):
        bot = MctsBot(rules, 2, iterations="400", c=c, bias="0")
        decide(bot, state, 0)
        return sorted(v for v, _ in bot.last_root.stage[0].values())

    narrow, wide = visits("0.01"), visits("20")
    assert narrow != wide
    assert max(wide) - min(wide) < max(narrow) - min(narrow)


class Counting(State):
    """Two players take turns adding 1 or 2 to their own score, three times each."""

    def __init__(self, played=None):
        self.num_players = 2
        self.totals = [0, 0]
        self.turn = 0
        self.played = played if played is not None else []

    def current_player(self):
        return TERMINAL if self.turn == 6 else self.turn % 2

    def legal_actions(self):
        return [1, 2]

    def apply(self, action):
        self.totals[self.turn % 2] += action
        self.turn += 1

    def clone(self):
        other = Counting(self.played)
        other.totals, other.turn = list(self.totals), self.turn
        return other

    def scores(self):
        return [float(t) for t in self.totals]


def test_rollouts_play_the_games_own_rule_of_thumb():
    """A game's ``rollout_action`` is what MCTS playouts play, for every seat; by default it is a
    uniformly random legal action (the same draw as the rollouts made before the hook)."""
    import random

    class Game:
        hooks = None

    state = Counting()
    assert State.rollout_action(state, random.Random(4)) == random.Random(4).choice(state.legal_actions())

    class AlwaysOne(Counting):
        def rollout_action(self, rng):
            self.played.append(self.current_player())
            return 1

        def clone(self):
            other = AlwaysOne(self.played)
            other.totals, other.turn = list(self.totals), self.turn
            return other

    played = []
    decide(MctsBot(Runtime(Game()), 1, iterations="20", bias="0"), AlwaysOne(played), 0)
    assert set(played) == {0, 1}  # both seats' playout moves come from the rule


def test_playouts_stop_after_the_games_rollout_depth_unless_the_seat_gives_one():
    """A rollout plays ``State.rollout_depth`` decisions (60 unless the game sets its own) and then
    rates the seats; ``mcts:depth=D`` overrides the game's length."""
    assert State.rollout_depth == 60

    class Game:
        hooks = None

    class LongShort(Counting):  # 40 turns, far more than a playout plays
        rollout_depth = 3

        def current_player(self):
            return TERMINAL if self.turn == 40 else self.turn % 2

        def rollout_action(self, rng):
            self.played.append(self.turn)
            return 1

        def clone(self):
            other = LongShort(self.played)
            other.totals, other.turn = list(self.totals), self.turn
            return other

    played: list = []
    decide(MctsBot(Runtime(Game()), 1, iterations="10", bias="0"), LongShort(played), 0)
    assert len(played) == 10 * 3
    played.clear()
    decide(MctsBot(Runtime(Game()), 1, iterations="10", bias="0", depth="5"), LongShort(played), 0)
    assert len(played) == 10 * 5


def test_each_seat_gets_its_own_bot_seed(tmp_path):
    """Two random seats with one master seed bid differently: a bot's seed depends on its seat."""
    log = tmp_path / "game.json"
    assert run_cli(["play", "goofspiel", "random", "random", "--seed", "4", "--log", log]).exit_code == 0
    bids = [[text for player, text in json.loads(log.read_text())["actions"] if player == p] for p in (0, 1)]
    assert len(bids[0]) == 13 and bids[0] != bids[1]


def test_ismcts_is_reproducible_and_does_not_peek_at_a_sealed_bid(goofspiel):
    from bgkit.bots.ismcts import IsmctsBot

    rules = runtime_for(goofspiel)
    for seed in range(3):
        low, high = sealed_pair(goofspiel)
        assert decide(IsmctsBot(rules, seed, iterations="200"), low, 1) == decide(IsmctsBot(rules, seed, iterations="200"), high, 1)


def test_ismcts_beats_random():
    seats = summary("ismcts:iterations=150", "random", "--games", "20", "--seed", "1", "--option", "deck=8")
    assert seats["ismcts:iterations=150"]["win_rate"] >= 0.75


def test_ismcts_keys_a_move_the_observer_cannot_see_by_what_it_is_told(goofspiel):
    """The observer's tree holds one node for every move of another seat it is not shown."""
    from bgkit.bots.ismcts import HIDDEN, IsmctsBot

    class Hidden(type(goofspiel.new_state({"players": 2, "deck": 3}))):
        def is_sealed(self):
            return False  # bids not sealed but private: only the bidder sees its bid

        def audience(self, action):
            return frozenset((self.current_player(),)) if self.prize is not None else None

    state = goofspiel.new_state({"players": 2, "deck": 3})
    state.__class__ = Hidden
    state.apply(3)
    state.apply(1)  # P1 bids: now P2, whose bids P1 does not see
    bot = IsmctsBot(runtime_for(goofspiel), 1, iterations="1")
    classes = bot._classes(state, 1, state.legal_actions(), 0)
    assert classes == {(HIDDEN, "P2 bids"): [1, 2, 3]}  # Goofspiel tells the others "P2 bids"
    assert bot._classes(state, 1, state.legal_actions(), 1) is None  # the mover sees its own moves


def test_root_parallel_search_adds_up_every_workers_iterations(goofspiel):
    """``workers=2``: the iterations of the bot and of its helper process are both counted, the
    choice is reproducible, and no helper process is left behind."""
    import os

    state = goofspiel.new_state({"players": 2, "deck": 8})
    state.apply(8)
    rules = runtime_for(goofspiel)
    bots = [MctsBot(rules, 5, iterations="301", workers="2") for _ in range(2)]
    assert decide(bots[0], state.clone(), 0) == decide(bots[1], state.clone(), 0)
    assert bots[0].last_iterations == 301
    try:
        unreaped, _ = os.waitpid(-1, os.WNOHANG)  # a helper that ended unreaped would show here
    except ChildProcessError:  # no child process at all
        unreaped = 0
    assert unreaped == 0


def test_workers_is_a_checked_bot_parameter():
    result = run_cli(["play", "goofspiel", "mcts:workers=0", "random"])
    assert result.exit_code == 2 and "bot parameter workers must be positive" in result.stderr
