"""Loop (ループ), for 45 cards numbered 1 to 15 in three colours: a climbing game whose hands are replayed.

In progress (issue 11): the cards, the actions with their notation and the combinations are here;
the engine comes next, and the package is not registered in ``cardlib.games`` yet.
"""
