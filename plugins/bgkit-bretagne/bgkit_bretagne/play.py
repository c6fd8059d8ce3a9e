"""Bretagne's play half, the state and the parts that play it: imported only when play starts."""

from __future__ import annotations

from bgkit.api import Advisor, Display, Play, Wording, flow_rules_of, notation_of, observer_of

from bgkit_bretagne import building, display, exchange, heuristic, notation, rules, views, wording
from bgkit_bretagne.codes import Action
from bgkit_bretagne.state import BretagneState, new_state, state_from_dict

PLAY = Play(
    state=BretagneState,
    new_state=new_state,
    state_from_dict=state_from_dict,
    rules=flow_rules_of(rules, settle_chance=rules.settle_chance, frame_player=rules.frame_player,
                        frame_rules={**building.FRAME_RULES, **exchange.FRAME_RULES}),
    observer=observer_of(views, notation.chance_label),
    advisor=Advisor[BretagneState, Action](heuristic=heuristic.heuristic, heuristic_values=heuristic.heuristic_values),
    notation=notation_of(notation),
    display=Display[BretagneState](render=display.render_state, render_compact=display.render_compact,
                                   render_part=display.render_part, render_public=display.render_public),
    wording=Wording[BretagneState, Action](instruction=wording.instruction),
)
