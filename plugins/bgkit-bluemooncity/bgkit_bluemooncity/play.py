"""Blue Moon City's play half, the state and the parts that play it: imported only when play starts."""

from __future__ import annotations

from bgkit.api import Advisor, Display, Notation, Observer, Play, Rules
from bgkit_bluemooncity import display, heuristic, macros, notation, playout, rules, views
from bgkit_bluemooncity.codes import Action
from bgkit_bluemooncity.data import Components
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
    observer=Observer[BlueMoonState, Action, Components](
        view=views.view, determinize=views.determinize, audience=views.audience, public_text=views.public_text,
        chance_label=notation.chance_label, observation_shape=views.observation_shape,
        observation_tensor=views.observation_tensor,
    ),
    advisor=Advisor[BlueMoonState, Action](
        heuristic=heuristic.heuristic, heuristic_values=heuristic.values, rollout_action=playout.move,
        macros=macros.payments,
    ),
    notation=Notation[BlueMoonState, Action, Components](
        action_text=notation.action_text, num_actions=notation.num_actions, max_game_length=notation.max_game_length,
        action_index=notation.action_index, action_from_index=notation.action_from_index,
    ),
    display=Display[BlueMoonState](render=display.render_state, render_compact=display.render_compact,
                                   render_public=display.render_public),
)
