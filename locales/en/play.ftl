### The words of every game's rules: what they refuse, and why.

play-team = team { $team }
play-side = side { $team }
play-match_over = The match is over: { $winner } won ({ $won ->
        [one] { $won } game
       *[other] { $won } games
    } to { $lost }); nothing more can be recorded.

## an entry of a match's log

replay-entry_refused = entry { $entry }: { $reason }
replay-entry_invalidated = entry { $entry }: after this correction entry { $failing } is no longer valid: { $reason }
