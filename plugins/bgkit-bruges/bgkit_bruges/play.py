"""Bruges's play half, the state and the parts that play it: imported only when play starts."""

from __future__ import annotations

from bgkit.api import Advisor, Display, Play, Wording, flow_rules_of, notation_of, observer_of
from bgkit_bruges import disasters, heuristic, notation, persons, piles, plays, render, rules, views, wording
from bgkit_bruges.codes import F_CANAL, F_DRAW, F_FIRE, F_HOUSE, F_ORDER, F_PICK, F_PLAGUE, F_REP, F_THREAT, F_WCOL, Act
from bgkit_bruges.state import BrugesState, new_state, state_from_dict

PLAY = Play(
    state=BrugesState,
    new_state=new_state,
    state_from_dict=state_from_dict,
    rules=flow_rules_of(
        rules, settle_frame=rules.settle_frame,
        frame_rules={
            F_REP: (disasters._rep_steps, disasters._apply_rep),
            F_ORDER: (disasters._order_steps, disasters._apply_order),
            F_FIRE: (disasters._fire_steps, disasters._apply_fire),
            F_PLAGUE: (disasters._plague_steps, disasters._apply_plague),
            F_WCOL: (persons._worker_steps, persons._apply_worker),
            F_THREAT: (persons._threat_steps, persons._apply_threat),
            F_DRAW: (piles._draw_steps, piles._apply_draw),
            F_CANAL: (plays._canal_steps, plays._apply_canal),
            F_HOUSE: (plays._house_steps, plays._apply_house),
            F_PICK: (plays._pick_steps, plays._apply_pick),
        },
    ),
    observer=observer_of(views, notation.chance_label),
    advisor=Advisor[BrugesState, Act](heuristic=heuristic.heuristic),
    notation=notation_of(notation),
    display=Display[BrugesState](render=render.render_state, render_compact=render.render_compact, render_public=render.render_public,
                                  render_part=render.render_part),
    wording=Wording[BrugesState, Act](instruction=wording.instruction),
)
