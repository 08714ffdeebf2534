//! What a recorded deal must agree with before it is scored: by outcome, points some
//! deal can give; card by card, the cards of a legal play, from which the points are
//! worked out.

use super::*;

impl Madrasso {
    pub(super) fn outcome_only(
        &self,
        deal: Deal,
        entry: &DealEntry,
    ) -> Result<CardOutcome, RuleError> {
        if entry.exchange.is_some() {
            return Err(RuleError::ExchangeWithoutCards { deal });
        }
        if let Some(cassone) = entry.cassone {
            return Ok(CardOutcome {
                points: [0, 0],
                tricks: [0, 0],
                end: CardEnd::Cassone(cassone.seat),
            });
        }
        if let Some(team) = entry.cappotto {
            let mut points = [0, 0];
            points[team.index()] = DEAL_POINTS;
            let mut tricks = [0, 0];
            tricks[team.index()] = TRICKS as u8;
            return Ok(CardOutcome {
                points,
                tricks,
                end: CardEnd::Cappotto(team),
            });
        }
        if let Some(seat) = entry.declared {
            let team = seat.team();
            check_noted(entry.team, &team, |recorded| {
                RuleError::DeclarerTeamMismatch {
                    deal,
                    seat,
                    recorded,
                }
            })?;
            let recorded = entry
                .points
                .ok_or(RuleError::DeclarationPointsMissing { deal, seat })?;
            let mut points = [0, 0];
            points[team.index()] = recorded;
            return Ok(CardOutcome {
                points,
                tricks: [0, 0],
                end: CardEnd::Declared(seat),
            });
        }
        let (team, recorded) = match (entry.team, entry.points) {
            (Some(team), Some(points)) => (team, points),
            _ => return Err(RuleError::PointsMissing { deal }),
        };
        let mut points = [DEAL_POINTS - recorded; 2];
        points[team.index()] = recorded;
        Ok(CardOutcome {
            points,
            tricks: [0, 0],
            end: CardEnd::Played,
        })
    }

    /// Checks a card-by-card deal and says what it scores.
    pub(super) fn check_cards(
        &self,
        deal: Deal,
        entry: &DealEntry,
        tricks: &[Trick],
    ) -> Result<CardOutcome, RuleError> {
        let face_up = entry.face_up.ok_or(RuleError::FaceUpMissing { deal })?;
        if !Deck::Italian40.contains(face_up) {
            return Err(PlayError::NotInDeck {
                deal,
                trick: 0,
                card: face_up,
            }
            .into());
        }
        let trumps = face_up.suit;
        let seven = Card::new(Rank::new(7).expect("7 is a rank"), trumps);
        let dealer = self.progress.dealer;
        if let Some(seat) = entry.exchange {
            if seat == dealer {
                return Err(RuleError::ExchangeByDealer { deal, seat });
            }
            if face_up == seven {
                return Err(RuleError::ExchangeOfTheSeven { deal, seat });
            }
        }
        let stops_early = entry.cassone.is_some() || entry.declared.is_some();
        if tricks.len() > TRICKS || (!stops_early && tricks.len() != TRICKS) || tricks.is_empty() {
            return Err(RuleError::WrongTrickCount {
                deal,
                found: tricks.len(),
                stops_early,
            });
        }
        let cassone = match entry.cassone {
            Some(cassone) => {
                let trick = cassone
                    .trick
                    .ok_or(RuleError::CassoneTrickMissing { deal })?;
                if trick == 0 || trick as usize > tricks.len() {
                    return Err(RuleError::CassoneNotReached {
                        deal,
                        trick,
                        recorded: tricks.len(),
                    });
                }
                Some((cassone.seat, trick))
            }
            None => None,
        };

        // First what needs no order of play: four cards a trick, from the deck, once.
        // Play stops at the cassone, so the trick of a cassone recorded last may end at
        // the offender's card; a card recorded after it was never played.
        let stops_in_last = cassone.is_some_and(|(_, trick)| trick as usize == tricks.len());
        let played = PlayedCards::check_stopped(deal, tricks, 4, Deck::Italian40, stops_in_last)?;
        if let Some((seat, number)) = cassone
            && let Some(last) = tricks
                .last()
                .filter(|last| stops_in_last && last.cards.len() < 4)
        {
            match last.plays().position(|(played_by, _)| played_by == seat) {
                Some(position) if position + 1 < last.cards.len() => {
                    return Err(RuleError::PlayAfterCassone {
                        deal,
                        trick: number,
                        seat,
                        card: last.cards[position],
                        after: last.cards[position + 1],
                    });
                }
                Some(_) => {}
                // The offender's card is not recorded: nothing shows where play stopped.
                None => {
                    return Err(PlayError::WrongTrickSize {
                        deal,
                        trick: number,
                        found: last.cards.len(),
                    }
                    .into());
                }
            }
        }

        // What each seat is known to have held at the start: the cards it played, and
        // the face-up card, which is the dealer's until an exchange.
        let mut held = played.by_seat();
        match entry.exchange {
            None => {
                held[dealer.index()].insert(face_up);
            }
            Some(exchanger) => {
                held[exchanger.index()].remove(face_up);
                held[exchanger.index()].insert(seven);
                held[dealer.index()].remove(seven);
                held[dealer.index()].insert(face_up);
            }
        }

        // Then the order of play: leaders, the face-up card, winners.
        let mut leads = Leads::after_deal(dealer);
        let mut winners = Vec::with_capacity(tricks.len());
        for (index, trick) in tricks.iter().enumerate() {
            let number = index as u8 + 1;
            leads.check(deal, number, trick)?;
            for (seat, card) in trick.plays() {
                // The face-up card stays with the dealer unless exchanged; the 7 of
                // trumps given for it goes to the dealer. The dealer plays last in the
                // first trick, so the exchange always comes before the dealer's card.
                match entry.exchange {
                    None if card == face_up && seat != dealer => {
                        return Err(RuleError::FaceUpNotDealers {
                            deal,
                            trick: number,
                            seat,
                            card,
                            dealer,
                        });
                    }
                    Some(exchanger) if card == face_up && seat != exchanger => {
                        return Err(RuleError::FaceUpWasExchanged {
                            deal,
                            trick: number,
                            seat,
                            card,
                            exchanger,
                        });
                    }
                    Some(exchanger) if card == seven && seat != dealer => {
                        return Err(RuleError::SevenWasExchanged {
                            deal,
                            trick: number,
                            seat,
                            card,
                            exchanger,
                            dealer,
                        });
                    }
                    _ => {}
                }
            }
            // A trick cut short by the cassone has no winner.
            if trick.cards.len() < 4 {
                break;
            }
            let position = trick_winner(&trick.cards, trumps).expect("four cards");
            let winner = trick.seat_at(position);
            winners.push((winner, trick.cards[position]));
            leads.won(number, winner, trick.cards[position]);
        }

        // Then following suit, against what each seat is known to hold at its turn.
        for (index, trick) in tricks.iter().enumerate() {
            let number = index as u8 + 1;
            let led = trick.cards[0];
            for (seat, card) in trick.plays() {
                if number == 1 && entry.exchange == Some(seat) {
                    held[seat.index()].remove(seven);
                    held[seat.index()].insert(face_up);
                    held[dealer.index()].remove(face_up);
                    held[dealer.index()].insert(seven);
                }
                let hand = held[seat.index()];
                if cassone == Some((seat, number)) {
                    if card.suit == led.suit {
                        return Err(RuleError::CassoneFollowedSuit {
                            deal,
                            trick: number,
                            seat,
                            card,
                        });
                    }
                } else if card.suit != led.suit {
                    played.follows_suit(deal, number, (seat, card), led, hand)?;
                    if self.progress.options.must_trump
                        && card.suit != trumps
                        && let Some(proof) = hand.iter().find(|held| held.suit == trumps)
                    {
                        let proof = (proof, played.trick_of(proof));
                        let breach = Breach::new(number, (seat, card), led, proof);
                        return Err(RuleError::MustTrump { deal, breach });
                    }
                }
                held[seat.index()].remove(card);
            }
        }

        let mut points = [0u32; 2];
        let mut won = [0u8; 2];
        for (index, (trick, (winner, _))) in tricks.iter().zip(&winners).enumerate() {
            let team = winner.team().index();
            won[team] += 1;
            points[team] += trick_points(&trick.cards, index + 1 == TRICKS);
        }
        let end = if let Some((seat, _)) = cassone {
            CardEnd::Cassone(seat)
        } else if let Some(team) = Team::BOTH
            .into_iter()
            .find(|team| won[team.index()] as usize == TRICKS)
        {
            CardEnd::Cappotto(team)
        } else if let Some(seat) = entry.declared {
            let (last_winner, _) = *winners.last().expect("at least one trick");
            if seat != last_winner {
                let (winner, card) = *winners.last().expect("at least one trick");
                return Err(RuleError::DeclarerDidNotWinTrick {
                    deal,
                    seat,
                    trick: tricks.len() as u8,
                    winner,
                    card,
                });
            }
            CardEnd::Declared(seat)
        } else {
            CardEnd::Played
        };
        Ok(CardOutcome {
            points,
            tricks: won,
            end,
        })
    }
}
