"""bgkit: a plugin-based command-line toolkit for board games.

Score a finished game at the table, generate seeded setups, and play (humans and bots).
The game model is in :mod:`bgkit.model.game`, the plugin contract in :mod:`bgkit.plugins.hookspecs`.
"""

__version__ = "0.4.0"
