"""A penalty shoot-out: the smallest game on pitchside's protocol (docs/adding-a-game.md walks through it).

PK-1  Two players, seats 0 and 1. A coin toss (the match's seeded RNG) decides who kicks first; they
      kick alternately, five kicks each, the other one keeping goal.
PK-2  For each kick the kicker picks a side (left, centre, right) face down, then the keeper picks a
      dive; the picks are revealed together. Only the kicker kicks, only the keeper dives, once each.
PK-3  Goal if the side and the dive differ; saved if they are the same.
PK-4  Level after five kicks each: sudden death, one more kick each in the same order, until after an
      equal number of kicks one player has scored more.
PK-5  The player with more goals wins; the shoot-out is then over and nobody acts.
"""
