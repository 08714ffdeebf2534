### Tressette's own rule errors.

tressette-deal = Game { $game }, deal { $deal }
tressette-declaration_four = seat { $seat }'s four { $honour ->
        [three] 3s
        [two] 2s
       *[ace] aces
    }
tressette-declaration_three = seat { $seat }'s three { $honour ->
        [three] 3s
        [two] 2s
       *[ace] aces
    } ({ $missing } missing)
tressette-declaration_napoletana = seat { $seat }'s napoletana in { $suit }
tressette-sweep_and_claim = { $deal }: a claim stops the play, so the deal cannot also be a cappotto or stramazzo.
tressette-points_out_of_range = { $deal }: a team takes 0 to 11 card points in a deal, { $points } recorded.
tressette-points_missing = { $deal }: the team and its points are missing (or a claim or a sweep).
tressette-eleven_without_sweep = { $deal }: 11 to 0 for { $team } cannot happen without a sweep: a team ends a deal without a point only when the other takes every trick (cappotto) or every card point (stramazzo; the last trick's point does not count then). If so, record it in the "sweep" field; otherwise the other team has at least 1 point (10 to 1 at most).
tressette-claim_points_missing = { $deal }: { $seat } claimed, but the card points the team had taken so far are missing.
tressette-claim_team_mismatch = { $deal }: { $seat } claimed, who plays for { $team }, but the points are recorded for { $recorded }.
tressette-sweep_team_missing = { $deal }: the team that made the sweep is missing.
tressette-points_contradict = { $deal }: { $recorded } card points recorded for { $team }, but the cards give it { $actual }.
tressette-no_sweep = no sweep at all
tressette-sweep_by = { $sweep } { $team }
tressette-sweep_contradicts_cards = { $deal }: { $sweep } recorded for { $team }, but the cards show { $shown }.
tressette-declaration_repeated = { $deal }: { $declaration } is recorded twice.
tressette-declarations_overlap = { $deal }: { $first } and { $second } cannot both be declared: the cards of one rank are declared once.
tressette-card_declared_twice = { $deal }: { $card } is in the declarations of both { $first } and { $second }, but it is in one hand only.
tressette-declarations_contradict = { $deal }: by { $declaration } the player lacks { $card }, but another of that player's declarations needs it.
tressette-too_many_declared_cards = { $deal }: the declarations of { $seat } need { $cards } cards, but a hand has 10.
tressette-declarations_before_first_trick = { $deal }: declarations are made at the end of the first trick, but the claim came before it was played.
tressette-wrong_trick_count = { $deal }: a deal has 10 tricks, found { $found }.
tressette-wrong_trick_count_claimed = { $deal }: with a claim at most 10 tricks are recorded, found { $found }.
tressette-declared_card_played_by_other = { $deal }: { $declaration } needs { $card }, but { $seat } played it in trick { $trick }.
tressette-missing_card_held = { $deal }: by { $declaration } the player lacks { $card }, but played it in trick { $trick }.
# How a revoke is proved: a declared card (0) or one played in a later trick.
tressette-held = { $played ->
        [0] it had declared { $card }
       *[other] it held { $card }, played later in trick { $played }
    }
tressette-revoke = { $deal }: in trick { $trick } { $seat } played { $card } to { $led } without following suit, but { $proof }.
