//! Rotating-partner nights in the organizer's words: each round's report (what repeats and
//! why it could not be avoided), and the cards printed for the room: one per physical
//! table (round by round, who sits where and who deals first) and one small guide card
//! per player (round by round, table, seat and partner), as bridge clubs print for
//! individual movements.

use std::collections::BTreeMap;

use super::i18n::Tr;
use crate::events::EventData;
use crate::lang::{Arg, Lang};
use crate::tournament::rotating::{Least, Meeting, Method, Reason, RoundReport, seat_order};
use crate::tournament::{EntrantId, Match, Slot, Stage};

/// The message `id` with its arguments (`{ $name }` in the Fluent files).
fn fill(tr: Tr, id: &str, values: &[(&str, String)]) -> String {
    let args: Vec<(&str, Arg)> = values
        .iter()
        // A count goes as a number, so that the words' plurals select on it.
        .map(|(name, value)| match value.parse::<i64>() {
            Ok(number) => (*name, Arg::from(number)),
            Err(_) => (*name, Arg::from(value.clone())),
        })
        .collect();
    tr.t_args(id, &args)
}

/// The lines of one round's report: how the plan was made (on its first round), what
/// repeats, and why that was unavoidable or what the least possible was.
pub fn report_lines(
    report: &RoundReport,
    lang: Lang,
    name: &dyn Fn(EntrantId) -> String,
) -> Vec<String> {
    let tr = Tr::new(lang);
    let head = fill(tr, "rotation-round", &[("round", report.round.to_string())]);
    let players = report.present.to_string();
    let mut lines = Vec::new();
    if report.starts_plan {
        let out = report.present % 4;
        let method = match report.method {
            Method::WhistDesign => fill(
                tr,
                "rotation-whist_design",
                &[
                    ("players", players.clone()),
                    ("length", (report.present - u32::from(out == 0)).to_string()),
                ],
            ),
            Method::PartOfWhistDesign => fill(
                tr,
                "rotation-part_of_design",
                &[("players", players.clone())],
            ),
            Method::NoRepeats => fill(tr, "rotation-no_repeats", &[("players", players.clone())]),
            Method::RoundByRound => fill(
                tr,
                "rotation-round_by_round",
                &[("players", players.clone())],
            ),
            Method::DesignLessOne => fill(
                tr,
                "rotation-design_less_one",
                &[
                    ("players", players.clone()),
                    ("more", (report.present + 1).to_string()),
                ],
            ),
            Method::LocalSearch => {
                fill(tr, "rotation-local_search", &[("players", players.clone())])
            }
        };
        let method = if out >= 2 {
            let none = fill(
                tr,
                "rotation-no_design",
                &[("players", players.clone()), ("out", out.to_string())],
            );
            format!("{none}; {method}")
        } else {
            method
        };
        // After a change the method follows in the same sentence: no full stop before it.
        let method = if report.round > 1 {
            fill(tr, "rotation-after_change", &[("method", method)])
        } else {
            method
        };
        lines.push(format!("{head}: {method}"));
    }
    let meetings = |list: &[Meeting<EntrantId>]| -> String {
        list.iter()
            .map(|m| {
                format!(
                    "{} · {} ({})",
                    name(m.pair[0]),
                    name(m.pair[1]),
                    fill(
                        tr,
                        "rotation-time",
                        &[("times", (m.times_before + 1).to_string())]
                    )
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut parts = Vec::new();
    if !report.repeated_partners.is_empty() {
        parts.push(format!(
            "{}: {}",
            tr.t("rotation-partners_again"),
            meetings(&report.repeated_partners)
        ));
    }
    if !report.repeated_opponents.is_empty() {
        parts.push(format!(
            "{}: {}",
            tr.t("rotation-opponents_again"),
            meetings(&report.repeated_opponents)
        ));
    }
    let repeats = !parts.is_empty();
    if !report.sitting_out.is_empty() {
        let names: Vec<String> = report.sitting_out.iter().map(|&e| name(e)).collect();
        parts.push(format!(
            "{}: {}",
            tr.t("rotation-sitting_out"),
            names.join(", ")
        ));
    }
    let mut line = if repeats {
        format!("{head}: {}.", parts.join("; "))
    } else {
        parts.insert(0, tr.t("rotation-nothing_repeats").to_string());
        format!("{head}: {}.", parts.join("; "))
    };
    if repeats {
        line.push(' ');
        line.push_str(&why(report, tr));
    }
    lines.push(line);
    lines
}

/// Why a round's repeats could not be avoided, or the least possible when this plan
/// has more.
fn why(report: &RoundReport, tr: Tr) -> String {
    if !report.at_least_possible() {
        let least = &report.least;
        let so_far = &report.so_far;
        return fill(
            tr,
            "rotation-at_least",
            &[
                ("partners", least.partner_repeats.value.to_string()),
                ("most", least.max_opposed.value.max(1).to_string()),
                ("opponents", least.opponent_repeats.value.to_string()),
                ("so_far_partners", so_far.partner_repeats.to_string()),
                ("so_far_most", so_far.max_opposed.to_string()),
                ("so_far_opponents", so_far.opponent_repeats.to_string()),
            ],
        );
    }
    let rounds = report.round.to_string();
    let reason = |least: &Least, pairs_key: &str, players_key: &str| match least.reason {
        Reason::Pairs { meetings, pairs } => Some(fill(
            tr,
            pairs_key,
            &[
                ("rounds", rounds.clone()),
                ("meetings", meetings.to_string()),
                ("pairs", pairs.to_string()),
            ],
        )),
        Reason::Players { most, others } => Some(fill(
            tr,
            players_key,
            &[("most", most.to_string()), ("others", others.to_string())],
        )),
        Reason::Nothing => None,
    };
    let mut text = vec![tr.t("rotation-unavoidable").to_string()];
    if !report.repeated_partners.is_empty() {
        text.extend(reason(
            &report.least.partner_repeats,
            "rotation-pairs_partners",
            "rotation-players_partners",
        ));
    }
    if !report.repeated_opponents.is_empty() {
        text.extend(reason(
            &report.least.opponent_repeats,
            "rotation-pairs_opponents",
            "rotation-players_opponents",
        ));
        if report.so_far.max_opposed >= 2 {
            text.push(fill(
                tr,
                "rotation-fewest",
                &[("most", report.so_far.max_opposed.to_string())],
            ));
        }
    }
    text.join(" ")
}

/// One round at a physical table: the four players by seat (seat 1 deals first), and the
/// match's own scoring link while it is to be played (the card's QR code is the table's).
pub struct TableRound {
    pub round: u32,
    pub seats: [String; 4],
    pub link: Option<String>,
}

/// The card left on a physical table for the whole evening.
pub struct TableCard {
    pub number: u32,
    pub rounds: Vec<TableRound>,
    /// The table's one link (`/t/{token}`) and its QR code, which the web handler adds:
    /// it opens the match now at the table in every round, whatever is redrawn.
    pub table_link: Option<(String, String)>,
}

/// One round on a player's guide card: table and seat, or sitting out.
pub struct GuideRound {
    pub round: u32,
    /// `None`: sitting out.
    pub place: Option<(u32, usize)>,
    pub partner: String,
}

/// The small card a player keeps.
pub struct GuideCard {
    /// The entrant's number: their own page is `/e/{id}/p/{number}`.
    pub number: u32,
    pub name: String,
    pub rounds: Vec<GuideRound>,
    /// That page's absolute link and its QR code, which the web handler adds: the card
    /// goes stale when later rounds are re-formed, the page does not.
    pub page: Option<(String, String)>,
}

/// Everything printed for a rotating night.
pub struct RotationCards {
    pub tables: Vec<TableCard>,
    pub players: Vec<GuideCard>,
}

/// The cards of a rotating night from its derived matches; `link` gives a match's scoring
/// link when it has one to print.
pub fn cards(
    data: &EventData,
    matches: &[Match],
    link: &dyn Fn(&Match) -> Option<String>,
) -> RotationCards {
    let mut tables: BTreeMap<u32, Vec<TableRound>> = BTreeMap::new();
    let mut guide: BTreeMap<EntrantId, Vec<GuideRound>> = BTreeMap::new();
    let name = |e: EntrantId| data.entrant_name(e);
    for m in matches.iter().filter(|m| m.stage == Stage::Rotating) {
        match (&m.sides, m.key.table()) {
            ([Slot::Partnership(a), Slot::Partnership(b)], Some(number)) => {
                let seats = seat_order(&[*a, *b]);
                tables.entry(number).or_default().push(TableRound {
                    round: m.round,
                    seats: seats.map(name),
                    link: link(m),
                });
                for (seat, &player) in seats.iter().enumerate() {
                    guide.entry(player).or_default().push(GuideRound {
                        round: m.round,
                        place: Some((number, seat + 1)),
                        partner: name(seats[(seat + 2) % 4]),
                    });
                }
            }
            ([Slot::Entrant(e), Slot::Bye], _) => {
                guide.entry(*e).or_default().push(GuideRound {
                    round: m.round,
                    place: None,
                    partner: String::new(),
                });
            }
            _ => {}
        }
    }
    let mut players: Vec<GuideCard> = guide
        .into_iter()
        .map(|(e, mut rounds)| {
            rounds.sort_by_key(|r| r.round);
            GuideCard {
                number: e.0,
                name: name(e),
                rounds,
                page: None,
            }
        })
        .collect();
    players.sort_by_key(|card| card.name.to_lowercase());
    RotationCards {
        tables: tables
            .into_iter()
            .map(|(number, mut rounds)| {
                rounds.sort_by_key(|r| r.round);
                TableCard {
                    number,
                    rounds,
                    table_link: None,
                }
            })
            .collect(),
        players,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::rotating::{Options, draw};

    fn night(players: u32, rounds: u32) -> Vec<RoundReport> {
        let entrants: Vec<EntrantId> = (1..=players).map(EntrantId).collect();
        let options = Options {
            rounds,
            seed: 3,
            tie_breaks: Vec::new(),
            sit_out: crate::tournament::ByeScore::Nothing,
        };
        draw(&entrants, &[], &options)
            .unwrap()
            .into_iter()
            .map(|d| d.report)
            .collect()
    }

    fn name(e: EntrantId) -> String {
        format!("P{}", e.0)
    }

    /// A round's report as the organizer reads it, players named `P<number>`.
    fn in_italian(report: &RoundReport) -> Vec<String> {
        report_lines(report, Lang::It, &name)
    }

    fn in_english(report: &RoundReport) -> Vec<String> {
        report_lines(report, Lang::En, &name)
    }

    #[test]
    fn a_whist_night_says_what_repeats_and_why_in_both_languages() {
        let reports = night(8, 8);
        let first = in_italian(&reports[0]);
        assert!(
            first[0].starts_with("Turno 1: schema whist per 8 giocatori"),
            "{first:?}"
        );
        assert_eq!(first[1], "Turno 1: nessuna ripetizione.");
        // Round 2 of a whist design: partners new, but someone faces an opponent again?
        // Round 8 repeats four partnerships: everyone has partnered the 7 others.
        let last = in_italian(&reports[7]);
        assert!(last[0].contains("di nuovo compagni: P"), "{last:?}");
        assert!(last[0].contains("(2ª volta)"), "{last:?}");
        assert!(last[0].contains("Inevitabile: in 8 turni si formano 32 coppie di compagni e le coppie di giocatori diverse sono solo 28."), "{last:?}");
        let english = in_english(&reports[7]);
        assert!(english[0].contains("partners again: P"), "{english:?}");
        assert!(
            english[0].contains("Unavoidable: over 8 rounds 32 partnerships are formed"),
            "{english:?}"
        );
        // The seventh round completes the design: every pair has faced each other twice,
        // no more, the least possible.
        let seventh = in_english(&reports[6]).join(" ");
        assert!(seventh.contains("opponents again"), "{seventh}");
        assert!(
            seventh.contains("more than 2 times: the least possible"),
            "{seventh}"
        );
    }

    #[test]
    fn counts_without_a_design_are_said_and_the_least_possible_given() {
        let reports = night(10, 5);
        let first = in_english(&reports[0]);
        assert!(
            first[0].contains("with 10 players there is no whist design"),
            "{first:?}"
        );
        assert!(first[0].contains("2 sit out each round"), "{first:?}");
        assert!(first[1].contains("sitting out: P"), "{first:?}");
        let italian = in_italian(&reports[0]);
        assert!(
            italian[0].contains("con 10 giocatori non esiste uno schema whist"),
            "{italian:?}"
        );
        // Wherever this plan repeats more than the bound, it says so with both figures.
        for report in &reports {
            if !report.at_least_possible() {
                let text = in_english(report).join(" ");
                assert!(text.contains("The least possible so far"), "{text}");
            }
        }
    }

    /// A plan re-made after a change reads as one sentence: the change, then the method.
    #[test]
    fn a_plan_after_a_change_reads_as_one_sentence() {
        let mut report = night(8, 8)[0].clone();
        report.round = 3;
        let first = in_italian(&report);
        assert!(
            first[0].starts_with(
                "Turno 3: da qui cambia chi gioca (iscrizione tardiva o ritiro); schema whist per 8 giocatori"
            ),
            "{first:?}"
        );
        let english = in_english(&report);
        assert!(
            english[0].starts_with(
                "Round 3: from here on who plays changes (a late entry or a withdrawal); "
            ),
            "{english:?}"
        );
    }
}
