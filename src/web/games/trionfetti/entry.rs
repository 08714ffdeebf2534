//! The handlers of Trionfetti's entry forms: quick entry of a hand with its
//! vagaresto, the setup of a smazzata, and a hand entered card by card.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use super::form::trick_rows;
use crate::lang::{Arg, Lang, Msg};
use crate::rules::any::{AnyEntryError, AnyReplayError};
use crate::rules::card::Card;
use crate::rules::comanda;
use crate::rules::game::{Game, Message, Seat, Team};
use crate::rules::record::{HandEntry, RecordEntry, SmazzataEntry};
use crate::rules::replay::EntryError;
use crate::rules::trick::Trick;
use crate::rules::trionfetti::RuleError;
use crate::rules::trionfetti::{Answer, Vagaresto};
use crate::scoring;
use crate::web::context::Visit;
use crate::web::error::AppError;
use crate::web::i18n::Tr;
use crate::web::scoring::{
    Draft, Envelope, Refusal, Shown, dry_run, pair_value, read_pairs, respond, scorer, submit_entry,
};

#[derive(Debug, Deserialize)]
pub struct HandForm {
    #[serde(flatten)]
    pub(in crate::web) envelope: Envelope,
    #[serde(default)]
    winner: String,
    #[serde(default)]
    vagaresto_caller: String,
    #[serde(default)]
    vagaresto_answer: String,
    /// Set by the button that records a vagaresto conceded (no winner to choose).
    #[serde(default)]
    conceded: String,
}

/// The vagaresto a form describes, or none when nothing of one was typed. A form
/// that says something of a vagaresto must say all of it: a caller, and the answer.
fn parse_vagaresto(
    caller: &str,
    answer: &str,
    trick: Option<u8>,
    lang: Lang,
) -> Result<Option<Vagaresto>, String> {
    let tr = Tr::new(lang);
    if caller.is_empty() && answer.is_empty() {
        return Ok(None);
    }
    let caller = caller
        .parse::<u8>()
        .ok()
        .and_then(Seat::new)
        .ok_or_else(|| tr.t("trionfetti-need_caller").to_string())?;
    let answer = match answer {
        "accepted" => Answer::Accepted,
        "conceded" => Answer::Conceded,
        _ => return Err(tr.t("trionfetti-need_answer").to_string()),
    };
    Ok(Some(Vagaresto {
        caller,
        answer,
        trick,
        stake: None,
    }))
}

/// The vagaresto's answer the quick form gives: the button that records a vagaresto
/// conceded answers it, unless the form says it was accepted (the message id then).
fn answer(form: &HandForm) -> Result<&str, &'static str> {
    match (form.conceded.is_empty(), form.vagaresto_answer.as_str()) {
        (false, "") => Ok("conceded"),
        (false, "accepted") => Err("trionfetti-conceded_but_accepted"),
        (_, answer) => Ok(answer),
    }
}

/// The hand the quick form describes: the winning team, or a vagaresto conceded.
fn quick_hand(form: &HandForm, lang: Lang) -> Result<RecordEntry, String> {
    let tr = Tr::new(lang);
    let answer = answer(form).map_err(|id| tr.t(id).to_string())?;
    let vagaresto = parse_vagaresto(&form.vagaresto_caller, answer, None, lang)?;
    let conceded = vagaresto.is_some_and(|v| v.answer == Answer::Conceded);
    let winner = match form.winner.as_str() {
        "A" => Some(Team::A),
        "B" => Some(Team::B),
        _ => None,
    };
    if winner.is_none() && !conceded {
        return Err(tr.t("trionfetti-need_winner").to_string());
    }
    Ok(RecordEntry::Hand(HandEntry {
        winner: if conceded { None } else { winner },
        vagaresto,
        ..HandEntry::default()
    }))
}

/// The hand the quick form's `pairs` describe, as its handler reads them: what the
/// page's states ahead of a phone without network are played with.
pub(in crate::web::games) fn tap_entry(
    pairs: &[(String, String)],
    lang: Lang,
) -> Result<serde_json::Value, String> {
    let form: HandForm = serde_urlencoded::from_str(
        &serde_urlencoded::to_string(pairs).map_err(|error| error.to_string())?,
    )
    .map_err(|error| error.to_string())?;
    quick_hand(&form, lang).map(|entry| scoring::entry_json(&entry))
}

/// Quick entry: which team won, and a vagaresto if there was one.
pub async fn record_hand(
    request: HttpRequest,
    Visit { ctx, state }: Visit,
    form: web::Form<HandForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner();
    let entry = quick_hand(&form, ctx.lang());
    let draft = Draft {
        vagaresto_caller: form.vagaresto_caller.clone(),
        vagaresto_answer: answer(&form).unwrap_or(&form.vagaresto_answer).to_string(),
        ..Draft::default()
    };
    submit_entry(&request, ctx, &state, form.envelope, entry, draft).await
}

#[derive(Debug, Deserialize)]
pub struct SmazzataForm {
    #[serde(flatten)]
    envelope: Envelope,
    #[serde(default)]
    comanda: String,
    #[serde(default)]
    cut: String,
}

/// Card-by-card setup of a smazzata: the comanda as said and the cut card.
pub async fn record_smazzata(
    request: HttpRequest,
    Visit { ctx, state }: Visit,
    form: web::Form<SmazzataForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner();
    let lang = ctx.lang();
    let draft = Draft {
        comanda: form.comanda.clone(),
        cut: form.cut.clone(),
        ..Draft::default()
    };
    let comanda = form.comanda.trim().to_string();
    let entry = if comanda.is_empty() || comanda.len() > 500 {
        Err(Tr::new(lang).t("trionfetti-need_comanda").to_string())
    } else {
        match explicit_levels(&comanda) {
            Ok(ranking) => match form.cut.parse::<Card>() {
                Ok(cut) => Ok(RecordEntry::Smazzata(SmazzataEntry {
                    comanda: Some(comanda),
                    ranking,
                    cut,
                    author: None,
                    time: None,
                })),
                Err(_) => Err(Tr::new(lang).t("trionfetti-need_cut").to_string()),
            },
            Err(error) => {
                // Named in its smazzata, as the record's refusal of a ranking is.
                let smazzata = scorer(&request, &ctx, &state)
                    .await?
                    .loaded
                    .state()?
                    .deal()
                    .smazzata;
                let msg = Msg::new("ranking-in_smazzata")
                    .arg("smazzata", smazzata)
                    .arg("error", error.msg());
                Err(Tr::new(lang).msg(&msg))
            }
        }
    };
    submit_entry(&request, ctx, &state, form.envelope, entry, draft).await
}

/// The levels of an explicit ranking typed in the comanda field, which the record
/// keeps beside the text as said (comanda words are left to the rules, which read them
/// with the club's nicknames).
fn explicit_levels(text: &str) -> Result<Option<Vec<Vec<Card>>>, comanda::ExplicitError> {
    if !comanda::is_explicit(text) {
        return Ok(None);
    }
    comanda::parse_explicit(text).map(|ranking| {
        // Each level in the JSON form's order of suits (docs/comanda.md).
        let mut levels = ranking.levels().to_vec();
        for level in &mut levels {
            level.sort_by_key(|card| card.suit.letter());
        }
        Some(levels)
    })
}

/// Card-by-card hand: `action=check` works out the tricks so far and shows the
/// form again; `action=save` records the hand.
pub async fn record_tricks(
    request: HttpRequest,
    Visit { ctx, state }: Visit,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    // Repeated keys (`card`) need the ordered pairs, which a struct cannot take.
    let (envelope, pairs) = read_pairs(&body)?;
    let field = |name: &str| pair_value(&pairs, name);
    let mut cards: Vec<String> = pairs
        .iter()
        .filter(|(key, _)| key == "card")
        .map(|(_, value)| value.clone())
        .take(12)
        .collect();
    let action = field("action");
    if action == "back" {
        cards.pop();
    }
    let draft = Draft {
        cards: cards.clone(),
        vagaresto_caller: field("vagaresto_caller"),
        vagaresto_answer: field("vagaresto_answer"),
        vagaresto_trick: field("vagaresto_trick"),
        ..Draft::default()
    };
    let scorer = scorer(&request, &ctx, &state).await?;
    if !crate::web::games::pages(scorer.loaded.row.game).has_hand_forms() {
        return Err(AppError::NotFound);
    }
    let lang = ctx.lang();
    let state_now = scorer.loaded.state()?;
    if action == "save" {
        let entry = build_card_hand(&state_now, &draft, lang);
        return submit_entry(&request, ctx, &state, envelope, entry, draft).await;
    }
    // "Controlla" asks the rules what saving would, and stores nothing; a hand that
    // its tricks so far do not decide yet is one still being played, not an error.
    // A tap of the picker (a card, or one taken back) asks the same of the tricks
    // complete so far: the trick being played is judged once it is whole.
    let entry = if action == "check" {
        build_card_hand(&state_now, &draft, lang)
    } else {
        let whole = Draft {
            cards: draft.cards[..draft.cards.len() / 4 * 4].to_vec(),
            ..draft.clone()
        };
        build_card_hand(&state_now, &whole, lang)
    };
    let refusal = match entry {
        Err(_) if action != "check" && draft.cards.len() < 4 => None,
        Err(message) => Some(Shown {
            error: Some(message),
            ..Shown::default()
        }),
        Ok(entry) => match dry_run(&scorer, &scoring::entry_json(&entry))? {
            Err(Refusal::Rules(error)) if undecided(&error) => None,
            Err(refusal) => Some(refusal.shown(&scorer, lang)),
            Ok(()) => None,
        },
    };
    let status = match refusal {
        Some(_) => StatusCode::UNPROCESSABLE_ENTITY,
        None => StatusCode::OK,
    };
    let shown = refusal.unwrap_or_default();
    respond(ctx, &scorer, draft, shown, status)
}

/// Whether the rules refuse a hand only because its tricks do not decide it yet.
fn undecided(error: &AnyReplayError) -> bool {
    matches!(
        &error.error,
        AnyEntryError::Trionfetti(EntryError::Rule(RuleError::HandUndecided { .. }))
    )
}

fn build_card_hand(
    state: &crate::rules::trionfetti::Trionfetti,
    draft: &Draft,
    lang: Lang,
) -> Result<RecordEntry, String> {
    let summary = state.summary();
    let (rows, _) = trick_rows(state, &summary, draft);
    let mut tricks = Vec::new();
    let mut gap = false;
    for row in rows {
        let chosen: Vec<&String> = row
            .plays
            .iter()
            .map(|(_, _, code)| code)
            .filter(|code| !code.is_empty())
            .collect();
        if chosen.is_empty() {
            gap = true;
            continue;
        }
        // Cards after an empty trick would be left out of the hand: said, not dropped.
        if gap {
            return Err(Tr::new(lang).t("trionfetti-previous_trick").to_string());
        }
        let Some(leader) = row.leader else {
            return Err(Tr::new(lang).t("trionfetti-previous_trick").to_string());
        };
        let cards = chosen
            .iter()
            .map(|code| {
                code.parse::<Card>().map_err(|_| {
                    Tr::new(lang).t_args(
                        "trionfetti-unknown_card",
                        &[("text", Arg::from(format!("{code:?}")))],
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        tricks.push(Trick { leader, cards });
    }
    if tricks.is_empty() {
        return Err(Tr::new(lang).t("trionfetti-need_first_trick").to_string());
    }
    let trick = draft.vagaresto_trick.parse::<u8>().ok();
    let vagaresto = parse_vagaresto(
        &draft.vagaresto_caller,
        &draft.vagaresto_answer,
        trick,
        lang,
    )?;
    Ok(RecordEntry::Hand(HandEntry {
        tricks: Some(tricks),
        vagaresto,
        ..HandEntry::default()
    }))
}
