"""LAN tables: the link to a host and the host run here, the host, join and lobby dialogs,
hosting and joining for the window, and the aids of a LAN table (move clock, quick chat)."""
