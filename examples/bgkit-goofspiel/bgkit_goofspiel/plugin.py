"""Registers Goofspiel. Kept light: the engine (bgkit_goofspiel.game) is imported only when used."""

from bgkit.game import GameInfo
from bgkit.hookspecs import hookimpl


@hookimpl
def bgkit_register_games(register):
    register(
        GameInfo(
            id="goofspiel",
            name="Goofspiel",
            min_players=2,
            max_players=4,
            loader="bgkit_goofspiel.game:Goofspiel",
            version="1.0.0",
            playable=True,
            data_status="confirmed",
            summary="Sealed bids for prize cards (public-domain card game).",
        )
    )
