"""世界波 World Ball: the rules engine (docs/rules/world-ball.md)."""
