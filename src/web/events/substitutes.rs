//! A substitute named by the organizer for a seat of a match not finished (a player left
//! a rotating night's table under way): the match is played to its end with the
//! substitute's name at that seat. Confirmed on a second page naming the match, the seat,
//! who leaves and who plays on, with a reason; recorded as a state change
//! (`seat:N:name` → `seat:N:name`), shown on the event's and the match's organizer pages.
//! The sides stay as drawn: the result counts for the players drawn at the table.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::{ManagedEvent, back, event_match, failure, refused};
use crate::store::events::{EventMatchRow, EventRow};
use crate::store::matches::MatchStatus;
use crate::store::state_changes::seat_text;
use crate::web::confirm::{ConfirmPage, confirmed, missing_reason, reason_text, record_undone};
use crate::web::context::PageContext;
use crate::web::error::AppError;
use crate::web::i18n::Tr;
use crate::web::managed::Managed;

/// The longest substitute's name taken, in characters.
pub const MAX_NAME: usize = 80;

#[derive(Deserialize)]
pub struct SubstituteForm {
    /// The match's public id.
    public_id: String,
    /// The seat, from 1 as the form numbers them.
    #[serde(default)]
    seat: String,
    /// The substitute's name as typed.
    #[serde(default)]
    name: String,
    #[serde(default)]
    confirm: String,
    #[serde(default)]
    reason: String,
}

/// What is wrong with a typed name.
#[derive(Debug, PartialEq, Eq)]
pub enum NameProblem {
    Empty,
    /// Its length in characters.
    TooLong(usize),
    /// The position (from 1) of its first control character.
    Control(usize),
}

/// The substitute's name as stored: trimmed, one line of at most [`MAX_NAME`]
/// characters. Nothing is cut or dropped: a name that does not fit is refused.
pub fn substitute_name(typed: &str) -> Result<String, NameProblem> {
    let name = typed.trim();
    if name.is_empty() {
        return Err(NameProblem::Empty);
    }
    if let Some(at) = name.chars().position(char::is_control) {
        return Err(NameProblem::Control(at + 1));
    }
    let length = name.chars().count();
    if length > MAX_NAME {
        return Err(NameProblem::TooLong(length));
    }
    Ok(name.to_string())
}

/// The refusal of a typed name, in words that say exactly what is wrong.
fn name_refusal(tr: Tr, problem: &NameProblem, typed: &str) -> String {
    match problem {
        NameProblem::Empty => tr.t("substitute-error_empty").to_string(),
        NameProblem::TooLong(length) => tr.t_args(
            "substitute-error_long",
            [
                ("name", typed.trim().to_string().into()),
                ("length", (*length as i64).into()),
                ("max", (MAX_NAME as i64).into()),
            ],
        ),
        NameProblem::Control(at) => {
            tr.t_args("substitute-error_control", [("at", (*at as i64).into())])
        }
    }
}

/// Names a substitute for a seat, once confirmed with a reason.
pub async fn substitute(
    form: web::Form<SubstituteForm>,
    Managed(ctx, state, user, (event, _)): ManagedEvent,
) -> Result<HttpResponse, AppError> {
    let row = event_match(&state, &event, &form.public_id).await?;
    let current = row.status();
    if row.match_key.is_none() {
        return refused(
            ctx,
            &state,
            &event.public_id,
            "substitute-error_out_of_draw",
        )
        .await;
    }
    if matches!(current, MatchStatus::Finished | MatchStatus::Forfeit) {
        return refused(ctx, &state, &event.public_id, "substitute-error_finished").await;
    }
    let players = row.players();
    let typed_seat = form.seat.trim();
    if typed_seat.is_empty() {
        return refused(ctx, &state, &event.public_id, "substitute-error_no_seat").await;
    }
    let Some(seat) = typed_seat
        .parse::<usize>()
        .ok()
        .filter(|seat| (1..=players.len()).contains(seat))
    else {
        let message = ctx.tr.t_args(
            "substitute-error_seat",
            [
                ("seat", typed_seat.to_string().into()),
                ("last", (players.len() as i64).into()),
            ],
        );
        return failure(ctx, &state, &event.public_id, message).await;
    };
    let name = match substitute_name(&form.name) {
        Ok(name) => name,
        Err(problem) => {
            let message = name_refusal(ctx.tr, &problem, &form.name);
            return failure(ctx, &state, &event.public_id, message).await;
        }
    };
    let leaves = players[seat - 1].clone();
    if leaves == name {
        return Ok(back(&ctx, &event, "confirm-nothing_changed"));
    }
    // Two players of one name at a table would make the referee's page ambiguous.
    if let Some(other) = players
        .iter()
        .position(|p| p.trim().to_lowercase() == name.to_lowercase())
    {
        let message = ctx.tr.t_args(
            "substitute-error_at_table",
            [
                ("name", name.clone().into()),
                ("seat", (other as i64 + 1).into()),
            ],
        );
        return failure(ctx, &state, &event.public_id, message).await;
    }
    let reason = reason_text(&form.reason);
    if !confirmed(&form.confirm) || reason.is_empty() {
        let error = missing_reason(&ctx, &form.confirm, true);
        let page = confirmation(ctx, &event, &row, (seat, &leaves, &name), &form, error);
        return page.answer();
    }
    let match_id = row.id;
    let (from, to) = (seat_text(seat, &leaves), seat_text(seat, &name));
    let stored = state
        .write(move |connection| {
            // Decided on the table the organizer saw: nothing if it changed meanwhile.
            let Some(fresh) = crate::store::events::event_match(connection, match_id)? else {
                return Ok(false);
            };
            if fresh.status() != current || fresh.players() != players || fresh.match_key.is_none()
            {
                return Ok(false);
            }
            crate::events::substitute(connection, match_id, seat - 1, &name)?;
            record_undone(connection, match_id, (&from, &to), &reason, &user)?;
            Ok(true)
        })
        .await?;
    if !stored {
        return refused(ctx, &state, &event.public_id, "confirm-changed_meanwhile").await;
    }
    state.notify(match_id);
    Ok(back(&ctx, &event, "substitute-saved"))
}

/// The second step: the match, the seat, who leaves and who plays on, and whom the
/// result counts for.
fn confirmation(
    ctx: PageContext,
    event: &EventRow,
    row: &EventMatchRow,
    (seat, leaves, plays): (usize, &str, &str),
    form: &SubstituteForm,
    error: Option<String>,
) -> ConfirmPage {
    let tr = ctx.tr;
    let title = super::match_line(tr, event, row);
    let seat_arg = || ("seat", (seat as i64).into());
    let lines = vec![
        title,
        tr.t_args(
            "substitute-leaves_line",
            [seat_arg(), ("leaves", leaves.to_string().into())],
        ),
        tr.t_args(
            "substitute-plays_line",
            [seat_arg(), ("plays", plays.to_string().into())],
        ),
        tr.t_args(
            "substitute-standings_line",
            [("leaves", leaves.to_string().into())],
        ),
    ];
    ConfirmPage {
        heading: tr.t("substitute-confirm_title").to_string(),
        lines,
        warning: None,
        action: format!("/manage/events/{}/substitute", event.public_id),
        hidden: vec![
            ("public_id".to_string(), row.public_id.clone()),
            ("seat".to_string(), seat.to_string()),
            ("name".to_string(), plays.to_string()),
        ],
        reason: Some(form.reason.clone()),
        error,
        confirm_label: tr.t("substitute-confirm_submit").to_string(),
        cancel_href: format!("/manage/events/{}", event.public_id),
        ctx,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_trimmed_and_refused_when_it_does_not_fit() {
        assert_eq!(
            substitute_name("  Nane Bortolato "),
            Ok("Nane Bortolato".into())
        );
        assert_eq!(substitute_name(" \t "), Err(NameProblem::Empty));
        assert_eq!(
            substitute_name("Nane\tBortolato"),
            Err(NameProblem::Control(5))
        );
        assert_eq!(substitute_name("Nane\nB"), Err(NameProblem::Control(5)));
        let longest = "è".repeat(MAX_NAME);
        assert_eq!(substitute_name(&longest), Ok(longest.clone()));
        assert_eq!(
            substitute_name(&format!("{longest}x")),
            Err(NameProblem::TooLong(MAX_NAME + 1))
        );
    }

    #[test]
    fn each_refusal_says_what_is_wrong_in_both_languages() {
        let [it, en] = crate::web::i18n::in_both(|tr| tr);
        let long = "x".repeat(90);
        let it_long = name_refusal(it, &NameProblem::TooLong(90), &long);
        assert!(
            it_long.contains("90") && it_long.contains("80"),
            "{it_long}"
        );
        let en_control = name_refusal(en, &NameProblem::Control(5), "Nane\tB");
        assert!(en_control.contains('5'), "{en_control}");
        assert_ne!(
            name_refusal(it, &NameProblem::Empty, ""),
            name_refusal(en, &NameProblem::Empty, "")
        );
    }
}
