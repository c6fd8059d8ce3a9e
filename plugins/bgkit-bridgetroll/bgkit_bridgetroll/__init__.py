"""Bridge Troll for bgkit: setup randomiser, table scoring and the round-scoring helper."""
