"""Where the table's parts go for a window size, the hand's fan, and where every card
is drawn right now (the board animations fly between)."""
