"""Bretagne (Marco Pozzi, Placentia Games 2015) for bgkit: setup randomiser and table scoring."""
