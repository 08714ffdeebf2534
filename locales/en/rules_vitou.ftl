### Vitou's own rule errors.

vitou-round = Round { $round }
# A card of the 32-card French deck: its rank (1, 7 to 13) and suit, with the article.
vitou-card = the { $rank ->
        [1] ace
        [11] jack
        [12] queen
        [13] king
       *[other] { $rank }
    } of { $suit ->
        [spade] spades
        [bastoni] clubs
        [coppe] hearts
       *[denari] diamonds
    }
vitou-won = { $team }
vitou-tied = tied
vitou-list = { $head }, { $tail }
vitou-players_not_supported = Vitou is played by 2 or 4 players, not { $players }.
vitou-decline_not_allowed = { $round }: only a team on 20 (the other not) may decline to play, but the score is { $score_a }-{ $score_b }.
vitou-all_passed_not_allowed = { $round }: all players pass only at 20-20, but the score is { $score_a }-{ $score_b }.
vitou-play_without_round = { $round }: a declined or passed round has no cards, bids or winner.
vitou-bidding_closed = { $round }: at { $score_a }-{ $score_b } a team is on 20 and there is no bidding until the game ends.
vitou-bid_opening = { $round }: { $seat } opens the bidding with { $bid }, but the bidding always opens with 3; the raises then go 6, 12 and baraque, without jumps.
vitou-bid_out_of_order = { $round }: { $seat } bids { $bid }, but after { $last } the only raise is { $expected } (no jumps).
vitou-bid_above_baraque = { $round }: { $seat } bids { $bid }, but nothing goes above baraque.
vitou-raise_own_side = { $round }: { $seat } raises to { $bid }, but the last bid was their own team's ({ $last }): only the other team raises.
vitou-refusal_without_bid = { $round }: a refusal with no bid.
vitou-refusal_out_of_turn = { $round }: { $seat } refuses, but only { $expected }, right after the last raiser ({ $raiser }), may refuse.
vitou-tied_and_refused = { $round }: a refused round does not end in three ties.
vitou-winner_contradicts_cards = { $round }: recorded as won by { $recorded }, but the cards give it to { $actual }.
vitou-winner_contradicts_ties = { $round }: recorded as won by { $recorded }, but all three tricks are tied and nobody scores.
vitou-tied_contradicts_cards = { $round }: recorded as three ties, but the cards give it to { $actual }.
vitou-winner_contradicts_refusal = { $round }: recorded as won by { $recorded }, but { $refuser } refused and the round goes to the other team.
vitou-winner_and_tied = { $round }: a round of three ties has no winner.
vitou-winner_missing = { $round }: the winner of the round (or that all three tricks tied) is missing.
vitou-no_bidding = with no bidding
vitou-bid_refused = with the { $bid } refused
vitou-bid_accepted = with the { $bid } accepted
vitou-stake_mismatch = { $round }: { $why } the round is worth { $expected } points, but { $recorded } were recorded.
vitou-too_many_tricks = { $round }: a round has at most 3 tricks, found { $found }.
vitou-call_trick_missing = { $round }: recorded card by card, the bid or refusal of { $seat } must say in which trick it was made.
vitou-played_after_refusal = { $round }: the refusal in trick { $trick } ends the round, but { $recorded } tricks are recorded.
vitou-won_by = won by { $team }
vitou-trick_after_decided = { $round }: trick { $trick } is not played, the round was already decided ({ $who }).
vitou-lead_tied = trick { $trick } was tied and whoever led it, { $expected }, leads again
vitou-card_not_in_deck = { $round }: { $seat } played { $card } in trick { $trick }, but it is not in the 32-card deck.
vitou-bid_not_reached = { $round }: { $seat } bids { $bid } in trick { $trick }, but their turn is not in the cards recorded.
vitou-bid_by_last = { $round }: { $seat } bids { $bid } in trick { $trick }, but plays last to it and the last player never bids.
vitou-bids_out_of_play_order = { $round }: the bid of { $bid } by { $seat } in trick { $trick } does not come after the one before in the order of play.
vitou-refusal_not_after_raise = { $round }: { $seat } refuses in trick { $trick }, but one refuses only at one's turn right after the last raise.
vitou-round_undecided = { $round }: the tricks recorded ({ $results }) do not decide the round.
