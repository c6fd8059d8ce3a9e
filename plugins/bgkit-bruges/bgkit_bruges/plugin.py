"""Registers Bruges. Kept light: the engine (bgkit_bruges.game) is imported only when used."""

from bgkit.game import GameInfo
from bgkit.hookspecs import hookimpl


@hookimpl
def bgkit_register_games(register):
    register(
        GameInfo(
            id="bruges",
            name="Bruges",
            min_players=2,
            max_players=4,
            loader="bgkit_bruges.game:Bruges",
            version="0.1.0",
            playable=False,
            data_status="partly reconstructed",
            data_note=(
                "the 165 persons, the colours of the canal spaces and the reputation step values are a "
                "labelled reconstruction; --data FILE replaces them"
            ),
            summary="Merchants in Bruges: persons, houses, canals, reputation (setup and scoring).",
        )
    )
