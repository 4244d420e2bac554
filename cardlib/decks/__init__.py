"""Decks shared by several games (pairs.py: the 55-card Pairs deck)."""
