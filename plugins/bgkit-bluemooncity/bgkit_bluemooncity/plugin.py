"""Registers Blue Moon City. Kept light: the game's modules are imported only when used."""

from bgkit.api import Dynamics, GameInfo, registration

bgkit_register_games = registration(GameInfo(
    id="bluemooncity", name="Blue Moon City", min_players=2, max_players=4,
    spec="bgkit_bluemooncity.spec:SPEC", dynamics=Dynamics(chance=True, hidden=True, no_winner=True),
    summary="Rebuild the city, make offerings at the obelisk (Knizia 2006).",
    api_version="4.0",  # the bgkit API it was written for (bgkit.api.API_VERSION)
))
