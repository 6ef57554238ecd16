"""A seat at a table, whatever plays it: the Session, the local table and its games, the
statistics recorded of them, the trail kept for replaying the match."""
