"""Research interfaces: integer action spaces and observation tensors, a PettingZoo AEC environment and
OpenSpiel games (docs/rl.md). Needs the `rl` extra; nothing outside this package imports it."""
