"""Bridge Troll's play half, the state and the parts that play it: imported only when play starts."""

from __future__ import annotations

from bgkit.api import Advisor, Display, Observer, Play, Wording, flow_rules_of, notation_of
from bgkit_bridgetroll import display, hazards, heuristic, notation, playout, rules, scoreturn, views, wording
from bgkit_bridgetroll.codes import Action
from bgkit_bridgetroll.data import Components
from bgkit_bridgetroll.state import TrollState, new_state, state_from_dict

#: Each frame kind's legal steps, every step applied by its opcode's handler (``rules.apply_step``).
FRAME_RULES = {code: (steps, rules.apply_step) for code, steps in {**rules.STEPS, **hazards.STEPS, **scoreturn.STEPS}.items()}

PLAY = Play(
    state=TrollState,
    new_state=new_state,
    state_from_dict=state_from_dict,
    rules=flow_rules_of(rules, settle_frame=rules.settle_frame, frame_player=rules.frame_player, is_sealed=views.is_sealed,
                        reveals=views.reveals, frame_rules=FRAME_RULES),
    observer=Observer[TrollState, Action, Components](
        view=views.view, determinize=views.determinize, audience=views.audience, public_text=views.public_text,
        chance_label=notation.chance_label,
    ),
    advisor=Advisor[TrollState, Action](
        heuristic=heuristic.heuristic, rollout_action=playout.rollout_action, rollout_depth=playout.ROLLOUT_DEPTH,
    ),
    notation=notation_of(notation),
    display=Display[TrollState](render=display.render_state, render_compact=display.render_compact, render_public=display.render_public,
                                render_part=display.render_part),
    wording=Wording[TrollState, Action](instruction=wording.instruction),
)
