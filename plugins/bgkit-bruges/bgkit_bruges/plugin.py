"""Registers Bruges. Kept light: the game's modules are imported only when a command uses them."""

from bgkit.api import Dynamics, GameInfo, registration

bgkit_register_games = registration(GameInfo(
    id="bruges", name="Bruges", min_players=2, max_players=4,
    spec="bgkit_bruges.spec:SPEC", dynamics=Dynamics(chance=True, hidden=True),
    summary="Merchants in Bruges (2013): persons that act, houses, canals, reputation, threats; 2-4 players.",
    api_version="4.0",  # the bgkit API it was written for (bgkit.api.API_VERSION)
))
