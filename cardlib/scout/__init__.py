"""SCOUT, for 45 double-numbered cards: a hand you may never reorder (issue 10, in progress).

So far the actions and their notation (actions.py) and the cards and the beating order
(groups.py); the engine, bots, analysis and app follow, and the game joins the registry then.
"""
