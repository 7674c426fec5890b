"""Live games, one concern a module (server/hub.py composes them into the Hub).

From the ground up: ``game`` (a game in memory), ``identity`` (who a token acts for), ``viewers`` (what they are
told, and their WebSockets), ``cache`` (the games kept in memory), ``turn_mail``, ``sync`` (several processes on
one database), ``changes`` (applied, committed, then told), ``moves`` and ``undo_requests`` (what players ask),
``bot_runner`` (bots and hints), ``seats`` (joining, hand-overs, idle seats, mail addresses), ``creation``.
"""
