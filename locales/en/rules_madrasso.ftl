### Madrasso's own rule errors.

madrasso-deal = Game { $game }, deal { $deal }
madrasso-special_ends_conflict = { $deal }: cappotto, cassone and declaring out are different ends; record one at most.
madrasso-team_and_points = { $deal }: the team and its points are recorded together.
madrasso-points_missing = { $deal }: one team's points are missing (or a cappotto, cassone or declaration).
madrasso-declaration_points_missing = { $deal }: { $seat } declared out, but the points the team had taken so far in this deal are missing.
madrasso-declarer_team_mismatch = { $deal }: { $seat } declared out, who plays for { $team }, but the points are recorded for { $recorded }.
madrasso-points_impossible = { $deal }: no deal gives a team { $points } points (the range is 0 to 130, and 1 and 129 cannot be made).
madrasso-points_contradict = { $deal }: { $recorded } points recorded for { $team }, but the deal gives it { $actual }.
madrasso-cappotto_contradicts_cards = { $deal }: cappotto recorded for { $team }, but the tricks are { $tricks_a } to team A and { $tricks_b } to team B (all ten are needed).
madrasso-declaration_too_early = { $deal }: { $seat } declared out, but no one may declare before { $min_deals } deals have been played.
madrasso-declarer_did_not_win_trick = { $deal }: only a player who has just won a trick may declare; { $seat } declared, but trick { $trick } was won by { $winner } with { $card }.
madrasso-exchange_without_cards = { $deal }: the exchange of the 7 of trumps is recorded only with the cards played.
madrasso-face_up_missing = { $deal }: deal recorded card by card, but the dealer's face-up card, which makes trumps, is missing.
madrasso-exchange_by_dealer = { $deal }: the exchange is recorded for { $seat }, who is the dealer: the face-up card is already theirs.
madrasso-exchange_of_the_seven = { $deal }: the exchange is recorded for { $seat }, but the face-up card is the 7 of trumps itself.
madrasso-wrong_trick_count = { $deal }: a deal has 10 tricks, found { $found }.
madrasso-wrong_trick_count_stopped = { $deal }: after a cassone or a declaration 1 to 10 tricks are recorded, found { $found }.
madrasso-face_up_not_dealers = { $deal }: { $seat } played { $card } in trick { $trick }, but it is the face-up card of the dealer ({ $dealer }) and there was no exchange.
madrasso-face_up_was_exchanged = { $deal }: { $seat } played { $card } in trick { $trick }, but the face-up card was taken by { $exchanger } in the exchange.
madrasso-seven_was_exchanged = { $deal }: { $seat } played { $card } in trick { $trick }, but { $exchanger } exchanged it for the face-up card and from then on it belongs to the dealer ({ $dealer }).
madrasso-cassone_trick_missing = { $deal }: in a deal recorded card by card the cassone must say in which trick it happened.
madrasso-cassone_not_reached = { $deal }: the cassone is placed in trick { $trick }, but { $recorded } trick(s) are recorded.
madrasso-cassone_followed_suit = { $deal }: cassone recorded for { $seat } in trick { $trick }, but that seat followed suit with { $card }.
# The proof of a revoke or of a failure to trump ({ $proof }) is worded by rules-held.
madrasso-revoke = { $deal }: in trick { $trick } { $seat } played { $card } to { $led } without following suit, but { $proof }: that is a cassone and must be recorded as one.
madrasso-must_trump = { $deal }: in trick { $trick } { $seat } could not follow { $led } and had to trump with { $trumps }, but played { $card } and { $proof }: that is a cassone and must be recorded as one.
madrasso-play_after_cassone = { $deal }: play stops at the cassone in trick { $trick }, when { $seat } played { $card }, but { $after } is recorded after it: remove the cards recorded after the cassone.
