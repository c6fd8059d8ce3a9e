"""Blue Moon City's play half, the state and the parts that play it: imported only when play starts."""

from __future__ import annotations

from bgkit.api import Advisor, Display, Play, Rules, Wording, notation_of, observer_of
from bgkit_bluemooncity import display, heuristic, macros, notation, playout, rules, views, wording
from bgkit_bluemooncity.codes import Action
from bgkit_bluemooncity.state import BlueMoonState, new_state, state_from_dict

PLAY = Play(
    state=BlueMoonState,
    new_state=new_state,
    state_from_dict=state_from_dict,
    rules=Rules[BlueMoonState, Action](
        legal_actions=rules.legal_actions, apply=rules.apply, step=rules.step, settle_chance=rules.settle_chance,
        frame_player=rules.frame_player, chance_outcomes=rules.chance_outcomes, turn_actions=rules.turn_actions,
        apply_turn=rules.apply_turn, apply_chance=rules.apply_chance, scores=rules.scores, outcome=rules.outcome,
        frame_rules=rules.FRAMES,
    ),
    observer=observer_of(views, notation.chance_label),
    advisor=Advisor[BlueMoonState, Action](
        heuristic=heuristic.heuristic, heuristic_values=heuristic.values, rollout_action=playout.move,
        macros=macros.payments,
    ),
    notation=notation_of(notation),
    display=Display[BlueMoonState](render=display.render_state, render_compact=display.render_compact,
                                   render_part=display.render_part, render_public=display.render_public),
    wording=Wording[BlueMoonState, Action](instruction=wording.instruction),
)
