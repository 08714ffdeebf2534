### What the comanda reader refuses, in a comanda or a club's nicknames.

comanda-empty = the comanda is empty
comanda-unknown_word = unknown word "{ $word }"
comanda-misplaced = "{ $word }" cannot stand here
comanda-rank_missing = "{ $word }" must be followed by a rank (asso … re, 1 … 13)
comanda-rank_expected = after "{ $after }" a rank is needed (asso … re, 1 … 13), not "{ $word }"
comanda-suit_missing = "{ $word }" must be followed by a suit (spade, bastoni, coppe, denari)
comanda-suit_expected = after "{ $after }" a suit is needed (spade, bastoni, coppe, denari), not "{ $word }"
comanda-direction_twice = "{ $word }" follows another direction word (più, manco, meno)
comanda-two_suits = "{ $word }" is a second suit in the same clause
comanda-suit_clash = "{ $word }" contradicts the suit of another word of the same clause
comanda-suit_without_cards = "{ $word }": which cards of this suit? (for example "{ $word } al tredici")
comanda-too_long = the comanda is too long
comanda-nickname_syntax = the line is not of the form "name = expansion"
comanda-nickname_name = "{ $word }" is not a valid name: one word of letters or digits
comanda-nickname_clash = "{ $word }" is already a word of the vocabulary
comanda-nickname_loop = the nickname "{ $word }" refers back to itself
comanda-nickname_duplicate = the nickname "{ $word }" is defined twice
comanda-nickname_empty = the nickname "{ $word }" has no expansion
# Where the fault stands, around the message of what it is.
comanda-at_word = { $text } (word { $word })
comanda-in_nickname = { $text }, in the expansion of "{ $nickname }"
comanda-at_line = { $text }, line { $line }

## an explicit ranking, and the two restrictions every ranking keeps

ranking-unequal_ranks = { $first } and { $second } have different ranks and cannot be equal (restriction 1: cards of different default ranks cannot share a level)
ranking-card_repeated = { $card } appears more than once (restriction 2: one linear list with each card exactly once)
ranking-card_missing = { $card } is missing (restriction 2: the list must cover all 52 cards)
# A refused explicit ranking, in the smazzata it was given for.
ranking-in_smazzata = Smazzata { $smazzata }, explicit ranking: { $error }
ranking-empty_level = a level of the ranking is empty
comanda-explicit_empty = the ranking is empty
comanda-explicit_unknown_word = "{ $word }" is not a card
comanda-explicit_suit_without_rank = the suit "{ $word }" follows no rank
comanda-explicit_suit_expected = "{ $word }" must be followed by a suit
comanda-explicit_at_level = level { $level }: { $text }
comanda-explicit_at_level_again = level { $level }: { $text } (already in level { $first })
