"""Goofspiel's play half, the state and the parts that play it: imported only when play starts."""

from __future__ import annotations

from bgkit.api import Advisor, Display, Observer, Play, Rules, Wording, notation_of
from bgkit_goofspiel import advisor, notation, observer, render, rules, wording
from bgkit_goofspiel.state import GoofState, new_state, state_from_dict

PLAY = Play(
    state=GoofState,
    new_state=new_state,
    state_from_dict=state_from_dict,
    rules=Rules[GoofState, int](
        current_player=rules.current_player, legal_actions=rules.legal_actions, apply=rules.apply,
        chance_outcomes=rules.chance_outcomes, is_sealed=rules.is_sealed, scores=rules.scores,
    ),
    observer=Observer[GoofState, int, None](
        view=observer.view, determinize=observer.determinize, public_text=observer.public_text,
        chance_label=observer.chance_label, observation_shape=observer.observation_shape,
        observation_tensor=observer.observation_tensor,
    ),
    advisor=Advisor[GoofState, int](heuristic=advisor.heuristic, heuristic_values=advisor.values),
    notation=notation_of(notation, notation.parse_action),
    display=Display[GoofState](render=render.render, render_compact=render.render_compact, render_part=render.render_part,
                                 render_public=render.render_public),
    wording=Wording[GoofState, int](instruction=wording.instruction),
)
