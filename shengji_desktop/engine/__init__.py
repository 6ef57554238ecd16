"""The game engine: a match as a seed and actions, seat views and events, the table that
runs it, records and saves. No Qt."""
