### The words every game's rule errors share: seats, cards, and the refusals of card
### play common to the trick games.

# { $number } counts seats from 1, as people do ({ $seat }, from 0, names the player).
rules-seat = seat { $number }
rules-suit = { $suit ->
        [spade] swords
        [bastoni] batons
        [coppe] cups
       *[denari] coins
    }
# A card of the Italian deck: its rank (1 to 13) and suit, without the article.
rules-card_name = { $rank ->
        [1] ace
        [11] jack
        [12] horse
        [13] king
       *[other] { $rank }
    } of { $suit ->
        [spade] swords
        [bastoni] batons
        [coppe] cups
       *[denari] coins
    }
# The same card with its article: "the ace of swords".
rules-card = { $rank ->
       *[other] the { $name }
    }

rules-wrong_trick_size = { $deal }: in trick { $trick } every seat plays one card (4 cards), found { $found }.
rules-wrong_leader = { $deal }: { $found } led trick { $trick }, but { $why }.
rules-lead_dealers_right = the first trick is led by { $expected }, on the right of the dealer ({ $dealer })
rules-lead_dealers_left = the first trick is led by { $expected }, on the left of the dealer ({ $dealer })
rules-lead_won_previous = trick { $trick } was won by { $seat } with { $card }
rules-card_played_twice = { $deal }: { $seat } played { $card } in trick { $trick }, but it was already played in trick { $first_trick }.
rules-not_in_deck = { $deal }: { $card } { $trick ->
        [0] as the face-up card
       *[other] in trick { $trick }
    } is not in the 40-card deck (no 8s, 9s or 10s).
# Where the card that proves a revoke was: still in hand (0) or played in a later trick
# (every game's proof but Tressette's, where a declaration proves it too).
rules-held = { $played ->
        [0] { $card } was still in that hand
       *[other] it held { $card }, played later in trick { $played }
    }
# A revoke in the words of a game that has none of its own.
rules-revoke = { $deal }: in trick { $trick } { $seat } played { $card } to { $led } without following suit, but { $proof }.

# The refusals of the games played by 2 or 4 (Trijumf, Vitou); { $deal } is the game's
# place, a deal or a round.
rules-seat_not_in_game = { $deal }: with { $players } players { $seat } does not exist (seats 1 to { $players }).
rules-wrong_trick_size_players = { $deal }: in trick { $trick } every player plays one card ({ $expected } cards), found { $found }.
rules-card_already_played = { $deal }: { $seat } played { $card } in trick { $trick }, but { $first_seat } already played it in trick { $first_trick }.
# A hand (Trionfetti) or a round (Vitou) recorded card by card without a trick.
rules-no_tricks = { $deal }: no tricks recorded.

## corrections and the other refusals of a match's log

replay-correction_kind = { $kind ->
        [void] a void
        [replace] a replacement
       *[other] { $kind }
    }
replay-target_out_of_range = the correction targets entry { $target }, which is not an earlier entry
replay-target_is_correction = the correction targets entry { $target }, which is itself a correction ({ $kind }); correct the original entry instead
replay-target_is_correction_hand = the correction targets entry { $target }, which is itself a correction ({ $kind }); correct the original hand or smazzata instead
replay-already_void = entry { $target } is already void
replay-comanda_unreadable = cannot read the comanda { $comanda }: { $error }
replay-no_ranking = a smazzata entry needs a comanda or an explicit ranking
