"""Registers Bridge Troll. Kept light: the game's modules are imported only when used."""

from bgkit.api import Dynamics, GameInfo, registration

bgkit_register_games = registration(GameInfo(
    id="bridgetroll", name="Bridge Troll", min_players=3, max_players=6,
    spec="bgkit_bridgetroll.spec:SPEC", dynamics=Dynamics(chance=True, hidden=True, sealed=True),
    summary="Bid boulders for travellers, eat them or rob them, upgrade your bridge (Seegert, Z-Man).",
    api_version="4.0",  # the bgkit API it was written for (bgkit.api.API_VERSION)
))
