"""The balance lab (issue 11): many matches in parallel, one row per match, reports, ladders.

Nothing here holds a rule: a row is what a match's public events, outcome and views say. The heavy
libraries (pyarrow, matplotlib, openskill, ray) are the ``lab`` / ``ray`` extras and are imported only
inside the functions that need them, so ``import pitchside`` and ``pitchside --help`` never load them.
"""
