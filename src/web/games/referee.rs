//! The referee page of a match of any game: the scoreboard, the game's own entry
//! forms (`GamePages::outcome_form`), undo, corrections and the log. Reached through
//! `/score/{key}` and `/s/{key}` (`super::super::scoring`). The outcome forms of
//! Madrasso, Tressette, Trijumf and Vitou, with an advanced entry as JSON (card by
//! card), post to `…/outcome` and `…/json` here; Trionfetti's to `…/hand`,
//! `…/smazzata` and `…/tricks` in `super::trionfetti`; all to the shared `…/undo`
//! and `…/correct` in `scoring`.

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::super::context::{PageContext, Visit};
use super::super::error::AppError;
use super::super::i18n::{Tr, Worded};
use super::super::matches::status_key;
use super::super::scoring::{
    CorrectionWords, Draft, Envelope, LogLine, Scorer, read_pairs, scorer, shown_author, submit,
};
use super::Fields;
use super::first_dealer::FirstDeal;
use super::sheets::GameSheet;
use crate::accounts;
use crate::rules::any::AnyMatch;
use crate::rules::game::Team;
use crate::rules::kind::GameKind;
use crate::rules::record::SyntaxError;
use crate::store::matches::MatchStatus;

#[derive(Template)]
#[template(path = "games/referee.html")]
pub struct GameRefereePage {
    pub ctx: PageContext,
    pub base: String,
    pub title: String,
    pub public_id: String,
    /// The game, which names the page's class (`game-madrasso`…).
    pub game: GameKind,
    pub game_key: &'static str,
    pub players: Vec<String>,
    pub status: MatchStatus,
    pub sheet: GameSheet,
    pub next_seq: i64,
    pub submission_key: String,
    pub log: Vec<LogLine>,
    pub undoable: Option<usize>,
    pub correction: CorrectionWords,
    /// Play entries still in effect, which the outcome form may replace.
    pub replaceable: Vec<usize>,
    /// What was typed, shown again after a refusal.
    pub fields: Fields,
    /// What was typed in Trionfetti's forms.
    pub draft: Draft,
    /// The match as it stands.
    pub state: AnyMatch,
    pub notice: Option<String>,
    /// The entry the notice confirms (or, after an undo, the entry undone), whose
    /// line the notice repeats.
    pub recorded: Option<usize>,
    /// The entry just stored, which the notice carries for scripts and tests.
    pub stored: Option<usize>,
    pub error: Option<String>,
    /// The cards the error names, drawn beside its words.
    pub error_faces: Vec<crate::web::cards::Face>,
    pub conflict: bool,
    /// The entry confirmed was typed card by card: the cards' section shows it.
    pub at_cards: bool,
    /// Who deals first: asked before the first hand.
    pub first_deal: FirstDeal,
    /// The match was taken out of its event's draw: it takes nothing.
    pub out_of_draw: bool,
    /// The states a phone without network shows while its taps wait
    /// (`super::ahead`), as JSON; empty once the page takes no entry.
    pub ahead: String,
}

impl GameRefereePage {
    /// A typed value.
    pub fn v(&self, name: &str) -> &str {
        self.fields.get(name)
    }

    /// Whether a choice was the one typed (`default` when nothing was).
    pub fn is(&self, name: &str, value: &str) -> bool {
        self.fields.get(name) == value
    }

    /// Like `is`, and true for `value` when nothing was chosen.
    pub fn is_or(&self, name: &str, value: &str, default: bool) -> bool {
        let chosen = self.fields.get(name);
        chosen == value || (chosen.is_empty() && default)
    }

    /// `decl0_seat`…: the name of a field of row `row`.
    pub fn row_field(&self, prefix: &str, row: &usize, name: &str) -> String {
        format!("{prefix}{row}_{name}")
    }

    pub fn row_value(&self, prefix: &str, row: &usize, name: &str) -> String {
        self.fields
            .get(&self.row_field(prefix, row, name))
            .to_string()
    }

    pub fn row_is(&self, prefix: &str, row: &usize, name: &str, value: &str) -> bool {
        self.fields.get(&self.row_field(prefix, row, name)) == value
    }

    /// Whether any field of the form's rows `prefix0_…` was typed: their section
    /// opens to show it.
    pub fn rows_typed(&self, prefix: &str) -> bool {
        let start = |row: usize| format!("{prefix}{row}_");
        self.rows().into_iter().any(|row| {
            self.fields
                .pairs()
                .iter()
                .any(|(key, value)| key.starts_with(&start(row)) && !value.trim().is_empty())
        })
    }

    pub fn status_label(&self) -> &'static str {
        if self.out_of_draw {
            return self.ctx.t("scoring-status_out_of_draw");
        }
        self.ctx.t(status_key(self.status))
    }

    pub fn teams(&self) -> [Team; 2] {
        Team::BOTH
    }

    /// Seats as (value, label).
    pub fn seat_options(&self) -> Vec<(String, String)> {
        super::seats(&self.players)
            .into_iter()
            .map(|seat| (seat.to_string(), super::seat_name(&self.players, seat)))
            .collect()
    }

    pub fn side_label(&self, team: &Team) -> String {
        self.sheet.side_label(team)
    }

    pub fn accepts_play(&self) -> bool {
        !self.sheet.over && self.status != MatchStatus::Forfeit && !self.out_of_draw
    }

    /// The rows of declarations or bids a form offers, the ones `Fields` reads back.
    pub fn rows(&self) -> Vec<usize> {
        (0..super::fields::SEAT_ROWS).collect()
    }

    pub fn suits(&self) -> Vec<(String, &'static str)> {
        let lang = self.ctx.lang();
        crate::rules::card::Suit::ALL
            .into_iter()
            .map(|suit| (suit.letter().to_string(), super::suit_name(suit, lang)))
            .collect()
    }

    /// The log's line for the entry just recorded, shown with its confirmation.
    pub fn recorded_line(&self) -> Option<&str> {
        let seq = self.recorded?;
        self.log
            .iter()
            .find(|line| line.index == seq)
            .map(|line| line.text.as_str())
    }

    /// The confirmation of entry `seq`, counted from 1 as people count: what was
    /// recorded, or what an undo took back.
    pub fn confirm(&mut self, seq: usize) {
        let line = self.log.iter().find(|line| line.index == seq);
        let undone = line
            .filter(|line| line.kind == "void")
            .and_then(|line| line.target);
        let (key, shown) = match undone {
            Some(target) => ("scoring-undone_number", target),
            None => ("scoring-recorded_number", seq),
        };
        let number = crate::lang::Arg::from(shown + 1);
        self.notice = Some(self.ctx.t_args(key, &[("number", number)]));
        self.recorded = Some(shown);
        self.stored = Some(seq);
    }

    /// An entry's number as people count, from 1.
    pub fn number(&self, index: &usize) -> usize {
        index + 1
    }

    /// The game's outcome form, rendered as part of this page.
    pub fn outcome_form(&self) -> askama::Result<String> {
        super::pages(self.game).outcome_form(self)
    }
}

/// The outcome form of Madrasso, Tressette, Trijumf or Vitou in its section, with the
/// choice of an entry it replaces, and the entry as JSON.
#[derive(Template)]
#[template(path = "games/outcome_section.html")]
pub struct OutcomeSection<'a> {
    pub page: &'a GameRefereePage,
    /// The game's own fields, rendered.
    pub form: String,
}

impl std::ops::Deref for OutcomeSection<'_> {
    type Target = GameRefereePage;

    fn deref(&self) -> &GameRefereePage {
        self.page
    }
}

/// The page for the match as it stands, with what the referee typed.
pub fn build_page(
    ctx: PageContext,
    scorer: &Scorer,
    draft: Draft,
) -> Result<GameRefereePage, AppError> {
    let lang = ctx.lang();
    let tr = Tr::new(lang);
    let loaded = &scorer.loaded;
    let record = loaded.any_record()?;
    let state = record
        .replay(&loaded.nicknames)
        .map_err(|error| crate::store::StoreError::Corrupt(format!("stored log: {error}")))?;
    let players = loaded.row.player_names();
    let pages = super::pages(loaded.row.game);
    let (voided, replaced) = record.voided_and_replaced();
    let corrections = record.corrections();
    let entries = record.entries_json();
    let kinds = record.entry_kinds();
    let log = entries
        .iter()
        .enumerate()
        .map(|(index, entry)| {
            let row = &loaded.entries[index];
            let choices = pages.correction_choices(kinds[index]);
            LogLine {
                index,
                target: entry
                    .get("target")
                    .and_then(serde_json::Value::as_u64)
                    .map(|target| target as usize),
                kind: kinds[index],
                text: super::log_line(loaded.row.game, entry, &players, tr),
                author: shown_author(row, lang),
                time: crate::zone::to_local(row.created_at, loaded.zone)
                    .format("%H:%M")
                    .to_string(),
                voided: voided.contains(&index),
                replaced: replaced.contains(&index),
                correctable: choices.is_some() && !voided.contains(&index),
                replace_with: choices.unwrap_or_default(),
            }
        })
        .rev()
        .collect();
    let replaceable = corrections
        .iter()
        .enumerate()
        .filter(|(index, correction)| {
            correction.is_none() && !voided.contains(index) && kinds[*index] != "first_dealer"
        })
        .map(|(index, _)| index)
        .collect();
    let first_deal = FirstDeal::of(
        loaded.row.game,
        &record,
        &players,
        scorer.in_event,
        &draft.fields,
        lang,
    );
    let ahead = if state.is_over() || loaded.moved.is_some() {
        String::new()
    } else {
        super::ahead::states_ahead(&record, &state, &loaded.nicknames, &players, tr)
    };
    Ok(GameRefereePage {
        ahead,
        base: scorer.base.clone(),
        title: Tr::new(lang).msg(&loaded.title_msg()),
        public_id: loaded.row.public_id.clone(),
        game: loaded.row.game,
        game_key: super::game_key(loaded.row.game),
        sheet: GameSheet::of(&state, &players, tr),
        players,
        status: loaded.row.status(),
        next_seq: loaded.next_seq(),
        submission_key: accounts::submission_key(chrono::Utc::now()),
        // The quick undo takes back hands; who deals first is voided from the log.
        undoable: record
            .last_undoable()
            .filter(|index| kinds[*index] != "first_dealer"),
        log,
        correction: pages.correction_words(),
        replaceable,
        fields: Fields::new(draft.fields.clone()),
        draft,
        state,
        notice: None,
        recorded: None,
        stored: None,
        // An old link of a match taken out of the draw says where the table's play is.
        error: loaded
            .moved
            .as_ref()
            .map(|moved| crate::web::scoring::moved::words(tr, moved)),
        error_faces: Vec::new(),
        conflict: false,
        at_cards: false,
        first_deal,
        out_of_draw: loaded.moved.is_some(),
        ctx,
    })
}

/// A game's form as typed: its envelope, and at most 64 of its pairs, those `keep`
/// takes by name, in the draft that shows them again after a refusal.
pub(super) fn read_typed(
    body: &[u8],
    keep: impl Fn(&str) -> bool,
) -> Result<(Envelope, Draft), AppError> {
    let (envelope, pairs) = read_pairs(body)?;
    let fields = pairs
        .into_iter()
        .filter(|(key, _)| keep(key))
        .take(64)
        .collect();
    let draft = Draft {
        fields,
        ..Draft::default()
    };
    Ok((envelope, draft))
}

/// Every field of an outcome form but the envelope's.
fn outcome_field(key: &str) -> bool {
    !matches!(
        key,
        "csrf_token" | "expected_seq" | "submission_key" | "keep_scroll"
    )
}

/// A deal (or round) by outcome, through the game's form.
pub async fn record_outcome(
    request: HttpRequest,
    Visit { ctx, state }: Visit,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let (envelope, draft) = read_typed(&body, outcome_field)?;
    let scorer = scorer(&request, &ctx, &state).await?;
    let fields = Fields::new(draft.fields.clone());
    let entry = super::outcome_entry(scorer.loaded.row.game, &fields, Tr::new(ctx.lang()));
    submit(&request, ctx, &state, envelope, entry, draft).await
}

/// Any entry of the match's game as JSON: card by card, or a correction.
pub async fn record_json(
    request: HttpRequest,
    Visit { ctx, state }: Visit,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let (envelope, draft) = read_typed(&body, outcome_field)?;
    let lang = ctx.lang();
    let text = Fields::new(draft.fields.clone()).get("entry").to_string();
    let entry = if text.is_empty() {
        Err(Tr::new(lang).t("games-json_missing").to_string())
    } else {
        serde_json::from_str::<serde_json::Value>(&text)
            .map_err(|error| SyntaxError::json(&error).message(lang))
    };
    submit(&request, ctx, &state, envelope, entry, draft).await
}
