//! What a round recorded card by card must agree with: tricks of a legal play from the
//! French deck.

use super::*;

impl Vitou {
    /// Checks a card-by-card round with its bids and refusal; returns the winner
    /// (`None` when all three tricks were tied, or the refused raiser's side).
    pub(super) fn check_tricks(
        &self,
        entry: &RoundEntry,
        tricks: &[Trick],
    ) -> Result<Option<Team>, RuleError> {
        let round = self.round;
        let players = self.progress.options.players;
        let n = players as usize;
        if tricks.is_empty() {
            return Err(RuleError::NoTricks { round });
        }
        if tricks.len() > 3 {
            return Err(RuleError::TooManyTricks {
                round,
                found: tricks.len(),
            });
        }
        let refusal_trick = match entry.refusal {
            Some(refusal) => {
                let trick = refusal.trick.ok_or(RuleError::CallTrickMissing {
                    round,
                    seat: refusal.seat,
                })?;
                if trick as usize != tricks.len() {
                    return Err(RuleError::PlayedAfterRefusal {
                        round,
                        trick,
                        recorded: tricks.len(),
                    });
                }
                Some(trick)
            }
            None => None,
        };
        let mut seen: [Option<(u8, Seat)>; 52] = [None; 52];
        let mut results: Vec<Option<Team>> = Vec::new();
        let mut leader = self.leader();
        let mut because = LeadReason::DealersLeft {
            dealer: self.progress.dealer,
        };
        let mut decided = None;
        for (index, trick) in tricks.iter().enumerate() {
            let number = index as u8 + 1;
            if let Some(decision) = decided {
                return Err(RuleError::TrickAfterDecided {
                    round,
                    trick: number,
                    winner: decision,
                });
            }
            if trick.leader != leader {
                return Err(RuleError::Table(TableError::WrongLeader {
                    place: RoundNumber { round },
                    trick: number,
                    found: trick.leader,
                    expected: leader,
                    because,
                }));
            }
            let refused_here = refusal_trick == Some(number);
            if trick.cards.len() > n || (trick.cards.len() < n && !refused_here) {
                return Err(RuleError::Table(TableError::WrongTrickSize {
                    place: RoundNumber { round },
                    trick: number,
                    found: trick.cards.len(),
                    expected: n,
                }));
            }
            for (position, &card) in trick.cards.iter().enumerate() {
                let seat = seat_after(leader, position, players);
                if !Deck::French32.contains(card) {
                    return Err(RuleError::CardNotInDeck {
                        round,
                        trick: number,
                        seat,
                        card,
                    });
                }
                if let Some((first_trick, first_seat)) = seen[card.index()] {
                    return Err(RuleError::Table(TableError::CardAlreadyPlayed {
                        place: RoundNumber { round },
                        trick: number,
                        seat,
                        card,
                        first_trick,
                        first_seat,
                    }));
                }
                seen[card.index()] = Some((number, seat));
            }
            if refused_here {
                break;
            }
            match trick_winner(&trick.cards) {
                Some(position) => {
                    let seat = seat_after(leader, position, players);
                    results.push(Some(seat.team()));
                    because = LeadReason::WonPrevious {
                        trick: number,
                        seat,
                        card: trick.cards[position],
                    };
                    leader = seat;
                }
                None => {
                    results.push(None);
                    because = LeadReason::Tied { trick: number };
                }
            }
            decided = round_decision(&results);
        }

        // Bids: at the bidder's turn, before its card, never by the last to play.
        let mut last_place: Option<(u8, usize)> = None;
        for call in &entry.bids {
            let trick = call.trick.ok_or(RuleError::CallTrickMissing {
                round,
                seat: call.seat,
            })?;
            let Some(recorded) = tricks.get((trick as usize).wrapping_sub(1)) else {
                return Err(RuleError::BidNotReached {
                    round,
                    seat: call.seat,
                    bid: call.bid,
                    trick,
                });
            };
            let position = (call.seat.index() + n - recorded.leader.index()) % n;
            if position == n - 1 {
                return Err(RuleError::BidByLast {
                    round,
                    seat: call.seat,
                    bid: call.bid,
                    trick,
                });
            }
            if position >= recorded.cards.len() {
                return Err(RuleError::BidNotReached {
                    round,
                    seat: call.seat,
                    bid: call.bid,
                    trick,
                });
            }
            if last_place.is_some_and(|last| last >= (trick, position)) {
                return Err(RuleError::BidsOutOfPlayOrder {
                    round,
                    seat: call.seat,
                    bid: call.bid,
                    trick,
                });
            }
            last_place = Some((trick, position));
        }
        if let (Some(refusal), Some(trick)) = (entry.refusal, refusal_trick) {
            let recorded = &tricks[trick as usize - 1];
            let position = recorded.cards.len();
            let raised_just_before = last_place == Some((trick, position.wrapping_sub(1)));
            if !raised_just_before || seat_after(recorded.leader, position, players) != refusal.seat
            {
                return Err(RuleError::RefusalNotAfterRaise {
                    round,
                    seat: refusal.seat,
                    trick,
                });
            }
            let last = entry.bids.last().expect("a refusal follows a bid");
            return Ok(Some(last.seat.team()));
        }
        match decided {
            Some(decision) => Ok(decision),
            None => Err(RuleError::RoundUndecided {
                round,
                results: results.clone(),
            }),
        }
    }
}
