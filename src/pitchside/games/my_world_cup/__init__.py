"""我的世界盃2010 My World Cup 2010: the match engine."""
