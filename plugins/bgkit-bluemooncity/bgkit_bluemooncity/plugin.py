"""Registers Blue Moon City. Kept light: the engine (bgkit_bluemooncity.game) is imported only when used."""

from bgkit.game import GameInfo
from bgkit.hookspecs import hookimpl


@hookimpl
def bgkit_register_games(register):
    register(
        GameInfo(
            id="bluemooncity",
            name="Blue Moon City",
            min_players=2,
            max_players=4,
            loader="bgkit_bluemooncity.game:BlueMoonCity",
            version="0.1.0",
            playable=False,
            data_status="partly reconstructed",
            data_note=(
                "box values of 14 buildings, most building rewards and each people's card values are "
                "reconstructions; --data FILE replaces them"
            ),
            summary="Rebuild the city, make offerings at the obelisk (Knizia 2006).",
        )
    )
