### The card picker of a hand entered card by card (referee page, Trionfetti).

picker-hint = Tap the cards in the order they are played. Each suit goes from lowest to highest by the comanda; cards already played cannot be tapped.
picker-turn = { $player } to play
picker-trick_won = Trick won by { $player }
picker-hand_to = Hand to team { $team } ({ $names })
picker-done = All the cards of the hand are in.
picker-back = Take back the last card
