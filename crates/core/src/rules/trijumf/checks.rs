//! What a deal recorded card by card must agree with: declarations the hands allowed,
//! tricks of a legal play, and the revokes they hide.

use super::*;

impl Trijumf {
    /// Checks the declarations without the cards; returns their points per side.
    pub(super) fn check_declarations(&self, entry: &DealEntry) -> Result<[u32; 2], RuleError> {
        let deal = self.deal;
        let four = self.progress.options.players == 4;
        let mut points = [0, 0];
        let mut suits = [false; 4];
        let mut per_seat = [0u8; 4];
        for (index, declaration) in entry.declarations.iter().enumerate() {
            let seat = declaration.seat;
            let suit = declaration.suit;
            self.check_seat(seat)?;
            if std::mem::replace(&mut suits[suit.index()], true) {
                return Err(RuleError::SuitDeclaredTwice { deal, suit });
            }
            per_seat[seat.index()] += 1;
            if !four && per_seat[seat.index()] > 1 {
                return Err(RuleError::SecondDeclaration { deal, seat });
            }
            if let Some(card) = entry.trump_card
                && card.suit == suit
                && (card.rank == KING || card.rank == HORSE)
            {
                // With two players the trump card lies under the stock; with four the
                // dealer's left holds it.
                let holder = (four && entry.cut != Cut::Knock).then(|| self.leader());
                if holder != Some(seat) {
                    return Err(RuleError::DeclaredTrumpCard {
                        deal,
                        seat,
                        card,
                        holder,
                    });
                }
            }
            let trump = match entry.trump_card {
                Some(card) => card.suit == suit,
                None => index == 0,
            };
            let value = if trump { 40 } else { 20 };
            check_noted(declaration.points, &value, |recorded| {
                RuleError::DeclarationPoints {
                    deal,
                    seat,
                    suit,
                    recorded,
                    expected: value,
                }
            })?;
            points[seat.team().index()] += value;
        }
        Ok(points)
    }

    /// Checks a card-by-card deal; returns the card points it gives.
    pub(super) fn check_tricks(
        &self,
        entry: &DealEntry,
        tricks: &[Trick],
        trump: Option<Suit>,
    ) -> Result<Counted, RuleError> {
        let deal = self.deal;
        let players = self.progress.options.players;
        let n = players as usize;
        let four = n == 4;
        let total_tricks = self.progress.options.tricks_per_deal();
        let knock_without_trump = four && entry.cut == Cut::Knock;
        let trump_at = |trick: u8| {
            if knock_without_trump && trick == 1 {
                None
            } else {
                trump
            }
        };
        if tricks.len() > total_tricks {
            return Err(RuleError::TooManyTricks {
                deal,
                found: tricks.len(),
                most: total_tricks,
            });
        }
        // The stock (two players only).
        let draws: Option<Vec<Card>> = match (&entry.stock, four) {
            (Some(_), true) => return Err(RuleError::StockWithFourPlayers { deal }),
            (Some(stock), false) => {
                let expected = 40 - 2 * 10 - 1;
                if stock.len() != expected {
                    return Err(RuleError::StockSize {
                        deal,
                        found: stock.len(),
                        expected,
                    });
                }
                let mut seen = CardSet::EMPTY;
                for &card in stock {
                    if !Deck::Italian40.contains(card) {
                        return Err(RuleError::CardNotInDeck {
                            deal,
                            trick: None,
                            card,
                        });
                    }
                    if Some(card) == entry.trump_card || !seen.insert(card) {
                        return Err(RuleError::StockCardTwice { deal, card });
                    }
                }
                let mut draws = stock.clone();
                draws.extend(entry.trump_card);
                Some(draws)
            }
            (None, _) => None,
        };
        let revoke_trick = match entry.revoke {
            Some(revoke) => {
                let trick = revoke.trick.ok_or(RuleError::RevokeTrickMissing { deal })?;
                if trick as usize != tricks.len() || trick == 0 {
                    return Err(RuleError::RevokeNotLast {
                        deal,
                        trick,
                        recorded: tricks.len(),
                    });
                }
                Some(trick)
            }
            None => None,
        };
        if revoke_trick.is_none() && entry.claim.is_none() && tricks.len() != total_tricks {
            return Err(RuleError::WrongTrickCount {
                deal,
                found: tricks.len(),
                expected: total_tricks,
            });
        }

        // First pass: the cards, who played them, leaders, winners, points.
        let mut play = Play {
            at: [None; 52],
            by_seat: Default::default(),
            arrival: [if four { Some(0) } else { None }; 52],
        };
        // Who draws what after each trick (two players): (seat, trick) per card index.
        let mut drawn: [Option<(Seat, u8)>; 52] = [None; 52];
        let mut won_points = [0u32; 2];
        let mut leader = self.leader();
        let mut because = LeadReason::DealersLeft {
            dealer: self.progress.dealer,
        };
        for (index, trick) in tricks.iter().enumerate() {
            let number = index as u8 + 1;
            let last_recorded = index + 1 == tricks.len();
            if trick.leader != leader {
                return Err(RuleError::Table(TableError::WrongLeader {
                    place: DealNumber { deal },
                    trick: number,
                    found: trick.leader,
                    expected: leader,
                    because,
                }));
            }
            let partial_allowed = last_recorded && revoke_trick.is_some();
            if trick.cards.len() > n
                || (trick.cards.len() < n && !partial_allowed)
                || trick.cards.is_empty()
            {
                return Err(RuleError::Table(TableError::WrongTrickSize {
                    place: DealNumber { deal },
                    trick: number,
                    found: trick.cards.len(),
                    expected: n,
                }));
            }
            for (position, &card) in trick.cards.iter().enumerate() {
                let seat = seat_after(leader, position, players);
                if !Deck::Italian40.contains(card) {
                    return Err(RuleError::CardNotInDeck {
                        deal,
                        trick: Some(number),
                        card,
                    });
                }
                if let Some((first_trick, first_seat)) = play.at[card.index()] {
                    return Err(RuleError::Table(TableError::CardAlreadyPlayed {
                        place: DealNumber { deal },
                        trick: number,
                        seat,
                        card,
                        first_trick,
                        first_seat,
                    }));
                }
                if let Some(trump_card) = entry.trump_card
                    && card == trump_card
                    && four
                    && seat != self.leader()
                {
                    return Err(RuleError::TrumpCardPlayedByOther {
                        deal,
                        trick: number,
                        seat,
                        card,
                        holder: self.leader(),
                    });
                }
                if !four {
                    // A card from the stock (or the trump card) must have been drawn by
                    // this seat in an earlier trick.
                    let from_stock = match &draws {
                        Some(draws) => draws.contains(&card),
                        None => Some(card) == entry.trump_card,
                    };
                    if from_stock {
                        match drawn[card.index()] {
                            Some((by, after)) if by == seat => {
                                play.arrival[card.index()] = Some(after);
                            }
                            Some((by, after)) => {
                                return Err(RuleError::CardDrawnByOther {
                                    deal,
                                    trick: number,
                                    seat,
                                    card,
                                    drawn_by: by,
                                    drawn_after: after,
                                });
                            }
                            None => {
                                return Err(RuleError::CardNotYetDrawn {
                                    deal,
                                    trick: number,
                                    seat,
                                    card,
                                });
                            }
                        }
                    } else if draws.is_some() {
                        play.arrival[card.index()] = Some(0);
                    } else {
                        // Without the stock a card may have been drawn up to the end of
                        // the drawing: only the tricks after that are certain.
                        play.arrival[card.index()] = Some((total_tricks / 2) as u8);
                    }
                }
                play.at[card.index()] = Some((number, seat));
                play.by_seat[seat.index()].push((number, card));
            }
            if trick.cards.len() < n {
                break;
            }
            let position =
                winning_position(&trick.cards, trump_at(number)).expect("a full trick has cards");
            let winner = seat_after(leader, position, players);
            let team = winner.team().index();
            won_points[team] += trick
                .cards
                .iter()
                .map(|&card| card_points(card))
                .sum::<u32>();
            if number as usize == total_tricks {
                won_points[team] =
                    won_points[team].saturating_add(self.progress.options.last_trick_points);
            }
            // Two players draw after each of the first ten tricks: winner, then loser.
            if !four && (number as usize) <= total_tricks / 2 {
                let loser = seat_after(winner, 1, players);
                let first = 2 * (number as usize - 1);
                match &draws {
                    Some(draws) => {
                        drawn[draws[first].index()] = Some((winner, number));
                        drawn[draws[first + 1].index()] = Some((loser, number));
                    }
                    None => {
                        if number as usize == total_tricks / 2
                            && let Some(card) = entry.trump_card
                        {
                            drawn[card.index()] = Some((loser, number));
                        }
                    }
                }
            }
            because = LeadReason::WonPrevious {
                trick: number,
                seat: winner,
                card: trick.cards[position],
            };
            leader = winner;
        }

        // Second pass: following suit and trumping, with what each seat is known to hold.
        let held_proof = entry.revoke.and_then(|revoke| revoke.held);
        for (index, trick) in tricks.iter().enumerate() {
            let number = index as u8 + 1;
            let led = trick.cards[0].suit;
            let trump = trump_at(number);
            for (position, &card) in trick.cards.iter().enumerate().skip(1) {
                let seat = seat_after(trick.leader, position, players);
                if let Some(held) = self.find_revoke(&play, seat, card, number, led, trump) {
                    let announced = revoke_trick == Some(number)
                        && position + 1 == trick.cards.len()
                        && entry.revoke.is_some_and(|revoke| revoke.seat == seat);
                    if !announced {
                        return Err(RuleError::Revoke {
                            deal,
                            trick: number,
                            seat,
                            card,
                            held,
                            held_trick: play.at[held.index()].map_or(0, |(trick, _)| trick),
                            led,
                            trump,
                        });
                    }
                }
            }
        }
        if let (Some(revoke), Some(number)) = (entry.revoke, revoke_trick) {
            let trick = &tricks[number as usize - 1];
            let position = trick.cards.len() - 1;
            let actual = seat_after(trick.leader, position, players);
            if actual != revoke.seat {
                return Err(RuleError::RevokeWrongSeat {
                    deal,
                    trick: number,
                    recorded: revoke.seat,
                    actual,
                });
            }
            let card = trick.cards[position];
            let led = trick.cards[0].suit;
            let trump = trump_at(number);
            if let Some(held) = held_proof
                && let Some((trick, seat)) = play.at[held.index()]
            {
                return Err(RuleError::RevokeHeldCardPlayed {
                    deal,
                    held,
                    trick,
                    seat,
                });
            }
            let breaks = position > 0
                && card.suit != led
                && held_proof.is_none_or(|held| {
                    held.suit == led || (Some(held.suit) == trump && Some(card.suit) != trump)
                });
            if !breaks {
                return Err(RuleError::RevokeNotShown {
                    deal,
                    trick: number,
                    seat: revoke.seat,
                    card,
                    held: held_proof,
                    led,
                    trump,
                });
            }
        }

        // Declarations against the cards.
        let complete = revoke_trick.is_none() && tricks.len() == total_tricks;
        let mut last_turn = 0;
        for declaration in &entry.declarations {
            let seat = declaration.seat;
            if let Some(first) = tricks.first() {
                let turn = (seat.index() + n - first.leader.index()) % n;
                if turn >= first.cards.len() {
                    return Err(RuleError::DeclarationAfterPlayEnded { deal, seat });
                }
                if turn < last_turn {
                    return Err(RuleError::DeclarationOrder { deal, seat });
                }
                last_turn = turn;
            }
            for rank in [KING, HORSE] {
                let card = Card::new(rank, declaration.suit);
                match play.at[card.index()] {
                    Some((trick, by)) if by != seat => {
                        return Err(RuleError::DeclaredCardPlayedByOther {
                            deal,
                            seat,
                            card,
                            by,
                            trick,
                        });
                    }
                    Some(_) => {
                        if play.arrival[card.index()].is_some_and(|arrival| arrival > 0)
                            && draws.is_some()
                        {
                            return Err(RuleError::DeclaredCardDrawn { deal, seat, card });
                        }
                    }
                    None => {
                        if complete && Some(card) != entry.trump_card {
                            return Err(RuleError::DeclaredCardNotPlayed { deal, seat, card });
                        }
                    }
                }
            }
        }
        Ok(Counted {
            card_points: won_points,
        })
    }

    /// A card `seat` is known to have held that makes playing `card` to trick `trick`
    /// a breach: one of the suit led, or a trump when it neither followed nor trumped.
    pub(super) fn find_revoke(
        &self,
        play: &Play,
        seat: Seat,
        card: Card,
        trick: u8,
        led: Suit,
        trump: Option<Suit>,
    ) -> Option<Card> {
        if card.suit == led {
            return None;
        }
        let later = play.by_seat[seat.index()]
            .iter()
            .map(|&(_, held)| held)
            .filter(|&held| play.held_at(seat, held, trick));
        let mut trump_held = None;
        for held in later {
            if held.suit == led {
                return Some(held);
            }
            if Some(held.suit) == trump && Some(card.suit) != trump && trump_held.is_none() {
                trump_held = Some(held);
            }
        }
        trump_held
    }
}
