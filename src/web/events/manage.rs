//! The organizer's page of an event: its entrants, the rounds with the tables being
//! played and what the organizer may do about each, corrections and their
//! consequences, changes of a match's state backwards, and the notice of the last action.

use actix_web::web;
use askama::Template;
use askama_web::WebTemplate;

use super::SlotNames;
use super::form::{format_key, format_label};
use super::options::game_line;
use crate::accounts::Role;
use crate::events::view::EventView;
use crate::events::{CorrectionNotice, solo_entrants};
use crate::store::clubs::Club;
use crate::store::events::{self as store_events, EventRow, EventStatus};
use crate::store::{matches, state_changes};
use crate::tournament::{Format, Slot};
use crate::web::assignment::{Candidates, candidates};
use crate::web::context::{PageContext, Visit};
use crate::web::csv::Rejected;
use crate::web::error::AppError;
use crate::web::i18n::Tr;
use crate::web::managed::managed;
use crate::web::match_state::{StateChangeView, change_view};
use crate::web::publish::rounds::rounds;
use crate::web::publish::{MatchView, RoundView, event_status_key};
use crate::web::{AppState, flash};

/// An entrant as the organizer's page lists it.
pub struct EntrantLine {
    pub number: i32,
    pub label: String,
    pub players: Vec<(i64, String)>,
    pub checked_in: bool,
    pub late: bool,
    pub withdrawn: bool,
    pub seed: Option<usize>,
}

/// A correction notice, or a change of who is present, in words.
pub struct NoticeView {
    pub at: String,
    /// What happened: "Correzione in Turno 2, tavolo 1", "Ritiro di #5 Franco Costa".
    pub heading: String,
    pub updated: Vec<String>,
    pub flagged: Vec<String>,
    /// The physical tables whose printed card no longer says the truth.
    pub reprint: Option<String>,
    /// Matches begun with a player who left, for the organizer to decide.
    pub to_decide: Vec<String>,
    /// A correction that turned a result round and changed no other match.
    pub standings_only: bool,
}

/// The notices the event keeps: corrections, and changes of who is present.
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum StoredNotice {
    Correction(CorrectionNotice),
    Change(crate::events::changes::ChangeNotice),
}

/// A match of the current rounds with what the organizer may do about it.
pub struct TableLine {
    pub view: MatchView,
    pub referees: Vec<String>,
    /// The assigned referees' accounts.
    pub referee_ids: Vec<i64>,
    /// Their usernames, what the typed referee field shows.
    pub referee_usernames: Vec<String>,
    pub has_link: bool,
    /// A rotating night's table may be voided (a player left it): nobody scores it.
    pub may_void: bool,
    /// The names by seat, for naming a substitute while the match is not decided
    /// (empty once it is).
    pub seats: Vec<String>,
}

impl TableLine {
    /// The referee list's value: the one assigned, none, or several kept as they are.
    pub fn referee_choice(&self) -> String {
        super::tables::referee_choice(&self.referee_ids)
    }

    pub fn several_referees(&self) -> bool {
        self.referee_ids.len() > 1
    }

    /// The typed referee field's value: the usernames assigned, kept as they are while
    /// the organizer leaves them.
    pub fn referee_typed(&self) -> String {
        self.referee_usernames.join(", ")
    }

    pub fn table_value(&self) -> String {
        self.view.table.map(|t| t.to_string()).unwrap_or_default()
    }

    /// The side a recorded forfeit sends on (`A` or `B`).
    pub fn forfeit_side(&self) -> Option<&'static str> {
        match (self.view.forfeit, self.view.winner) {
            (true, Some(0)) => Some("A"),
            (true, Some(1)) => Some("B"),
            _ => None,
        }
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "events/manage.html")]
pub struct ManageEventPage {
    pub ctx: PageContext,
    pub event: EventRow,
    pub club: Club,
    pub format_label: &'static str,
    pub individual: bool,
    pub entrants: Vec<EntrantLine>,
    pub rounds: Vec<RoundView>,
    pub tables: Vec<TableLine>,
    pub conflicts: Vec<MatchView>,
    pub notices: Vec<NoticeView>,
    /// Changes of a match's state backwards, with who and why.
    pub state_changes: Vec<StateChangeView>,
    /// The referees offered: a choice while they are few, a typed username once many.
    pub referees: Candidates,
    /// What the organizer typed in a refused form, shown again.
    pub typed: Typed,
    /// A rotating night's physical tables and who referees each for the whole night.
    pub by_table: Option<crate::web::events::table_referees::ByTable>,
    pub earlier_events: Vec<(String, String)>,
    pub champion: Option<String>,
    pub import_report: Option<ImportReport>,
    /// The notice the last action left, in words.
    pub notice: Option<&'static str>,
    pub error: Option<String>,
    /// The game and its options in words.
    pub game_line: String,
    /// Entrants may still join (before the draw, or a Swiss or rotating-partners event
    /// with a round not drawn yet).
    pub takes_entries: bool,
    /// Nobody is highlighted on the organizer's page.
    pub highlight: Option<u32>,
}

/// What the organizer typed in a refused form, shown again as typed.
#[derive(Default)]
pub struct Typed {
    /// A match's form: (the match's public id, the table, the referee's username).
    pub assignment: Option<(String, String, String)>,
    /// The referees-by-table form of a new referee: the username and the tables ticked.
    pub table_referee: Option<(String, Vec<i32>)>,
}

pub struct ImportReport {
    pub accepted: usize,
    pub rejected: Vec<Rejected>,
}

impl ManageEventPage {
    pub fn status_label(&self) -> &'static str {
        self.ctx.t(event_status_key(self.event.status()))
    }

    pub fn in_setup(&self) -> bool {
        self.event.status() == EventStatus::Setup
    }

    pub fn seeding_text(&self) -> Option<String> {
        self.event
            .seeding
            .as_deref()
            .map(|stored| seeding_text(stored, self.ctx.tr))
    }

    /// The match whose form was refused, open to show what was typed.
    pub fn typed_in(&self, line: &TableLine) -> bool {
        self.typed_assignment(line).is_some()
    }

    /// The table field of a match's form: as typed when refused, else as stored.
    pub fn table_field(&self, line: &TableLine) -> String {
        match self.typed_assignment(line) {
            Some((table, _)) => table.to_string(),
            None => line.table_value(),
        }
    }

    /// The typed referee field of a match's form: as typed when refused, else the
    /// usernames assigned.
    pub fn referee_field(&self, line: &TableLine) -> String {
        match self.typed_assignment(line) {
            Some((_, username)) => username.to_string(),
            None => line.referee_typed(),
        }
    }

    fn typed_assignment(&self, line: &TableLine) -> Option<(&str, &str)> {
        match (&self.typed.assignment, &line.view.public_id) {
            (Some((public_id, table, username)), Some(id)) if public_id == id => {
                Some((table, username))
            }
            _ => None,
        }
    }

    pub fn checked_in_count(&self) -> usize {
        self.entrants
            .iter()
            .filter(|e| e.checked_in && !e.withdrawn)
            .count()
    }
}

/// The draw's seeding in words. The draw stores it as "manual", "rating", "ranking NAME"
/// or "random SEED" (existing databases hold those words), so it is translated when shown;
/// anything else is shown as stored.
pub fn seeding_text(stored: &str, tr: Tr) -> String {
    if stored == "manual" {
        return tr.t("event-seeding_manual").to_string();
    }
    if stored == "rating" {
        return tr.t("event-seeding_rating").to_string();
    }
    if let Some(name) = stored.strip_prefix("ranking ") {
        return format!("{} {name}", tr.t("event-seeding_ranking_of"));
    }
    if let Some(seed) = stored.strip_prefix("random ")
        && seed.parse::<u64>().is_ok()
    {
        return format!("{} {seed}", tr.t("event-seeding_random_seed"));
    }
    stored.to_string()
}

fn notice_view(
    data: &crate::events::EventData,
    notice: &StoredNotice,
    lang: crate::lang::Lang,
    at: String,
) -> NoticeView {
    use crate::events::changes::Cause;
    let tr = Tr::new(lang);
    let sides = |sides: &Option<[Slot; 2]>| match sides {
        Some([a, b]) => format!("{} – {}", data.slot_name(a, lang), data.slot_name(b, lang)),
        None => tr.t("event-change_no_match").to_string(),
    };
    // A change in words: the pairing now, and what it was (or who played it, flagged).
    let worded = |change: &crate::tournament::MatchChange, flagged: bool| {
        let id = match (&change.before, &change.after) {
            _ if flagged => "event-change_line_flagged",
            (None, _) => "event-change_line_new",
            (_, None) => "event-change_line_gone",
            _ => "event-change_line_now",
        };
        tr.t_args(
            id,
            [
                ("match", tr.msg(&change.key.label_in(data.knockout)).into()),
                ("before", sides(&change.before).into()),
                ("after", sides(&change.after).into()),
            ],
        )
    };
    let (heading, correction, reprint) = match notice {
        StoredNotice::Correction(notice) => (
            format!(
                "{} {}",
                tr.t("event-correction_in"),
                tr.msg(&notice.source.label_in(data.knockout))
            ),
            &notice.correction,
            None,
        ),
        StoredNotice::Change(notice) => {
            let name =
                |e: &crate::tournament::EntrantId| format!("#{} {}", e.0, data.entrant_name(*e));
            let (id, who) = match &notice.cause {
                Cause::Withdrawal { entrant } => ("event-change_withdrawal", name(entrant)),
                Cause::WithdrawalUndone { entrant } => ("event-change_back", name(entrant)),
                Cause::LateEntry { entrants } => (
                    "event-change_late",
                    entrants.iter().map(name).collect::<Vec<_>>().join(", "),
                ),
            };
            let heading = tr.t_args(
                id,
                &[
                    ("who", who.into()),
                    ("round", i64::from(notice.from_round).into()),
                ],
            );
            let tables = notice.tables();
            let reprint = (!tables.is_empty()).then(|| {
                let list = tables
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ");
                tr.t_args(
                    "event-change_reprint",
                    &[
                        ("tables", list.into()),
                        ("count", (tables.len() as i64).into()),
                    ],
                )
            });
            (heading, &notice.correction, reprint)
        }
    };
    let to_decide = match notice {
        // Once the organizer decided a match (voided, awarded, played to its end), it
        // leaves the list.
        StoredNotice::Change(notice) => {
            let keyed = data.keyed();
            notice
                .to_decide
                .iter()
                .filter(|key| {
                    keyed.get(*key).is_some_and(|row| {
                        !matches!(
                            row.status(),
                            crate::store::matches::MatchStatus::Finished
                                | crate::store::matches::MatchStatus::Forfeit
                        )
                    })
                })
                .map(|key| tr.msg(&key.label_in(data.knockout)))
                .collect()
        }
        StoredNotice::Correction(_) => Vec::new(),
    };
    NoticeView {
        at,
        standings_only: matches!(notice, StoredNotice::Correction(_)) && correction.is_empty(),
        heading,
        updated: correction
            .updated
            .iter()
            .map(|c| worded(c, false))
            .collect(),
        flagged: correction.flagged.iter().map(|c| worded(c, true)).collect(),
        reprint,
        to_decide,
    }
}

pub(super) async fn manage_page(
    ctx: PageContext,
    state: &AppState,
    public_id: &str,
) -> Result<ManageEventPage, AppError> {
    let (_, (event, club)) = managed::<(EventRow, Club)>(&ctx, state, public_id).await?;
    let lang = ctx.lang();
    let event_id = event.id;
    let club_id = club.id;
    // What the log records are UTC instants; the page reads them on the event's clock.
    let zone = event.zone(&club.time_zone)?;
    // The latest begun events of the club, the seeds a draw is likely to take.
    const EARLIER_OFFERED: i64 = 60;
    let (view, notices, changes, referees, event_referees, links, earlier) = state
        .read(move |connection| {
            let view = EventView::load(connection, event.clone())?;
            let notices = store_events::notices(connection, event_id)?;
            let changes = state_changes::of_event(connection, event_id)?;
            let referees = candidates(connection, Role::Referee, &[])?;
            let event_referees = store_events::event_referees(connection, event_id)?;
            let mut links = Vec::new();
            for row in &view.data.matches {
                if matches::active_link(connection, row.id)?.is_some() {
                    links.push(row.id);
                }
            }
            let earlier =
                store_events::begun_of_club(connection, club_id, event_id, EARLIER_OFFERED)?
                    .into_iter()
                    .map(|e| (e.public_id, e.name))
                    .collect::<Vec<_>>();
            Ok((
                view,
                notices,
                changes,
                referees,
                event_referees,
                links,
                earlier,
            ))
        })
        .await?;
    let format = view.format();
    let order = view.data.seed_order().unwrap_or_default();
    let entrants = view
        .data
        .entrants
        .iter()
        .map(|e| EntrantLine {
            number: e.number,
            label: e.label.clone(),
            players: std::iter::once(e.player1_id)
                .chain(e.player2_id)
                .map(|p| (p, view.data.player_name(p)))
                .collect(),
            checked_in: e.checked_in,
            late: e.late,
            withdrawn: e.withdrawn_round.is_some(),
            seed: order
                .iter()
                .position(|id| id.0 == e.number as u32)
                .map(|p| p + 1),
        })
        .collect();
    let rounds = rounds(&view, lang);
    let conflicts = rounds
        .iter()
        .flat_map(|r| r.matches.iter())
        .filter(|m| m.conflict)
        .cloned()
        .collect();
    // A rotating night draws every round at once: the overview shows the round being
    // played (the first with a table to play), not the whole evening.
    let current_round = matches!(format, Some(Format::RotatingPartners(_)))
        .then(|| {
            rounds
                .iter()
                .flat_map(|r| r.matches.iter())
                .filter(|m| m.match_id.is_some() && (m.playable || m.conflict))
                .map(|m| m.round)
                .min()
        })
        .flatten();
    let rotating = matches!(format, Some(Format::RotatingPartners(_)));
    let tables = rounds
        .iter()
        .flat_map(|r| r.matches.iter())
        .filter(|m| m.match_id.is_some() && (m.playable || m.forfeit || m.conflict))
        .filter(|m| current_round.is_none_or(|round| m.round == round))
        .map(|m| TableLine {
            may_void: rotating,
            seats: view
                .data
                .matches
                .iter()
                .find(|row| Some(row.id) == m.match_id && m.playable && !m.forfeit)
                .map(|row| row.players())
                .unwrap_or_default(),
            referees: event_referees
                .iter()
                .filter(|(match_id, ..)| Some(*match_id) == m.match_id)
                .map(|(_, _, name, _)| name.clone())
                .collect(),
            referee_ids: event_referees
                .iter()
                .filter(|(match_id, ..)| Some(*match_id) == m.match_id)
                .map(|(_, user_id, ..)| *user_id)
                .collect(),
            referee_usernames: {
                let mut usernames: Vec<String> = event_referees
                    .iter()
                    .filter(|(match_id, ..)| Some(*match_id) == m.match_id)
                    .map(|(.., username)| username.clone())
                    .collect();
                usernames.sort();
                usernames
            },
            has_link: m.match_id.is_some_and(|id| links.contains(&id)),
            view: m.clone(),
        })
        .collect();
    let notices = notices
        .iter()
        .filter_map(|row| {
            let notice: StoredNotice = serde_json::from_str(&row.notice_json).ok()?;
            Some(notice_view(
                &view.data,
                &notice,
                lang,
                ctx.tr
                    .date_time(crate::zone::to_local(row.created_at, zone)),
            ))
        })
        .collect();
    let state_changes = changes
        .iter()
        .map(|change| {
            let shown = rounds
                .iter()
                .flat_map(|r| r.matches.iter())
                .find(|m| m.match_id == Some(change.match_id));
            let subject = shown.map(|m| m.label.clone()).unwrap_or_default();
            change_view(ctx.tr, zone, change, subject, shown.map(|m| &m.sides))
        })
        .collect();
    let game_line = game_line(&ctx, &view.data.event);
    let takes_entries = match view.data.event.status() {
        EventStatus::Setup => true,
        EventStatus::Running => format
            .as_ref()
            .is_some_and(|f| matches!(f, Format::Swiss(_) | Format::RotatingPartners(_))),
        EventStatus::Finished => false,
    };
    Ok(ManageEventPage {
        format_label: format
            .as_ref()
            .map(|f| format_label(&ctx, format_key(f)))
            .unwrap_or(""),
        individual: format
            .as_ref()
            .is_some_and(|f| solo_entrants(&view.data.event, f)),
        champion: view.champion(),
        entrants,
        rounds,
        tables,
        conflicts,
        notices,
        state_changes,
        referees,
        typed: Typed::default(),
        by_table: None,
        earlier_events: earlier,
        import_report: None,
        notice: None,
        error: None,
        game_line,
        takes_entries,
        highlight: None,
        event: view.data.event,
        club,
        ctx,
    })
}

/// The organizer's page, with the notice the last action left (see [`flash`]).
pub async fn manage(
    Visit { ctx, state }: Visit,
    public_id: web::Path<String>,
) -> Result<ManageEventPage, AppError> {
    let notice = flash::take(ctx.session()).map(|id| ctx.t(&id));
    let mut page = manage_page(ctx, &state, &public_id).await?;
    page.notice = notice;
    page.by_table = crate::web::events::table_referees::by_table(
        &state,
        &page.event,
        &page.referees,
        &page.typed,
    )
    .await?;
    Ok(page)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stored_seeding_is_shown_in_the_readers_language() {
        let [it, en] = crate::web::i18n::in_both(|tr| tr);
        assert_eq!(seeding_text("manual", it), "manuale");
        assert_eq!(seeding_text("manual", en), "manual");
        assert_eq!(seeding_text("random 1234567", it), "casuale, seme 1234567");
        assert_eq!(seeding_text("random 1234567", en), "random, seed 1234567");
        assert_eq!(
            seeding_text("ranking Torneo d'autunno", it),
            "classifica di Torneo d'autunno"
        );
        assert_eq!(
            seeding_text("ranking Torneo d'autunno", en),
            "ranking of Torneo d'autunno"
        );
        // Words the draw never wrote are shown as they are.
        assert_eq!(seeding_text("random seven", it), "random seven");
        assert_eq!(seeding_text("a mano", it), "a mano");
    }
}
