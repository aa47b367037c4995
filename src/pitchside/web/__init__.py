"""The web server (issue 9): rooms, seats, the WebSocket protocol (WEB.md), persistence and bots.

FastAPI is imported only inside this package, never by ``import pitchside`` or the CLI's help."""
