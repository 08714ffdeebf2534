//! What a hand recorded card by card must agree with: tricks of a legal play under the
//! smazzata's ranking.

use super::*;

impl Trionfetti {
    /// Checks a card-by-card hand against the smazzata; returns who decided it (None
    /// when it ended by a concession) and the smazzata's cards after it.
    pub(super) fn check_tricks(
        &self,
        deal: Deal,
        tricks: &[Trick],
        vagaresto: Option<&Vagaresto>,
    ) -> Result<(Option<Decision>, Played), RuleError> {
        let level = self
            .cards
            .as_ref()
            .ok_or(RuleError::CardsWithoutSetup { deal })?;
        if tricks.len() > 3 {
            return Err(RuleError::TooManyTricks {
                deal,
                found: tricks.len(),
            });
        }
        let call = match vagaresto {
            Some(vagaresto) => Some((
                vagaresto
                    .trick
                    .ok_or(RuleError::VagarestoTrickMissing { deal })?,
                vagaresto,
            )),
            None => None,
        };
        let concession = call.filter(|(_, vagaresto)| vagaresto.answer == Answer::Conceded);
        if tricks.is_empty() && concession.is_none() {
            return Err(RuleError::NoTricks { deal });
        }
        if let Some((at, _)) = concession
            && tricks.len() > at as usize
        {
            return Err(RuleError::PlayedAfterConcession {
                deal,
                trick: at + 1,
            });
        }
        let mut cards = level.played;
        let mut won = [0u8; 2];
        let mut decision: Option<Decision> = None;
        let mut leads = Leads::after_deal(self.progress.dealer);
        for (index, trick) in tricks.iter().enumerate() {
            let number = index as u8 + 1;
            leads.check(deal, number, trick)?;
            let conceded_here = concession.is_some_and(|(at, _)| at == number);
            if let Some((at, vagaresto)) = concession
                && conceded_here
            {
                if let Some(decided) = &decision {
                    return Err(RuleError::VagarestoAfterDecided {
                        deal,
                        trick: at,
                        decided: decided.trick,
                    });
                }
                let played = trick.cards.len();
                let expected = trick.leader.after(played);
                if played > 3 || vagaresto.caller != expected {
                    return Err(RuleError::VagarestoOutOfTurn {
                        deal,
                        trick: number,
                        caller: vagaresto.caller,
                        expected,
                        played,
                    });
                }
            }
            if !conceded_here && trick.cards.len() != 4 {
                return Err(PlayError::WrongTrickSize {
                    deal,
                    trick: number,
                    found: trick.cards.len(),
                }
                .into());
            }
            for (seat, card) in trick.plays() {
                if card == level.cut {
                    return Err(RuleError::CutCardPlayed {
                        deal,
                        trick: number,
                        seat,
                        card,
                    });
                }
                if !cards.seen.insert(card) {
                    let at = cards.at[card.index()];
                    return Err(RuleError::CardAlreadyPlayed {
                        deal,
                        trick: number,
                        seat,
                        card,
                        first_hand: at / 4,
                        first_trick: at % 4,
                    });
                }
                cards.at[card.index()] = deal.hand * 4 + number;
            }
            if conceded_here {
                break;
            }
            let position =
                winning_position(&trick.cards, &level.ranking).expect("a full trick has a winner");
            let seat = trick.seat_at(position);
            let card = trick.cards[position];
            let team = seat.team();
            won[team.index()] += 1;
            if decision.is_none() && won[team.index()] == 2 {
                decision = Some(Decision {
                    team,
                    trick: number,
                    seat,
                    card,
                });
            }
            leads.won(number, seat, card);
        }
        match call {
            Some((at, vagaresto)) if vagaresto.answer == Answer::Conceded => {
                let recorded = tricks.len();
                if recorded < at as usize - 1 {
                    return Err(RuleError::VagarestoNotReached {
                        deal,
                        trick: at,
                        recorded,
                    });
                }
                if recorded == at as usize - 1 {
                    // Called before the first card of a trick left out of the record.
                    if let Some(decided) = &decision {
                        return Err(RuleError::VagarestoAfterDecided {
                            deal,
                            trick: at,
                            decided: decided.trick,
                        });
                    }
                    if vagaresto.caller != leads.leader() {
                        return Err(RuleError::VagarestoOutOfTurn {
                            deal,
                            trick: at,
                            caller: vagaresto.caller,
                            expected: leads.leader(),
                            played: 0,
                        });
                    }
                }
                Ok((None, cards))
            }
            _ => {
                let decision = decision.ok_or(RuleError::HandUndecided {
                    deal,
                    tricks: tricks.len(),
                    won,
                })?;
                if let Some((at, _)) = call
                    && at > decision.trick
                {
                    return Err(RuleError::VagarestoAfterDecided {
                        deal,
                        trick: at,
                        decided: decision.trick,
                    });
                }
                Ok((Some(decision), cards))
            }
        }
    }
}
