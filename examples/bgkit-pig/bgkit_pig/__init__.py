"""Pig, a whole bgkit game in one file: roll a die as often as you dare, add what it shows to this
turn's points, and bank them when you hold; a 1 loses the turn's points. First to the goal wins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bgkit.api import (CHANCE, LIST, TERMINAL, VALUE, Display, Dynamics, GameInfo, GameSpec, GameState, Notation,
                       Option, Play, Rules, Setup, StateFields, registration)

if TYPE_CHECKING:  # bgkit games imports this file: what only play needs is imported when used
    from bgkit.api import Drawing

Move = str | int  # "roll" or "hold"; a die's face at a chance node
ACTIONS: tuple[Move, ...] = ("roll", "hold", 1, 2, 3, 4, 5, 6)  # numbered for research tools and exec bots
GOALS = ("50", "100", "20")


class Pig(GameState):
    """The state as data: whose turn, the points at stake this turn, each seat's banked points."""

    __slots__ = ("num_players", "goal", "turn", "pot", "rolling", "banked")
    FIELDS = StateFields(VALUE("num_players", "goal", "turn", "pot", "rolling"), LIST("banked"))

    def __init__(self, players: int, goal: int) -> None:
        self.num_players, self.goal = players, goal
        self.turn, self.pot, self.rolling = 0, 0, False
        self.banked = [0] * players


# -- the rules: the forward model, functions of the state ------------------------------------------
def current_player(s: Pig) -> int:
    if max(s.banked) >= s.goal:
        return TERMINAL
    return CHANCE if s.rolling else s.turn


def legal_actions(s: Pig) -> list[Move]:
    return ["roll", "hold"] if s.pot else ["roll"]


def chance_outcomes(s: Pig) -> list[tuple[Move, float]]:
    return [(face, 1 / 6) for face in range(1, 7)]


def apply(s: Pig, action: Move) -> None:
    if action == "roll":
        s.rolling = True
        return
    if s.rolling and action != 1:
        s.rolling, s.pot = False, s.pot + int(action)
        return
    if action == "hold":
        s.banked[s.turn] += s.pot
    s.rolling, s.pot, s.turn = False, 0, (s.turn + 1) % s.num_players


def scores(s: Pig) -> list[float]:
    return [float(points) for points in s.banked]


# -- the setup, the drawing and the spec ------------------------------------------------------------
def make_setup(comp: None, players: int, rng: object, options: dict[str, str]) -> dict[str, object]:
    from bgkit.api import seat_document

    return {"players": players, "goal": int(options["goal"]), **seat_document([{} for _ in range(players)], 0)}


def new_state(comp: None, setup: dict[str, object]) -> Pig:
    players, goal = setup["players"], setup["goal"]
    assert isinstance(players, int) and isinstance(goal, int)
    return Pig(players, goal)


def render(s: Pig, player: int | None) -> Drawing:
    from bgkit.api import Drawing

    drawing = Drawing([f"Pig, first to {s.goal}: P{s.turn + 1} has {s.pot} at stake"])
    for seat, points in enumerate(s.banked):
        drawing.line(f"  P{seat + 1}  {points:3d} banked", "bold" if seat == s.turn else "")
    return drawing


SPEC: GameSpec[Pig, Move, None] = GameSpec(
    play=Play(state=Pig, new_state=new_state, display=Display(render=render),
              rules=Rules(current_player=current_player, legal_actions=legal_actions, apply=apply,
                          chance_outcomes=chance_outcomes, scores=scores),
              # a seat that never holds would roll for ever: the game stops, with no winner, at its longest
              notation=Notation(num_actions=lambda comp, players: len(ACTIONS), max_game_length=lambda comp, p: 500 * p,
                                action_index=lambda comp, a: ACTIONS.index(a), action_from_index=lambda c, s, i: ACTIONS[i])),
    setup=Setup(options=(Option("goal", GOALS, "50", "the points that win"),), make_setup=make_setup, fixed=("goal",)),
)


bgkit_register_games = registration(GameInfo(
    id="pig", name="Pig", min_players=2, max_players=6, spec="bgkit_pig:SPEC", dynamics=Dynamics(chance=True),
    summary="Roll or hold: the dice game of risk (public domain).", api_version="4.0"))
