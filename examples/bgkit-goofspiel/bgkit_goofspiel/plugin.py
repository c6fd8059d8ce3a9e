"""Registers Goofspiel. Kept light: the game's modules are imported only when used."""

from bgkit.api import Dynamics, GameInfo, hookimpl


@hookimpl
def bgkit_register_games(register):
    register(
        GameInfo(
            id="goofspiel",
            name="Goofspiel",
            min_players=2,
            max_players=4,
            package="bgkit_goofspiel",
            playable=True,
            dynamics=Dynamics(chance=True, hidden=True, sealed=True),
            summary="Sealed bids for prize cards (public-domain card game).",
            api_version="3.2",  # the bgkit API it was written for (bgkit.api.API_VERSION)
        )
    )
