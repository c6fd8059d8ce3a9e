"""Registers The Castles of Burgundy. Kept light: its GameSpec (``bgkit_burgundy.spec``) is imported only when the game is used."""

from bgkit.api import Dynamics, GameInfo, registration

bgkit_register_games = registration(GameInfo(
    id="burgundy", name="The Castles of Burgundy", min_players=2, max_players=4,
    spec="bgkit_burgundy.spec:SPEC", dynamics=Dynamics(chance=True, hidden=True),
    summary="Dice, hex tiles and estates in 15th-century Burgundy (2011 edition, 2-4 players).",
    api_version="4.0",  # the bgkit API it was written for (bgkit.api.API_VERSION)
))
