"""Registers The Castles of Burgundy. Kept light: the game's modules are imported only when used."""

from bgkit.api import Dynamics, GameInfo, hookimpl


@hookimpl
def bgkit_register_games(register):
    register(
        GameInfo(
            id="burgundy",
            name="The Castles of Burgundy",
            min_players=2,
            max_players=4,
            package="bgkit_burgundy",
            playable=True,
            dynamics=Dynamics(chance=True, hidden=True),
            summary="Dice, hex tiles and estates in 15th-century Burgundy (2011 edition, 2-4 players).",
            api_version="3.2",  # the bgkit API it was written for (bgkit.api.API_VERSION)
        )
    )
