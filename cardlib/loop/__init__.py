"""Loop (ループ), for 45 cards numbered 1 to 15 in three colours: a climbing game whose hands are replayed.

In progress (issue 11): the cards and the notation (actions.py), combinations (combos.py), chairs
and points (chairs.py), stacked decks (deal.py), the engine (rules.py, passing the kit's
conformance checks), what a player sees (seen.py) and the deal's mathematics (analysis.py) are here.
The climber bot is in bots.py. The search bot, the app, the lesson and the full rules suite come next; the game is not registered in
``cardlib.games`` yet.
"""
