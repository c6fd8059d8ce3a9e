"""Goofspiel, the example third-party bgkit plugin."""
