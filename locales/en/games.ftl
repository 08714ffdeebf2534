### Words of the pages of Madrasso, Tressette, Trijumf and Vitou.

## the games

games-trionfetti = Trionfetti
games-madrasso = Madrasso
games-tressette = Tressette
games-trijumf = Trijumf
games-vitou = Vitou
games-choose = Game

## creating a match

games-options = Rules
games-player_count = Players at the table
games-two_players_hint = With two players only seats 1 and 2 play.
games-min_deals = Minimum deals per game
games-must_trump = Must trump when unable to follow suit
games-revoke_penalty = Cassone (revoke)
games-penalty_award = 130 points to the opponents
games-penalty_subtract = 130 points off the offenders
games-revoke_points = Points to the opponents for a revoke
games-last_trick_points = Points for the last trick
games-twenty_rules = Special rules on 20
games-tressette_targets = Games are usually to 21, 31 or 41.
games-yes = yes
games-no = no

## the referee page

games-side = Side
games-team = Team
games-player = Player
games-outcome_title = Record the outcome
games-outcome = How it ended
games-save = Record
games-replace_title = Correct an entry with this one
games-replace_target = Replaces entry
games-replace_none = — none (new) —
games-void_title = Void
games-replace_hint = To replace it, use the outcome form and choose this entry.
games-json_title = Advanced: entry as JSON
games-json_hint = For deals card by card or corrections: one entry as in the match record (docs/match-record.md).
games-json_label = Entry
games-save_json = Check and record

## Madrasso

games-madrasso_played = Deal played: one team's points
games-madrasso_cappotto = Cappotto (all ten tricks)
games-madrasso_cassone = Cassone (revoke) by the player
games-madrasso_declared = The player declared out
games-madrasso_points = The team's points (0-130)
games-madrasso_hint = Deal played: one team's points (the other has the rest), then the team. Cappotto: the team. Cassone: the player, then “Record”. Declaration: the player and the team's points, then “Record”.
games-madrasso_team_hint = Then tap the team:
games-madrasso_other = Another outcome: cappotto, cassone, declaration

## Tressette

games-tressette_played = Deal played: one team's card points
games-tressette_claim = The player claimed the game
games-tressette_sweep = A sweep (cappotto and the like)
games-tressette_points = Card points (0-11, declarations apart)
games-tressette_sweep_kind = Kind of sweep
games-tressette_declarations = Declarations
games-declaration = Declaration
games-combination = Combination
games-tressette_four = four of a kind (4 points)
games-tressette_three = three of a kind (3 points)
games-rank = Rank
games-aces = aces
games-suit_hint = Suit (napoletana) or missing suit (three)
games-tressette_hint = Deal played: the card points, then the team. Claim: the player and the team's points, then “Record”. Sweep: its kind, then the team.
games-tressette_team_hint = Then tap the team:
games-tressette_other = Another outcome: claim, sweep

## Trijumf

games-trijumf_cut = Cut
games-trijumf_normal = normal
games-trijumf_knock = knock
games-trijumf_flip = flip
games-trijumf_trump_card = Trump card
games-trijumf_played = Deal played out
games-trijumf_claim = The player claimed the game
games-trijumf_revoke = Revoke by the player
games-card_points = Card points
games-trijumf_claim_correct = Was the claim correct?
games-trijumf_declarations = King-horse declarations
games-suit = Suit
games-trijumf_hint = No trump card only after a knock with four players. The two sides' card points add up to 130 (less with a claim).
games-trijumf_other = Another outcome: claim, revoke

## Vitou

games-vitou_won = Round won by a side
games-vitou_refused = The player refused the last raise
games-vitou_tied = Three tied tricks
games-vitou_declined = The side on 20 declined
games-vitou_all_passed = At 20-20 everybody passed
games-vitou_bids = Bids, in order
games-vitou_bid = Bid
games-vitou_points = Points scored (optional, checked)
games-vitou_hint = Round played: tap the winning side. Refusal: the refusing player, then “Record”; ties and on 20: “Record”.
games-vitou_team_hint = Tap the team that won the round:
games-vitou_other = Another outcome: refusal, tie, on 20

## the score sheets

games-sheet_rows = Points per deal
games-col_deal = Deal
games-col_round = Round
games-col_totals = Total
games-col_detail = Notes
games-game = Game
games-first_to = first to

## reading an outcome form

games-not_a_number = Not a whole number: { $text }
games-unknown_card = Unknown card: { $text }
games-need_team = Choose the team.
games-need_seat = Choose the player.
games-trionfetti_own_page = Trionfetti is scored on its own referee page.
games-bad_correction = Invalid correction.
games-need_reason = Give the reason for the correction.
games-unknown_outcome = Unknown outcome.
games-json_missing = Write the entry as JSON.
games-madrasso_need_points = Give the points (0-130).
games-tressette_need_declarer = Choose who made the declaration.
games-tressette_need_suit = Choose the suit of the declaration.
games-tressette_unknown_declaration = Unknown declaration.
games-tressette_need_points = Give the card points (0-11).
games-tressette_need_sweep = Choose the kind of sweep.
games-trijumf_unknown_cut = Unknown cut.
games-trijumf_need_declarer = Choose who declared king and horse.
games-trijumf_need_points = Give the card points of both sides.
games-vitou_need_bidder = Choose who bid.
games-vitou_unknown_bid = Unknown bid.
games-tressette_need_rank = Choose the card of the declaration (aces, twos or threes).
games-row_incomplete = { $row } { $number }: “{ $missing }” is missing. Complete the row or clear it.
games-field_unused = The field “{ $field }” does not apply to what you chose: clear it, or choose the outcome it belongs to.
games-team_unused = The outcome chosen takes no team: use “Record”, or choose the right outcome.
games-field_points = Points
games-field_points_a = Card points A
games-field_points_b = Card points B
games-replace_need_target = You wrote the reason for a correction: choose the entry it replaces too, or clear the reason.

## the log's lines and the score sheets' details

games-log_void = voids #{ $target }: { $reason }
games-log_replace = replaces #{ $target } ({ $reason }): { $entry }
games-log_card_by_card = card by card · { $tricks ->
        [one] { $tricks } trick
       *[other] { $tricks } tricks
    }
games-team_word = team { $team }
# A team whose players' names are known: "team A (Bepi · Nane)".
games-team_named = team { $team } ({ $names })
games-seat_word = seat { $seat }
games-n_points = { $count ->
        [one] { $count } point
       *[other] { $count } points
    }
games-n_games = { $count ->
        [one] { $count } game
       *[other] { $count } games
    }
games-n_games_won = { $count ->
        [one] { $count } game won
       *[other] { $count } games won
    }
games-n_players = { $count ->
        [one] { $count } player
       *[other] { $count } players
    }
games-n_accusi = { $count ->
        [one] { $count } declaration
       *[other] { $count } declarations
    }
games-n_declared = { $count ->
        [one] { $count } declaration
       *[other] { $count } declarations
    }
games-at_least_deals = at least { $count ->
        [one] { $count } deal
       *[other] { $count } deals
    }
games-declared_out_by = declared out by { $who }
games-declared_by = declared by { $who } ({ $correct ->
        [yes] correct
       *[no] wrong
    })
games-claim_by = claim by { $who }
games-claim_judged = claim by { $who } ({ $correct ->
        [yes] correct
       *[no] wrong
    })
games-revoke_by = revoke by { $who }
games-trumps = trumps: { $trump }
games-no_trumps = no trumps
games-cards_pair = cards { $a }–{ $b }
games-tricks_pair = tricks { $a }–{ $b }
games-accusi_pair = declarations { $a }–{ $b }: { $list }
games-king_horse_pair = king-horse { $a }–{ $b }
games-decl_four = four of a kind
games-decl_three = three of a kind
games-cut_normal = normal cut
games-cut_knock = knock
games-cut_flip = flip
games-cut_unknown = cut ?
games-tied = three tied tricks
games-declined = the side on 20 declined
games-all_passed = all passed
games-log_refused = refused by { $who }
games-refused = refused by { $who }
games-won_by = won by { $team }
games-bid = bid { $bid }
games-team_on_twenty = team { $team } on 20
games-team_declined = team { $team } declined
games-penalty_award_fact = cassone: 130 to the opponents
games-penalty_subtract_fact = cassone: −130 to the offenders
games-must_trump_fact = must trump
# The games' own terms: a language may keep them or say its own.
games-log_cappotto = cappotto · { $team }
games-cappotto_team = cappotto { $team }
games-cassone_by = cassone · { $who }
games-sweep_cappotto = cappotto
games-sweep_stramazzo = stramazzo
games-sweep_cappottone = cappottone
games-sweep_stramazzone = stramazzone
games-sweep_team = { $sweep } { $team } · { $games }
games-decl_napoletana = napoletana

## the facts beside a score sheet

games-fact_deal = Deal
games-fact_round = Round
games-fact_number = { $number } · game { $game }
games-fact_can_declare = Declaring out allowed
games-fact_rules = Rules
games-fact_played_to = Played to
games-fact_cuts = Cuts
games-fact_stage = Stage
games-fact_bidding = Bidding open
games-stage_normal = normal
games-stage_on_twenty = team { $team } on 20: no bidding
games-stage_both_twenty = 20–20: the next round decides

## Who deals first, on the referee page.
first_dealer-title = Who deals first?
first_dealer-draw_summary = Or record the draw: one card each
first_dealer-rule_highest = Whoever draws the highest card in the game's order deals; the tied draw again.
first_dealer-rule_lowest = Whoever draws the lowest card in the game's order deals; the tied draw again.
first_dealer-draw_again_summary = The draw: the tied draw again
first_dealer-by_name = Or choose the dealer by name
first_dealer-save_draw = Record the draw
first_dealer-casual_summary = Who deals first (optional)
first_dealer-choose = Choose who deals first.
first_dealer-french_suit = { $suit ->
        [spade] spades
        [bastoni] clubs
        [coppe] hearts
       *[denari] diamonds
    }
first_dealer-log = First dealer: { $who }
first_dealer-log_draw = drawn in { $rounds ->
        [one] one round
       *[other] { $rounds } rounds
    }
first_dealer-log_unknown = First dealer
