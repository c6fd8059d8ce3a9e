"""The Castles of Burgundy's play half, the state and the parts that play it: imported only when play starts."""

from __future__ import annotations

from bgkit.api import Advisor, Display, Observer, Play, Wording, flow_rules_of, notation_of

from bgkit_burgundy import heuristic, notation, render, rules, views, wording
from bgkit_burgundy.codes import Action
from bgkit_burgundy.data import Components
from bgkit_burgundy.state import BurgundyState, new_state, state_from_dict

PLAY = Play(
    state=BurgundyState,
    new_state=new_state,
    state_from_dict=state_from_dict,
    rules=flow_rules_of(rules, settle_chance=rules.settle_chance, frame_player=rules.frame_player,
                        chance_pick=rules.chance_pick, is_sealed=views.is_sealed, frame_rules=rules.FRAME_RULES),
    observer=Observer[BurgundyState, Action, Components](
        view=views.view, determinize=views.determinize, public_text=views.public_text, chance_label=rules.chance_label,
    ),
    advisor=Advisor[BurgundyState, Action](heuristic=heuristic.heuristic, heuristic_values=heuristic.heuristic_values),
    notation=notation_of(notation, notation.parse_action),
    display=Display[BurgundyState](render=render.render_state, render_compact=render.render_compact, render_public=render.render_public,
                                    render_part=render.render_part),
    wording=Wording[BurgundyState, Action](instruction=wording.instruction),
)
