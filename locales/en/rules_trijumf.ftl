### Trijumf's own rule errors.

trijumf-deal = Deal { $deal }
trijumf-cut = { $cut ->
        [normal] a normal cut
        [knock] a knock
       *[flip] a flip
    }
trijumf-trumps = trumps { $suit }
trijumf-no_trumps = no trumps
trijumf-players_not_supported = Trijumf is played by 2 or 4 players, not { $players }.
trijumf-trump_card_missing = { $deal }: after { $cut } a trump card is turned up, but none is recorded.
trijumf-trump_card_after_knock = { $deal }: with four players a knock turns up no trump card, but { $card } is recorded.
trijumf-card_not_in_deck = { $deal }: { $card } is not in the 40-card deck (no 8, 9 or 10).
trijumf-card_not_in_deck_trick = { $deal }: { $card } in trick { $trick } is not in the 40-card deck (no 8, 9 or 10).
trijumf-suit_declared_twice = { $deal }: king and horse of { $suit } declared twice.
trijumf-second_declaration = { $deal }: with two players each declares one king-horse pair only, but { $seat } declares another.
trijumf-declared_trump_card_held = { $deal }: { $seat } declares with { $card }, but the trump card is held by { $holder }.
trijumf-declared_trump_card = { $deal }: { $seat } declares with { $card }, but it is the trump card under the stock.
trijumf-declaration_points = { $deal }: king and horse of { $suit } declared by { $seat } are worth { $expected }, but { $recorded } were recorded.
trijumf-declaration_order = { $deal }: declarations follow the order of the first trick, but { $seat }'s comes after that of a later player.
trijumf-declaration_after_play_ended = { $deal }: { $seat } declares, but play ended before their turn in the first trick.
trijumf-declared_card_played_by_other = { $deal }: { $seat } declared { $card }, but { $by } plays it in trick { $trick }.
trijumf-declared_card_drawn = { $deal }: { $seat } declared { $card }, but drew it from the stock after the first trick.
trijumf-declared_card_not_played = { $deal }: { $seat } declared { $card }, but never plays it in the whole deal.
trijumf-points_missing = { $deal }: the card points of both sides are missing.
trijumf-points_not_conserved = { $deal }: a deal's points (cards and last trick) add up to { $expected }, but { $a } + { $b } = { $sum }.
trijumf-points_too_many = { $deal }: at a claim no more than { $most } card points can have been taken, but { $a } + { $b } = { $sum }.
trijumf-points_with_revoke = { $deal }: after a breach of the rules no points are counted: the opponents get the award only.
trijumf-points_contradict_cards = { $deal }: { $recorded_a }-{ $recorded_b } points recorded, but the cards give { $actual_a }-{ $actual_b }.
trijumf-stock_without_tricks = { $deal }: the stock is recorded only with the cards played.
trijumf-stock_with_four_players = { $deal }: there is no stock with four players.
trijumf-stock_size = { $deal }: the stock holds { $expected } face-down cards, found { $found }.
trijumf-stock_card_twice = { $deal }: { $card } appears twice in the stock and trump card.
trijumf-wrong_trick_count = { $deal }: a deal played out has { $expected } tricks, found { $found } (with no claim or breach).
trijumf-too_many_tricks = { $deal }: a deal has at most { $most } tricks, found { $found }.
trijumf-trump_card_played_by_other = { $deal }: { $seat } played { $card } in trick { $trick }, but it is the trump card, held by { $holder }.
trijumf-card_drawn_by_other = { $deal }: { $seat } played { $card } in trick { $trick }, but { $drawn_by } drew it after trick { $drawn_after }.
trijumf-card_not_yet_drawn = { $deal }: { $seat } played { $card } in trick { $trick }, but it was still in the stock then.
trijumf-duty_follow = follow suit in { $suit }
trijumf-duty_trump = play a trump
trijumf-revoke = { $deal }: { $seat } played { $card } in trick { $trick } ({ $trumps }), but held { $held } (played in trick { $held_trick }) and had to { $duty }: a breach to be recorded as such.
trijumf-claim_with_revoke = { $deal }: a deal ends by a claim or by a breach, not both.
trijumf-claim_verdict = { $deal }: the claim by { $seat } is recorded as { $verdict ->
        [correct] correct
       *[wrong] wrong
    }, but their side counts { $total } points of { $target }.
trijumf-revoke_trick_missing = { $deal }: recorded card by card, the breach must say in which trick it happened.
trijumf-revoke_not_last = { $deal }: play ends at the breach in trick { $trick }, which must be the last trick recorded, but { $recorded } are recorded.
trijumf-revoke_wrong_seat = { $deal }: the breach is charged to { $recorded }, but the last card of trick { $trick } was played by { $actual }.
trijumf-revoke_held_card_played = { $deal }: the breach is shown by { $held }, but { $seat } already played it in trick { $trick }.
trijumf-revoke_not_shown = { $deal }: { $seat } played { $card } in trick { $trick } to a lead in { $led } ({ $trumps }): a legal play, not a breach.
trijumf-revoke_not_shown_holding = { $deal }: { $seat } played { $card } in trick { $trick } to a lead in { $led } ({ $trumps }): a legal play even holding { $held }, not a breach.
