"""Blue Moon City for bgkit: city setups and the end-of-game result."""
