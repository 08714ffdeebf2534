### The look of the pages (issue 24): card faces, the projector's views, confirmations.
replay-order = Order of the cards, lowest first
projector-tables = Tables in play
projector-standings = Standings
projector-plan = Next tables: where to sit
projector-place = Screen
match-players = Players
void-confirm_title = Void entry #{ $entry }?
void-line = The score is worked out again without this entry. It stays in the log, marked as void, with the reason.
void-confirm_submit = Confirm: void the entry
