"""The table on screen: TableScreen (what the table shows now, and its signals), the scene
and its cards, seat plates, layout, animations, tribute passes, the hand's order, the felt."""
