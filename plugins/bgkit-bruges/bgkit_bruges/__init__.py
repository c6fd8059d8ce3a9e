"""Bruges (Stefan Feld; Hans im Glück / Z-Man, 2013) for bgkit: setup randomiser and table scoring."""
