### The words of every game's rules: what they refuse, and why.

play-team = la squadra { $team }
play-side = la parte { $team }
play-match_over = L'incontro è finito: ha vinto { $winner } ({ $won ->
        [one] { $won } partita
       *[other] { $won } partite
    } a { $lost }); non si registra altro.

## an entry of a match's log

replay-entry_refused = registrazione { $entry }: { $reason }
replay-entry_invalidated = registrazione { $entry }: con questa correzione la registrazione { $failing } non è più valida: { $reason }
