//! What a recorded deal must agree with before it is scored: by outcome, points and
//! sweeps some deal can give; declarations that can all be true; card by card, the
//! cards of a legal play, from which points and sweeps are worked out.

use super::*;

impl Tressette {
    /// Checks a card-by-card deal and says what its cards score.
    pub(super) fn check_cards(
        &self,
        deal: Deal,
        entry: &DealEntry,
        tricks: &[Trick],
    ) -> Result<CardOutcome, RuleError> {
        let claimed = entry.claim.is_some();
        if tricks.len() > TRICKS || (!claimed && tricks.len() != TRICKS) {
            return Err(RuleError::WrongTrickCount {
                deal,
                found: tricks.len(),
                claimed,
            });
        }
        if tricks.is_empty() && !entry.declarations.is_empty() {
            return Err(RuleError::DeclarationsBeforeFirstTrick { deal });
        }

        // Four cards a trick, from the deck, each once.
        let played = PlayedCards::check(deal, tricks, 4, Deck::Italian40)?;

        // The order of play: leaders and winners.
        let mut leads = Leads::after_deal(self.progress.dealer);
        let mut winners = Vec::with_capacity(tricks.len());
        for (index, trick) in tricks.iter().enumerate() {
            let number = index as u8 + 1;
            leads.check(deal, number, trick)?;
            let position = trick_winner(&trick.cards).expect("four cards");
            let winner = trick.seat_at(position);
            winners.push(winner);
            leads.won(number, winner, trick.cards[position]);
        }

        // Declarations against the hands actually dealt: what each seat is known to
        // have held is what it played and what it declared.
        let mut held = played.by_seat();
        for declaration in &entry.declarations {
            let seat = declaration.seat();
            for card in declaration.cards().iter() {
                if let Some(by) = played.seat_of(card)
                    && by != seat
                {
                    return Err(RuleError::DeclaredCardPlayedByOther {
                        deal,
                        declaration: *declaration,
                        card,
                        by,
                        trick: played.trick_of(card),
                    });
                }
                held[seat.index()].insert(card);
            }
            if let Some(card) = declaration.missing()
                && played.seat_of(card) == Some(seat)
            {
                return Err(RuleError::MissingCardHeld {
                    deal,
                    declaration: *declaration,
                    card,
                    trick: played.trick_of(card),
                });
            }
        }

        // Following suit.
        for (index, trick) in tricks.iter().enumerate() {
            let number = index as u8 + 1;
            let led = trick.cards[0];
            for (seat, card) in trick.plays() {
                played.follows_suit(deal, number, (seat, card), led, held[seat.index()])?;
                held[seat.index()].remove(card);
            }
        }

        // Points, in thirds.
        let mut thirds = [0u32; 2];
        let mut seat_thirds = [0u32; 4];
        let mut seat_tricks = [0u8; 4];
        for (trick, winner) in tricks.iter().zip(&winners) {
            let value: u32 = trick.cards.iter().map(|card| card_thirds(*card)).sum();
            thirds[winner.team().index()] += value;
            seat_thirds[winner.index()] += value;
            seat_tricks[winner.index()] += 1;
        }
        if tricks.len() == TRICKS {
            let last = winners[TRICKS - 1];
            thirds[last.team().index()] += 3;
        }
        let tricks_won = Team::BOTH.map(|team| {
            team.seats()
                .iter()
                .map(|seat| seat_tricks[seat.index()])
                .sum()
        });
        let sweep = if tricks.len() == TRICKS && !claimed {
            find_sweep(&seat_tricks, &seat_thirds)
        } else {
            None
        };
        Ok(CardOutcome {
            card_points: thirds.map(|thirds| thirds / 3),
            tricks: tricks_won,
            sweep,
        })
    }
}

/// A win of several games, from tricks and card thirds by seat over a whole deal.
pub(super) fn find_sweep(seat_tricks: &[u8; 4], seat_thirds: &[u32; 4]) -> Option<(Sweep, Team)> {
    for team in Team::BOTH {
        let opponents = team.other().seats();
        let opponent_tricks: u8 = opponents.iter().map(|seat| seat_tricks[seat.index()]).sum();
        let opponent_thirds: u32 = opponents.iter().map(|seat| seat_thirds[seat.index()]).sum();
        let alone = |seat: &Seat| CARD_THIRDS - seat_thirds[seat.index()] < 3;
        if opponent_tricks == 0 {
            let single = team
                .seats()
                .iter()
                .any(|seat| seat_tricks[seat.index()] as usize == TRICKS);
            let sweep = if single {
                Sweep::Cappottone
            } else {
                Sweep::Cappotto
            };
            return Some((sweep, team));
        }
        if opponent_thirds < 3 {
            let sweep = if team.seats().iter().any(alone) {
                Sweep::Stramazzone
            } else {
                Sweep::Stramazzo
            };
            return Some((sweep, team));
        }
    }
    None
}

/// What an outcome-only deal scores in the cards.
pub(super) fn outcome_only(deal: Deal, entry: &DealEntry) -> Result<CardOutcome, RuleError> {
    if let Some(sweep) = entry.sweep {
        let team = entry.team.ok_or(RuleError::SweepTeamMissing { deal })?;
        let mut card_points = [0, 0];
        card_points[team.index()] = DEAL_POINTS;
        return Ok(CardOutcome {
            card_points,
            tricks: [0, 0],
            sweep: Some((sweep, team)),
        });
    }
    if let Some(seat) = entry.claim {
        let recorded = entry
            .points
            .ok_or(RuleError::ClaimPointsMissing { deal, seat })?;
        let mut card_points = [0, 0];
        card_points[seat.team().index()] = recorded;
        return Ok(CardOutcome {
            card_points,
            tricks: [0, 0],
            sweep: None,
        });
    }
    let (team, recorded) = match (entry.team, entry.points) {
        (Some(team), Some(points)) => (team, points),
        _ => return Err(RuleError::PointsMissing { deal }),
    };
    // 11 to 0 leaves a team without the last trick and under one card point: a sweep.
    if recorded == DEAL_POINTS || recorded == 0 {
        let team = if recorded == 0 { team.other() } else { team };
        return Err(RuleError::ElevenWithoutSweep { deal, team });
    }
    let mut card_points = [DEAL_POINTS - recorded; 2];
    card_points[team.index()] = recorded;
    Ok(CardOutcome {
        card_points,
        tricks: [0, 0],
        sweep: None,
    })
}

/// Checks that the declarations of a deal can all be true together, and gives each
/// team's declaration points.
pub(super) fn check_declarations(
    deal: Deal,
    declarations: &[Declaration],
) -> Result<[u32; 2], RuleError> {
    let mut required = [CardSet::EMPTY; 4];
    let mut owner = [None::<Seat>; 52];
    let mut points = [0u32; 2];
    for (index, declaration) in declarations.iter().enumerate() {
        let seat = declaration.seat();
        for earlier in &declarations[..index] {
            if earlier.seat() != seat {
                continue;
            }
            if earlier == declaration {
                return Err(RuleError::DeclarationRepeated {
                    deal,
                    declaration: *declaration,
                });
            }
            if earlier.honour().is_some() && earlier.honour() == declaration.honour() {
                return Err(RuleError::DeclarationsOverlap {
                    deal,
                    first: *earlier,
                    second: *declaration,
                });
            }
        }
        for card in declaration.cards().iter() {
            if let Some(other) = owner[card.index()]
                && other != seat
            {
                return Err(RuleError::CardDeclaredTwice {
                    deal,
                    card,
                    first: other,
                    second: seat,
                });
            }
            owner[card.index()] = Some(seat);
            required[seat.index()].insert(card);
        }
        points[seat.team().index()] += declaration.points();
    }
    for declaration in declarations {
        let seat = declaration.seat();
        if let Some(card) = declaration.missing()
            && required[seat.index()].contains(card)
        {
            return Err(RuleError::DeclarationsContradict {
                deal,
                declaration: *declaration,
                card,
            });
        }
        if required[seat.index()].len() > TRICKS {
            return Err(RuleError::TooManyDeclaredCards {
                deal,
                seat,
                cards: required[seat.index()].len(),
            });
        }
    }
    Ok(points)
}
