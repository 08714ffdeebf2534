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
games-two_players_hint = With two players only seats 0 and 1 play.
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
games-madrasso_points = The team's points (0-130; the other has the rest)
games-madrasso_hint = Team and points for a deal played; the team for a cappotto; the player for a cassone; the player and the team's points in the deal for a declaration.

## Tressette

games-tressette_played = Deal played: one team's card points
games-tressette_claim = The player claimed the game
games-tressette_sweep = A sweep (cappotto and the like)
games-tressette_points = Card points (0-11, declarations apart)
games-tressette_sweep_kind = Kind of sweep
games-tressette_declarations = Declarations
games-declaration = Declaration
games-tressette_four = four of a kind (4 points)
games-tressette_three = three of a kind (3 points)
games-rank = Rank
games-aces = aces
games-suit_hint = Suit (napoletana) or missing suit (three)
games-tressette_hint = Team and card points for a deal played; the player and the team's points for a claim; team and kind for a sweep.

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

## Vitou

games-vitou_won = Round won by a side
games-vitou_refused = The player refused the last raise
games-vitou_tied = Three tied tricks
games-vitou_declined = The side on 20 declined
games-vitou_all_passed = At 20-20 everybody passed
games-vitou_bids = Bids, in order
games-vitou_bid = Bid
games-vitou_points = Points scored (optional, checked)
games-vitou_hint = The winning side for a round played; the refusing player for a refusal.

## the score sheets

games-sheet_rows = Points per deal
games-col_deal = Deal
games-col_round = Round
games-col_totals = Total
games-col_detail = Notes
games-game = Game
games-first_to = first to
