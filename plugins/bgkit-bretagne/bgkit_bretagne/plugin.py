"""Registers Bretagne. Kept light: the game's modules are imported only when used."""

from bgkit.api import Dynamics, GameInfo, registration

bgkit_register_games = registration(GameInfo(
    id="bretagne", name="Bretagne", min_players=2, max_players=4,
    spec="bgkit_bretagne.spec:SPEC", dynamics=Dynamics(chance=True, hidden=True),
    summary="Build lighthouses around the coast of Brittany (Placentia Games 2015, 2-4 players).",
    api_version="4.0",  # the bgkit API it was written for (bgkit.api.API_VERSION)
))
