"""Registers Bretagne. Kept light: the engine (bgkit_bretagne.game) is imported only when used."""

from bgkit.game import GameInfo
from bgkit.hookspecs import hookimpl


@hookimpl
def bgkit_register_games(register):
    register(
        GameInfo(
            id="bretagne",
            name="Bretagne",
            min_players=2,
            max_players=4,
            loader="bgkit_bretagne.game:Bretagne",
            version="0.1.0",
            playable=False,
            data_status="partly reconstructed",
            data_note=(
                "site colours and harbour links, lighthouse levels and extra costs, blueprints, weather, barges, "
                "harbour incomes, production and equipment cards are reconstructed; --data FILE replaces them"
            ),
            summary="Build lighthouses around Brittany: seeded setups and end-of-game scoring.",
        )
    )
