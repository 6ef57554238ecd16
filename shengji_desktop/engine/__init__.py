"""The game engine: phase state machine, seat views, records, save and resume. No Qt."""
