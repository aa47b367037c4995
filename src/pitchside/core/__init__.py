"""Game-agnostic vocabulary. Imports nothing else from pitchside."""
