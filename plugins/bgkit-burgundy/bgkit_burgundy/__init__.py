"""The Castles of Burgundy (Stefan Feld, alea 2011) for bgkit."""
