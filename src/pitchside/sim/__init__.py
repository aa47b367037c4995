"""The simulation lab: one game loop, many matches."""
