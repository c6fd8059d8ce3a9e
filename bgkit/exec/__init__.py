"""Bots in any language: ``exec:PROGRAM [ARGS]`` seats speaking JSON Lines (docs/bot-protocol.md).

``process`` runs a child: its own process group, line I/O against a deadline, killed whole.
``seat`` speaks the protocol for one seat: the handshake, the game start, each decision, the end.
"""
