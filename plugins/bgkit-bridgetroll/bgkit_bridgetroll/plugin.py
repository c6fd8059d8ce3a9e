"""Registers Bridge Troll. Kept light: the engine (bgkit_bridgetroll.game) is imported only when used."""

from bgkit.game import GameInfo
from bgkit.hookspecs import hookimpl

DATA_NOTE = (
    "traveller counts/values (except the rulebook's examples), ransoms, the schedule cards (except the "
    "4-player example: partly cloudy 5, 2 stones per open bridge), weather die faces, upgrade costs and "
    "two colour names are reconstructed; --data FILE replaces them"
)


@hookimpl
def bgkit_register_games(register):
    register(
        GameInfo(
            id="bridgetroll",
            name="Bridge Troll",
            min_players=3,
            max_players=6,
            loader="bgkit_bridgetroll.game:BridgeTroll",
            version="0.1.0",
            playable=False,
            data_status="partly reconstructed",
            data_note=DATA_NOTE,
            summary="Bid boulders for travellers, eat them or rob them, upgrade your bridge (Seegert, Z-Man).",
        )
    )
