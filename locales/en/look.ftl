### The look of the pages (issue 24): card faces, the projector's views, confirmations.
replay-order = Order of the cards, lowest first
projector-tables = Tables in play
projector-standings = Standings
projector-plan = Next tables: where to sit
projector-place = Screen
