"""Positions and actions in a player's words, for every front end (the terminal, the web server, bots' hints).

Nothing here draws or prints: ``names`` says what a position shows, ``choices`` groups the legal decisions into
a menu of labelled choices. The terminal (``cli``) and the web server (``server``) both build on it.
"""
