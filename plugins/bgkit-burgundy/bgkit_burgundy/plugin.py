"""Registers The Castles of Burgundy. Kept light: the engine is imported only when used."""

from bgkit.game import GameInfo
from bgkit.hookspecs import hookimpl


@hookimpl
def bgkit_register_games(register):
    register(
        GameInfo(
            id="burgundy",
            name="The Castles of Burgundy",
            min_players=2,
            max_players=4,
            loader="bgkit_burgundy.game:Burgundy",
            version="1.0.0",
            playable=True,
            data_status="partly reconstructed",
            data_note=(
                "original boards 4 and 8 rest on one source (unconfirmed); everything else is sourced; "
                "--data FILE replaces any table"
            ),
            summary="Dice, hex tiles and estates in 15th-century Burgundy (2011 edition, 2-4 players).",
        )
    )
