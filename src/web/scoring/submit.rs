//! Posting an entry from any referee form: the envelope every form carries (the
//! sequence it was based on and a submission key), the one append, and the page
//! shown again with what was typed when the entry is refused.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;

use super::{Draft, Scorer, Shown, respond, scorer};
use crate::lang::{Arg, Lang, Msg};
use crate::rules::any::{AnyReplayError, ExtendError};
use crate::rules::game::Message;
use crate::rules::record::{RecordEntry, SyntaxError};
use crate::scoring::{self, AppendOutcome, Submitted};
use crate::store::matches::EntryRow;
use crate::web::cards::{Face, cards_named};
use crate::web::context::PageContext;
use crate::web::error::AppError;
use crate::web::games::with_player_names;
use crate::web::i18n::{Tr, Worded};
use crate::web::matches::load_match;
use crate::web::{AppState, redirect};
use serde_json::Value;

/// The fields every scoring form carries.
#[derive(Debug, Deserialize)]
pub struct Envelope {
    // Strings: serde's flatten cannot read numbers from a urlencoded form.
    #[serde(default)]
    pub(in crate::web) expected_seq: String,
    #[serde(default)]
    pub(in crate::web) submission_key: String,
    /// Set by the page's script, which puts the page back where it was itself: the
    /// answer then skips the `#entry` anchor that would move it.
    #[serde(default)]
    pub(in crate::web) keep_scroll: String,
}

/// A form read as its ordered pairs, for forms with repeated or open-ended keys
/// that a struct cannot take, and its envelope.
pub(in crate::web) fn read_pairs(
    body: &[u8],
) -> Result<(Envelope, Vec<(String, String)>), AppError> {
    let pairs: Vec<(String, String)> =
        serde_urlencoded::from_bytes(body).map_err(|_| AppError::BadRequest)?;
    let envelope = Envelope {
        expected_seq: pair_value(&pairs, "expected_seq"),
        submission_key: pair_value(&pairs, "submission_key"),
        keep_scroll: pair_value(&pairs, "keep_scroll"),
    };
    Ok((envelope, pairs))
}

/// The first value of the field `name` among a form's pairs, or empty.
pub(in crate::web) fn pair_value(pairs: &[(String, String)], name: &str) -> String {
    pairs
        .iter()
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.clone())
        .unwrap_or_default()
}

pub(in crate::web) async fn submit(
    request: &HttpRequest,
    ctx: PageContext,
    state: &AppState,
    envelope: Envelope,
    entry: Result<serde_json::Value, String>,
    draft: Draft,
) -> Result<HttpResponse, AppError> {
    let scorer = scorer(request, &ctx, state).await?;
    let entry = match entry {
        Ok(entry) => entry,
        Err(message) => {
            let shown = Shown::error(message);
            return respond(ctx, &scorer, draft, shown, StatusCode::UNPROCESSABLE_ENTITY);
        }
    };
    let expected_seq: i64 = envelope
        .expected_seq
        .parse()
        .map_err(|_| AppError::BadRequest)?;
    if envelope.submission_key.is_empty() || envelope.submission_key.len() > 100 {
        return Err(AppError::BadRequest);
    }
    let keep_scroll = !envelope.keep_scroll.is_empty();
    let at_cards = draft.at_cards();
    let outcome = state
        .scoring
        .append(Submitted {
            row: &scorer.loaded.row,
            nicknames: &scorer.loaded.nicknames,
            expected_seq,
            entry,
            author: scorer.author.clone(),
            submission_key: envelope.submission_key,
        })
        .await?;
    let lang = ctx.lang();
    match outcome {
        AppendOutcome::Appended { seq, .. } | AppendOutcome::AlreadyRecorded { seq } => {
            state.notify(scorer.loaded.row.id);
            // Card by card the page changes under the thumb (the grid empties, the
            // next comanda replaces it): back at the cards, with the confirmation.
            // Otherwise back at the entry, or where the script kept the page.
            let anchor = if at_cards {
                "&at=cards#cards"
            } else if keep_scroll {
                ""
            } else {
                "#entry"
            };
            Ok(redirect(&format!("{}?recorded={seq}{anchor}", scorer.base)))
        }
        AppendOutcome::NotFound => Err(AppError::NotFound),
        refusal => {
            // Nothing was recorded: show the match as it is now, with what was typed.
            let fresh = Scorer {
                loaded: load_match(state, &scorer.loaded.row.public_id).await?,
                ..scorer
            };
            let (shown, status) = match refusal {
                AppendOutcome::Stale { expected, .. } => {
                    let mut words = vec![ctx.t("scoring-stale").to_string()];
                    words.extend(recorded_meanwhile(&fresh, expected, ctx.tr)?);
                    (
                        Shown {
                            conflict: true,
                            error: Some(words.join(" ")),
                            ..Shown::default()
                        },
                        StatusCode::CONFLICT,
                    )
                }
                AppendOutcome::Refused { error } => (
                    Refusal::Rules(error).shown(&fresh, lang),
                    StatusCode::UNPROCESSABLE_ENTITY,
                ),
                AppendOutcome::Unreadable { error } => (
                    Shown::error(Refusal::Unreadable(error).message(&fresh, lang)),
                    StatusCode::UNPROCESSABLE_ENTITY,
                ),
                // The offline queue reads 409 as a conflict: its hands stay listed for
                // the referee to enter at the right match or discard.
                AppendOutcome::OutOfDraw => (
                    Shown {
                        conflict: true,
                        ..Shown::error(match &fresh.loaded.moved {
                            Some(moved) => super::moved::words(Tr::new(lang), moved),
                            None => ctx.t("scoring-out_of_draw").to_string(),
                        })
                    },
                    StatusCode::CONFLICT,
                ),
                _ => (
                    Shown::error(ctx.t("scoring-closed").to_string()),
                    StatusCode::CONFLICT,
                ),
            };
            respond(ctx, &fresh, draft, shown, status)
        }
    }
}

/// What was recorded after the `expected` entries a stale page saw, and by whom, as
/// the log words it: a sentence for each run of entries by one author.
fn recorded_meanwhile(scorer: &Scorer, expected: i64, tr: Tr) -> Result<Vec<String>, AppError> {
    let loaded = &scorer.loaded;
    let entries = loaded.any_record()?.entries_json();
    let players = loaded.row.player_names();
    let first = usize::try_from(expected).unwrap_or(0);
    let mut runs: Vec<(&EntryRow, Vec<String>)> = Vec::new();
    for (index, (row, entry)) in loaded.entries.iter().zip(&entries).enumerate().skip(first) {
        let line = format!(
            "#{} {}",
            index + 1,
            crate::web::games::log_line(loaded.row.game, entry, &players, tr)
        );
        match runs.last_mut() {
            Some((author, lines)) if same_author(author, row) => lines.push(line),
            _ => runs.push((row, vec![line])),
        }
    }
    Ok(runs
        .into_iter()
        .map(|(author, lines)| {
            let count = Arg::from(lines.len());
            let entries = Arg::from(lines.join("; "));
            match author.author_link_id {
                Some(_) => tr.t_args(
                    "scoring-stale_by_link",
                    [("count", count), ("entries", entries)],
                ),
                None => {
                    let name = Arg::from(author.author_label.clone());
                    tr.t_args("scoring-stale_by", [("author", name), ("entries", entries)])
                }
            }
        })
        .collect())
}

/// Whether two entries were written by the same account or the same table link.
fn same_author(one: &EntryRow, other: &EntryRow) -> bool {
    (one.author_user_id, one.author_link_id, &one.author_label)
        == (
            other.author_user_id,
            other.author_link_id,
            &other.author_label,
        )
}

/// [`submit`] for an entry built as a record entry, or the words saying why it
/// could not be built from the form.
pub(in crate::web) async fn submit_entry(
    request: &HttpRequest,
    ctx: PageContext,
    state: &AppState,
    envelope: Envelope,
    entry: Result<RecordEntry, String>,
    draft: Draft,
) -> Result<HttpResponse, AppError> {
    let entry = entry.map(|entry| scoring::entry_json(&entry));
    submit(request, ctx, state, envelope, entry, draft).await
}

/// Why the rules would not take an entry.
pub(in crate::web) enum Refusal {
    Rules(AnyReplayError),
    Unreadable(SyntaxError),
}

impl Refusal {
    /// The refusal in the reader's words: the rule's own (the entry index means
    /// nothing to a referee at the table), naming the players.
    pub(in crate::web) fn message(&self, scorer: &Scorer, lang: Lang) -> String {
        match self {
            Refusal::Rules(error) => Tr::new(lang).msg(&rules_msg(error, scorer)),
            Refusal::Unreadable(error) => error.message(lang),
        }
    }

    /// The refusal as the referee page shows it: its words, and the faces of the cards
    /// the rule names beside them.
    pub(in crate::web) fn shown(&self, scorer: &Scorer, lang: Lang) -> Shown {
        let (error, error_faces) = match self {
            Refusal::Rules(error) => {
                let msg = rules_msg(error, scorer);
                let faces = cards_named(&msg)
                    .into_iter()
                    .map(|card| Face::of(card, lang))
                    .collect();
                (Tr::new(lang).msg(&msg), faces)
            }
            Refusal::Unreadable(error) => (error.message(lang), Vec::new()),
        };
        Shown {
            error: Some(error),
            error_faces,
            ..Shown::default()
        }
    }
}

/// A rule's refusal as data: the rule's own words (the entry index means nothing to a
/// referee at the table), naming the players.
fn rules_msg(error: &AnyReplayError, scorer: &Scorer) -> Msg {
    let msg = if error.failing == error.index {
        error.error.msg()
    } else {
        error.msg()
    };
    // At the table the referee knows "Toni", not "il posto 1".
    with_player_names(msg, &scorer.loaded.row.player_names())
}

/// What the rules say of `entry` after the match as it stands, storing nothing: the
/// check a form may ask for before saving, the same one saving makes.
pub(in crate::web) fn dry_run(
    scorer: &Scorer,
    entry: &Value,
) -> Result<Result<(), Refusal>, AppError> {
    let loaded = &scorer.loaded;
    let mut record = loaded.any_record()?;
    let mut state = loaded.any_state()?;
    Ok(
        match record.extend(&mut state, entry.clone(), &loaded.nicknames) {
            Ok(_) => Ok(()),
            Err(ExtendError::Refused(error)) => Err(Refusal::Rules(error)),
            Err(ExtendError::Unreadable(message)) => Err(Refusal::Unreadable(SyntaxError::Entry {
                index: loaded.next_seq() as usize,
                message,
            })),
        },
    )
}
