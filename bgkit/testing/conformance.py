"""The conformance suite every game passes (``bgkit.testing.conformance_suite``) and its checks:
setups, random play to the end, replay and save, views and secrets, the action space and the
observation tensor, the public drawing. Plugins import these from :mod:`bgkit.testing`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # pragma: no cover
    import random
    from collections.abc import Iterable

    from bgkit.engine.match import Match
    from bgkit.engine.runtime import Runtime
    from bgkit.model.game import Game, State


def check_setup(game_id: str, players: int, seeds: range = range(3)) -> None:
    """Setups: same seed same setup, JSON round trip, TOML-writable, the seat schema, count >= 1,
    the sheet template parses."""
    import json
    import tomllib

    import tomli_w

    from bgkit.plugins.registry import get_registry
    from bgkit.engine.setups import make_setup
    from bgkit.model.sheets import template

    game = get_registry().load_game(game_id)
    options = {opt.name: opt.default for opt in game.options}
    for seed in seeds:
        first = make_setup(game, players, seed, options)
        where = f"{game_id} {players}p seed {seed}"
        assert first == make_setup(game, players, seed, options), f"{where}: the setup is not reproducible"
        assert json.loads(json.dumps(first)) == first, f"{where}: the setup does not survive JSON"
        tomli_w.dumps({"setup": first})
        check_seat_schema(first, players, where)
    assert game.count_setups(players, options) >= 1
    tomllib.loads(template(game, players))


def check_seat_schema(setup: dict[str, Any], players: int, where: str = "setup") -> None:
    """The one seat schema of every setup document (see :mod:`bgkit.model.seats`)."""
    seats = setup.get("seats")
    assert isinstance(seats, list) and len(seats) == players, f"{where}: seats must list one table per seat"
    assert [row.get("seat") for row in seats] == list(range(1, players + 1)), f"{where}: seats are numbered 1..N"
    order: Any = setup.get("turn_order")  # whatever the document holds: checked next
    assert sorted(order or []) == list(range(1, players + 1)), f"{where}: turn_order must list every seat once"
    assert setup.get("start_player") == order[0], f"{where}: turn_order starts with the start player"


def conformance_suite(game_id: str, games: int = 3, players: Iterable[int] | None = None) -> Callable[..., None]:
    """The conformance suite as a pytest test for a game package to run on itself::

        from bgkit.testing import conformance_suite
        test_conformance = conformance_suite("mygame")

    One test per player count (``players``: a few of them, default every count the game allows):
    its setups (:func:`check_setup`) and, for a playable game, ``games`` random playouts
    (:func:`check_conformance`).
    """
    import pytest

    from bgkit.plugins.registry import get_registry

    info = get_registry().game(game_id)
    counts = list(players) if players is not None else list(range(info.min_players, info.max_players + 1))

    @pytest.mark.parametrize("players", counts)
    def test(players: int) -> None:
        check_setup(game_id, players)
        check_conformance(game_id, players, games=games, seed=players)

    return test


def check_conformance(game_id: str, players: int, games: int = 5, seed: int = 0, check_every: int = 7) -> None:
    """Random playouts of a playable game, checking what every game must guarantee.

    Raises AssertionError naming the seed and the step. Checks: the playout finishes, and at
    every step before the end someone can move (:func:`check_can_move`); every
    listed legal action applies (on every ``check_every``-th state) and has a unique text that
    parses back; ``to_dict`` survives JSON and ``state_from_dict``; who sees what (see
    :func:`check_secrets`); a sealed stage asks each seat once; the same seed gives the same
    game; the log replays to the same final state, also through a save file; the final
    ``scores()`` equal the scored sheet exported from the final state, ``outcome()`` equals
    that sheet's ranking, and the engine's result (which skips validating its own export when no
    plugin extends ``bgkit_score``) equals that sheet validated and scored through the hook.
    """
    import random

    from bgkit.model.game import CHANCE
    from bgkit.plugins.registry import get_registry
    from bgkit.engine.runtime import runtime_for

    check_setup(game_id, players, range(seed, seed + 2))
    game = get_registry().load_game(game_id)
    check_spec(game.play)
    runtime = runtime_for(game)
    for offset in range(games):
        game_seed = seed + offset
        where = f"{game_id} {players}p seed {game_seed}"
        match = _random_match(game, players, game_seed)
        depth = type(match.state).rollout_depth
        assert isinstance(depth, int) and not isinstance(depth, bool) and depth > 0, (
            f"{where}: rollout_depth must be a positive whole number of decisions, not {depth!r}"
        )
        rng = random.Random(game_seed)
        step = 0
        sealed_run: set[int] = set()
        owed: dict[tuple[int, int], bool] = {}  # (seat shown, seat not shown) -> redrawn for the latter?
        redraw_rng = random.Random(f"{where} redraw")
        while not match.state.is_terminal():
            state = match.state
            assert step < 100_000, f"{where}: no end after 100000 steps"
            player = state.current_player()
            if state.is_sealed() and player != CHANCE:
                assert player not in sealed_run, f"{where} step {step}: P{player + 1} chooses twice in one sealed stage"
                sealed_run.add(player)
            else:
                sealed_run = set()
            check_can_move(runtime, state, f"{where} step {step}")
            if step % check_every == 0:
                _check_state(game, runtime, state, rng, f"{where} step {step}")
            before = state.clone() if game.info.dynamics.hidden else None
            match.step()
            step += 1
            if before is not None:
                note_private(before, match.state, match.log.actions[-1][1], owed, redraw_rng)
        kept = sorted(pair for pair, redrawn in owed.items() if not redrawn)
        assert not kept, (
            f"{where}: P{kept[0][1] + 1}'s determinisation never redraws what only P{kept[0][0] + 1} was shown "
            "(it keeps the true hidden information: a bot would peek)"
        )
        _check_finished(game, runtime, match, players, game_seed, rng, where)



#: The most classes of its own plugin a GameSpec's state class may carry in its MRO: the state as
#: data, and one base of its own (state shared by two games of a plugin, say); the rules, views,
#: advice, notation and drawing are the spec's parts, never bases of the state.
MAX_OWN_BASES = 2


def check_spec(play: Any) -> None:
    """A GameSpec's state is data: at most :data:`MAX_OWN_BASES` classes of the spec's own plugin in
    its MRO, and every State API method it has comes from the core or from one of the play half's
    parts (``play``: the spec's bound :class:`bgkit.model.spec.Play`, ``game.play``)."""
    from bgkit.model.spec import STATE_PARTS

    cls = play.state
    top = cls.__module__.split(".")[0]
    own = [k.__qualname__ for k in cls.__mro__ if k.__module__.split(".")[0] == top]
    assert len(own) <= MAX_OWN_BASES, f"{cls.__qualname__} carries {len(own)} classes of its plugin: {', '.join(own)}"
    for part_name, names in STATE_PARTS.items():
        part = getattr(play, part_name)
        for name in names:
            given = getattr(part, name)
            assert given is None or getattr(cls, name) is given, f"{cls.__qualname__}.{name} is not the spec's {part_name}.{name}"


def _check_finished(game: Game, runtime: Runtime, match: Match, players: int, game_seed: int, rng: random.Random, where: str) -> None:
    """The end of a conformance playout: the final state, the length, the result three ways (the
    engine's, the exported sheet's through the hook, the bots' outcome), the same seed again, the
    log replayed, also through a save file."""
    import json
    import tempfile
    from pathlib import Path

    from bgkit.engine.match import GameLog, replay
    from bgkit.engine.runtime import final_result
    from bgkit.model.game import any_to_json
    from bgkit.model.savefile import read_json

    _check_state(game, runtime, match.state, rng, f"{where} final")
    check_game_length(runtime, players, match.log.actions, where)
    scored = match.finish()
    checked = final_result(game, match.state, match.log.names, check=True)
    assert json.dumps(scored.to_dict()) == json.dumps(checked.to_dict()), (
        f"{where}: the engine's result differs from its exported sheet validated and scored through the hook"
    )
    result = match.log.result
    assert result is not None, f"{where}: the finished game's log records no result"
    outcome = runtime.outcome(match.state)  # as the bots see it: a house rule's scoring included
    assert (list(outcome.ranks), list(outcome.winners), outcome.decided_by) == (
        scored.ranks, scored.winners, scored.decided_by
    ), f"{where}: outcome() {outcome} differs from the ranking of the exported sheet"
    again = _random_match(game, players, game_seed)
    again.play()
    assert again.log.actions == match.log.actions, f"{where}: the same seed gave a different game"
    final = any_to_json(match.state.to_dict())
    replayed = replay(game, runtime, match.log)
    assert any_to_json(replayed.to_dict()) == final, f"{where}: replaying the log gives another final state"
    with tempfile.TemporaryDirectory() as tmp:
        path = match.save(Path(tmp) / "save.json")
        loaded = GameLog.from_dict(read_json(path), str(path))
    assert any_to_json(replay(game, runtime, loaded).to_dict()) == final, f"{where}: save/load changed the game"
    scores = [float(s) for s in match.state.scores()]
    assert scores == [float(s) for s in result["scores"]], (
        f"{where}: engine scores {scores} differ from the exported sheet's {result['scores']}"
    )
    json.dumps(match.log.to_dict())

def check_can_move(runtime: Runtime, state: State, where: str) -> None:
    """A game that has not ended can always go on: a chance node has an outcome, and the seat to
    move has a legal action. A state where nobody can move would hang a game at the table."""
    if state.is_terminal():
        return
    if state.is_chance():
        assert state.chance_outcomes(), f"{where}: a chance node without outcomes, and the game has not ended"
    else:
        assert runtime.legal_actions(state), (
            f"{where}: P{state.current_player() + 1} has no legal action, and the game has not ended"
        )


def check_random_play(game: Game, players: int, seed: int = 0) -> None:
    """One game of random bots from ``game``'s own setup (default options), as any ``--data`` file
    the game accepted plays it: :func:`check_can_move` at every step, and an end."""
    from bgkit.engine.match import MAX_ACTIONS
    from bgkit.engine.runtime import runtime_for

    runtime = runtime_for(game)
    match = _random_match(game, players, seed)
    where = f"{game.info.id} {players}p seed {seed}"
    for step in range(MAX_ACTIONS):
        if match.state.is_terminal():
            return
        check_can_move(runtime, match.state, f"{where} step {step}")
        match.step()
    raise AssertionError(f"{where}: no end after {MAX_ACTIONS} steps")


def _random_match(game: Game, players: int, seed: int) -> Match:
    from bgkit.sessions.build import build_match

    specs = ["random"] * players
    names = [f"random #{i + 1}" for i in range(players)]
    options = {opt.name: opt.default for opt in game.options}
    return build_match(game, specs, names, seed, options)


def drawn(state: State, player: int | None, width: int = 160) -> str:
    """The text a person in ``player``'s seat sees of the state (None: the whole table)."""
    return _printed([state.render(player)], width)


def seen_drawings(state: State, player: int, width: int = 160) -> str:
    """The drawings a person in ``player``'s seat may be shown: the full one, and, when it is their
    turn, the compact one and each part a word at the prompt names (``board``, ``hand``, ``others``)."""
    from bgkit.terminal.fit import PART_WORDS

    if player != state.current_player():
        return drawn(state, player, width)
    compact, part = getattr(state, "render_compact", None), getattr(state, "render_part", None)
    pictures = [state.render(player)] + ([compact(player)] if compact else [])
    pictures += [part(player, word) for word in PART_WORDS] if part else []
    return _printed([picture for picture in pictures if picture is not None], width)


def public_drawing(state: State, width: int = 160) -> str | None:
    """The text a shared screen at the table shows of the state (the game's ``render_public``: what
    everyone sees); None for a game that draws no public table."""
    public = getattr(state, "render_public", None)
    return None if public is None else _printed([public()], width)


def _printed(pictures: list[Any], width: int) -> str:
    import io

    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None)
    for picture in pictures:
        console.print(picture)
    return out.getvalue()


def _check_state(game: Game, runtime: Runtime, state: State, rng: random.Random, where: str) -> None:
    import json

    from bgkit.model.game import any_to_json

    data = any_to_json(state.to_dict())
    assert json.loads(json.dumps(data)) == data, f"{where}: to_dict() is not plain JSON data"
    rebuilt = game.state_from_dict(json.loads(json.dumps(data)))
    assert any_to_json(rebuilt.to_dict()) == data, f"{where}: state_from_dict(to_dict()) differs"
    check_views(state, rng, where)
    check_observation(game, state, rng, where)
    if state.is_terminal():
        return
    from bgkit.engine.runtime import rank_rewards

    assert rank_rewards(state.heuristic_values()) == rank_rewards([state.heuristic(p) for p in range(state.num_players)]), (
        f"{where}: heuristic_values() orders the seats differently from heuristic(p)"
    )
    if state.is_chance():
        outcomes = state.chance_outcomes()
        assert outcomes, f"{where}: a chance node without outcomes"
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9, f"{where}: chance probabilities do not sum to 1"
        pairs = [(o, state.action_text(o)) for o, _ in outcomes]
        check_chance_pick(state, outcomes, where)
    else:
        actions = runtime.legal_actions(state)
        assert actions, f"{where}: player {state.current_player() + 1} has no legal action"
        pairs = [(a, state.action_text(a)) for a in actions]
        player = state.current_player()
        seen = state.determinize(player, rng)
        assert runtime.legal_actions(seen) == actions, (
            f"{where}: P{player + 1}'s legal actions change with what they cannot see"
        )
    texts = [text for _, text in pairs]
    assert len(set(texts)) == len(texts), f"{where}: two actions share a text"
    for action, text in pairs:
        assert state.parse_action(text) == action, f"{where}: {text!r} does not parse back to its action"
        after = state.clone()
        runtime.apply(after, action)
    assert any_to_json(state.to_dict()) == data, f"{where}: applying to a clone changed the original"
    check_secrets(runtime, state, [a for a, _ in pairs], where)
    check_action_space(runtime, state, [a for a, _ in pairs], where)


def check_action_space(runtime: Runtime, state: State, actions: list[Any], where: str) -> None:
    """Where the game declares an action space: each of ``actions`` (the legal actions, or the
    chance outcomes) has a whole-number index below the bound, unique among them, that turns back
    into the same action at this state."""
    space = runtime.action_space(state.num_players)
    if space is None:
        return
    assert isinstance(space.size, int) and space.size > 0, f"{where}: num_actions must be a positive whole number"
    indices = []
    for action in actions:
        index = space.index(action)
        assert isinstance(index, int) and not isinstance(index, bool) and 0 <= index < space.size, (
            f"{where}: action {state.action_text(action)!r} has index {index!r}, not a whole number in 0..{space.size - 1}"
        )
        assert space.action(state, index) == action, f"{where}: index {index} does not turn back into {state.action_text(action)!r}"
        indices.append(index)
    assert len(set(indices)) == len(indices), f"{where}: two actions share an index"


def check_observation(game: Game, state: State, rng: random.Random, where: str) -> None:
    """Where the game declares an observation tensor: for every seat, as many numbers as its
    shape's product, each a finite float, and the same in every determinisation for that seat
    (the seat cannot tell those states apart)."""
    import math

    observation = game.observation(state.num_players)
    if observation is None:
        return
    assert observation.shape and all(isinstance(n, int) and n > 0 for n in observation.shape), (
        f"{where}: observation_shape must be positive whole numbers, not {observation.shape!r}"
    )
    for player in range(state.num_players):
        values = observation.tensor(state, player)
        assert len(values) == observation.size, (
            f"{where}: P{player + 1}'s observation has {len(values)} numbers, not {observation.size} (the shape's product)"
        )
        assert all(isinstance(v, float) and math.isfinite(v) for v in values), (
            f"{where}: P{player + 1}'s observation holds something other than finite floats"
        )
        other = state.determinize(player, rng)
        assert observation.tensor(other, player) == values, (
            f"{where}: P{player + 1}'s observation changes with what they cannot see (hidden information leaks)"
        )


def check_game_length(runtime: Runtime, players: int, actions: list[list[Any]], where: str) -> None:
    """No game plays more decisions than the action space's declared ``max_length``."""
    space = runtime.action_space(players)
    if space is None or space.max_length is None:  # None: the rules set no limit
        return
    decisions = sum(1 for player, _ in actions if player >= 0)
    assert decisions <= space.max_length, f"{where}: {decisions} decisions, more than max_game_length {space.max_length}"


def check_chance_pick(state: State, outcomes: list[tuple[Any, float]], where: str) -> None:
    """A game's own ``chance_pick`` selects what the default does, at and around every running total."""
    import math

    from bgkit.model.game import State

    if type(state).chance_pick is State.chance_pick:
        return
    picks, total = [0.0, 0.5, math.nextafter(1.0, 0.0)], 0.0
    for _, probability in outcomes:
        total += probability
        picks += [math.nextafter(total, 0.0), total, math.nextafter(total, 2.0)]
    for pick in picks:
        if 0.0 <= pick < 1.0:
            assert state.chance_pick(pick) == State.chance_pick(state, pick), (
                f"{where}: chance_pick({pick!r}) differs from the default's"
            )


def check_views(state: State, rng: random.Random, where: str) -> None:
    """A seat's view and drawings (full, compact, each part) hold nothing it cannot see: they are the same in every
    determinisation for it, and a determinisation depends on the view alone (the same seed gives
    the same sample from any state with that view). The public drawing (``render_public``, a shared
    screen's) is the same in the determinisation for the seat to move (P1 at chance), which redraws
    every other seat's hidden information and the face-down draws: over a game, as the turn goes
    round, no seat's hidden information may show on it."""
    import random

    from bgkit.model.game import any_to_json

    public = public_drawing(state)
    twin_seat = max(state.current_player(), 0)  # one twin a state (a drawing costs: Bretagne's 13 ms)
    for player in range(state.num_players):
        view = any_to_json(state.view(player))
        picture = seen_drawings(state, player)
        seed = rng.getrandbits(32)
        sample = any_to_json(state.determinize(player, random.Random(seed)).to_dict())
        for attempt in range(2):
            other = state.determinize(player, rng)
            assert any_to_json(other.view(player)) == view, (
                f"{where}: player {player + 1}'s view changes with what they cannot see (hidden information leaks)"
            )
            assert attempt or seen_drawings(other, player) == picture, (
                f"{where}: what player {player + 1} is shown changes with what they cannot see (the drawing leaks)"
            )
            assert attempt or player != twin_seat or public_drawing(other) == public, (
                f"{where}: the public drawing (render_public) changes with what P{player + 1} cannot see (it shows hidden information)"
            )
            again = any_to_json(other.determinize(player, random.Random(seed)).to_dict())
            assert again == sample, (
                f"{where}: player {player + 1}'s determinisation depends on what they cannot see (a bot could peek)"
            )


def note_private(before: State, after: State, text: str, owed: dict[tuple[int, int], bool], rng: random.Random) -> None:
    """After a private action (a card drawn into one hand, a sealed choice mid-stage): for every seat
    shown it and every seat not, whether the latter's determinisation can change what the former
    sees. A twin state differing only in what a seat cannot see must give it the same
    determinisation, so a determinisation that keeps the true hidden information is caught here:
    it never redraws, over a whole game, what only another seat was shown. ``owed`` collects
    ``(shown, not shown) -> redrawn yet``; :func:`check_conformance` asserts every one was."""
    from bgkit.model.errors import BadInput
    from bgkit.model.game import CHANCE, any_to_json

    try:
        action = before.parse_action(text)
    except BadInput:
        return
    audience = before.audience(action)
    if audience is None or (before.is_sealed() and not after.is_sealed()) or after.is_terminal():
        return  # seen by everyone, or revealed at once (the last choice of a sealed stage)
    for shown in audience:
        seen = None
        for blind in range(after.num_players):
            if blind in audience or blind == CHANCE or owed.get((shown, blind)):
                continue
            seen = seen if seen is not None else any_to_json(after.view(shown))
            owed[(shown, blind)] = any(any_to_json(after.determinize(blind, rng).view(shown)) != seen for _ in range(3))


def check_secrets(runtime: Runtime, state: State, actions: list[Any], where: str) -> None:
    """At a private chance node or action, every seat outside the audience is told the same public
    text and sees the same view, drawing and determinisation, whatever the outcome; and the public
    drawing (``render_public``) is the same whatever the outcome.

    A sealed choice that ends its stage is revealed at once, so it is left out.
    """
    import random

    from bgkit.model.game import any_to_json

    private = [a for a in actions if state.audience(a) is not None]
    if not private:
        return
    audiences = {state.audience(a) for a in actions} if state.is_chance() else None
    assert audiences is None or len(audiences) == 1, (
        f"{where}: the audience of a chance node depends on its outcome (that alone tells the outcome)"
    )
    seed = random.Random(where).getrandbits(32)
    told: dict[int, set[str]] = {}
    shown: dict[int, set[tuple[str, str, str]]] = {}
    publics: set[str | None] = set()
    for action in private:
        audience = state.audience(action)
        assert audience is not None  # only the private ones (above)
        public = state.public_text(action)
        after = state.clone()
        runtime.apply(after, action)
        if state.is_sealed() and not after.is_sealed():
            continue  # the last choice of a sealed stage: everything is revealed
        publics.add(public_drawing(after))
        for seat in range(state.num_players):
            if seat in audience:
                continue
            told.setdefault(seat, set()).add(public)
            sample = after.determinize(seat, random.Random(seed))
            shown.setdefault(seat, set()).add(
                (repr(any_to_json(after.view(seat))), drawn(after, seat), repr(any_to_json(sample.to_dict())))
            )
    for seat, texts in told.items():
        assert len(texts) == 1, f"{where}: P{seat + 1} is told different public texts {sorted(texts)} (they name hidden information)"
        assert len(shown[seat]) == 1, (
            f"{where}: what P{seat + 1} sees after a private outcome depends on that outcome (hidden information leaks)"
        )
    assert len(publics) <= 1, f"{where}: the public drawing (render_public) shows a private outcome (hidden information leaks)"


def swap_a_card(hand: Any, deck: Any) -> None:
    """Make a twin's hidden cards differ and keep every count a seat sees: one card of ``hand`` goes
    back into ``deck`` and a card of another kind comes out of it into the hand (both
    :class:`bgkit.api.Deck`), for :func:`check_twin_determinisation`."""
    held = hand.cards()[0]
    other = next(k for k in deck.cards() if k != held)  # the hand now holds another kind of card
    hand.draw(held)
    deck.put(held)
    deck.draw(other)
    hand.put(other)


def check_twin_determinisation(state: State, twin: State, player: int, seeds: range = range(4)) -> None:
    """``twin`` differs from ``state`` only in what ``player`` cannot see (another hand, the order of
    a face-down pile, another seat's sealed choice), built by hand by the test. A determinisation
    for ``player`` must depend on what they see alone: with the same rng seed, both give the very
    same state (every field, and every seat's view). Unlike :func:`check_views`, whose twins come
    from the game's own ``determinize``, this catches a determinisation that keeps the true hidden
    order (a bot would see the future draws). Also checked: the twin really is one (the same view
    and drawing for ``player``, a different state), each sample keeps ``player``'s view, and the
    samples vary with the seed (the hidden part is redrawn, not left sorted)."""
    import random

    from bgkit.model.game import any_to_json

    seat = f"P{player + 1}"
    view = any_to_json(state.view(player))
    assert any_to_json(twin.view(player)) == view, f"not a twin: {seat}'s view differs between the two states"
    assert drawn(twin, player) == drawn(state, player), f"not a twin: {seat}'s drawing differs between the two states"
    assert any_to_json(twin.to_dict()) != any_to_json(state.to_dict()), "not a twin: the two states are the same"
    samples = set()
    for seed in seeds:
        first = state.determinize(player, random.Random(seed))
        second = twin.determinize(player, random.Random(seed))
        assert any_to_json(first.view(player)) == view, f"seed {seed}: the determinisation changes what {seat} sees"
        for q in range(state.num_players):
            assert any_to_json(first.view(q)) == any_to_json(second.view(q)), (
                f"seed {seed}: {seat}'s determinisation shows P{q + 1} something else when only what {seat} "
                "cannot see differs (a bot would peek)"
            )
        sample = any_to_json(first.to_dict())
        assert sample == any_to_json(second.to_dict()), (
            f"seed {seed}: {seat}'s determinisation depends on what {seat} cannot see (a bot would peek)"
        )
        samples.add(repr(sample))
    assert len(samples) > 1, f"{seat}'s determinisation is the same for every seed: it redraws nothing hidden"
