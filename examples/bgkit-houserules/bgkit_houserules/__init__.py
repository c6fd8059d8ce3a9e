"""Example house-rule plugin for bgkit."""
