"""Registers Goofspiel. Kept light: its GameSpec (``bgkit_goofspiel.spec``) is imported only when the game is used."""

from bgkit.api import Dynamics, GameInfo, registration

bgkit_register_games = registration(GameInfo(
    id="goofspiel", name="Goofspiel", min_players=2, max_players=4,
    spec="bgkit_goofspiel.spec:SPEC", dynamics=Dynamics(chance=True, hidden=True, sealed=True),
    summary="Sealed bids for prize cards (public-domain card game).",
    api_version="4.0",  # the bgkit API it was written for (bgkit.api.API_VERSION)
))
