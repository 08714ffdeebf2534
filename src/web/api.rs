//! The JSON API: read a match's state and log, append an entry with the expected
//! sequence number, void an entry. Same rules and refusals as the pages.
//!
//! Authentication is a session (writes then need the `X-CSRF-Token` header like
//! any form) or `Authorization: Bearer TOKEN`, where the token is a personal API
//! token (acting as its account) or a match's private scoring link (acting for
//! that match only). The OpenAPI document is served at `/api/v1/openapi.json`.

mod summary_json;

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::context::{Account, PageContext, SessionUser, Visit};
use super::error::AppError;
use super::i18n::{Tr, Worded, in_both};
use super::matches::{PathMatch, load_match, status_key};
use super::paging::{PageLinks, page_and_offset};
use super::scoring::{may_score, may_score_knowing};
use super::{AppState, redirect};
use crate::accounts;
use crate::lang::{Arg, Lang};
use crate::rules::comanda::Nicknames;
use crate::rules::json_text;
use crate::rules::record::{RecordEntry, VoidEntry};
use crate::scoring::{self, AppendOutcome, LoadedMatch, Submitted};
use crate::store::matches::{self, Author, MatchRow};
use crate::store::pg::scoring_context::Lookup;
use crate::store::{Db, DbConnection, StoreResult, api_tokens};

/// Who is calling the API.
enum Caller {
    /// An account; `referee` is whether it referees the match, when that was read
    /// with the match (PostgreSQL), otherwise `may_score` reads it.
    User {
        user: SessionUser,
        referee: Option<bool>,
    },
    /// The holder of a match's private scoring link.
    Link {
        link_id: i64,
        match_id: i64,
    },
    Anonymous,
}

/// Whether the request carries a bearer token (checked by the API handlers).
pub fn has_bearer(request: &HttpRequest) -> bool {
    bearer(request).is_some()
}

fn bearer(request: &HttpRequest) -> Option<String> {
    request
        .headers()
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .split_once(' ')
        // Auth schemes are case-insensitive (RFC 9110, 11.1): `bearer` is `Bearer`.
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim().to_string())
}

/// What score entry reads before it checks an entry.
struct ScoringRead {
    row: MatchRow,
    /// The comanda nicknames of the match's club, which the check needs.
    nicknames: Nicknames,
    caller: Caller,
}

/// The match, its club's nicknames and who is calling, read together: score entry
/// is the hottest path. On PostgreSQL in one statement shared with the other
/// requests pending at once; on SQLite on one reader connection, one statement
/// after the other. One trip to the read pool rather than two: a reader's page
/// cache is emptied whenever the writer has committed since its last read, and
/// the second trip read its pages again (one trip makes 13 % fewer system calls
/// per entry).
async fn match_and_caller(
    request: &HttpRequest,
    ctx: &PageContext,
    state: &AppState,
    public_id: &str,
) -> Result<ScoringRead, AppError> {
    let token = bearer(request);
    let lookup = token
        .clone()
        .map(|token| (token.clone(), accounts::token_hash(&token)));
    let public_id = public_id.to_string();
    /// The match with its club's nicknames, the bearer token's account and link.
    type Read = Option<(
        MatchRow,
        Nicknames,
        Option<(SessionUser, Option<bool>)>,
        Option<(i64, i64)>,
    )>;
    let batched = state.db.scoring_context(Lookup {
        public_id: public_id.clone(),
        token: lookup.clone(),
    });
    let read: Read = match batched {
        Some(read) => match read.await.unwrap_or_else(|_| Err(Db::interrupted()))? {
            Some(read) => {
                let user = read.owner.map(|owner| {
                    let referee = owner.referee;
                    let user = SessionUser {
                        id: owner.id,
                        role: owner.role,
                        username: owner.username,
                        display_name: owner.display_name,
                    };
                    (user, Some(referee))
                });
                Some((read.row, read.nicknames, user, read.link))
            }
            None => None,
        },
        None => {
            state
                .read_by_key(move |connection| {
                    let Some(row) = matches::find_by_public_id(connection, &public_id)? else {
                        return Ok(None);
                    };
                    let (user, link) = match lookup.clone() {
                        // A personal token's account is the caller; a link is looked
                        // for only when it is none.
                        Some((token, hash)) => match api_tokens::user_for(connection, &hash)? {
                            Some(user) => (Some(user), None),
                            None => (None, matches::link_by_token(connection, &token)?),
                        },
                        None => (None, None),
                    };
                    let user = user.map(|user| {
                        let user = SessionUser {
                            id: user.id,
                            role: user.role(),
                            username: user.username,
                            display_name: user.display_name,
                        };
                        (user, None)
                    });
                    let link = link.map(|link| (link.id, link.match_id));
                    let nicknames = crate::store::clubs::nicknames_for_match(connection, row.id)?;
                    Ok(Some((row, nicknames, user, link)))
                })
                .await?
        }
    };
    let (row, nicknames, user, link) = read.ok_or(AppError::NotFound)?;
    let caller = match (token, user, link) {
        (None, _, _) => ctx
            .user
            .clone()
            .map_or(Caller::Anonymous, |user| Caller::User {
                user,
                referee: None,
            }),
        (Some(_), Some((user, referee)), _) => Caller::User { user, referee },
        (Some(_), None, Some((link_id, match_id))) => Caller::Link { link_id, match_id },
        (Some(_), None, None) => return Err(AppError::Unauthorized),
    };
    Ok(ScoringRead {
        row,
        nicknames,
        caller,
    })
}

/// The author of a write, or the refusal the pages would give.
async fn writer(
    ctx: &PageContext,
    state: &AppState,
    row: &MatchRow,
    caller: Caller,
) -> Result<Author, AppError> {
    match caller {
        Caller::Anonymous => Err(AppError::Unauthorized),
        Caller::Link { link_id, match_id } if match_id == row.id => Ok(Author::Link {
            id: link_id,
            label: ctx.t("scoring-link_author").to_string(),
        }),
        Caller::Link { .. } => Err(AppError::Forbidden),
        Caller::User { user, referee } => {
            let allowed = match referee {
                Some(referee) => may_score_knowing(&user, row, referee),
                None => may_score(state, &user, row).await?,
            };
            if allowed {
                Ok(Author::User {
                    id: user.id,
                    label: user.display_name,
                })
            } else {
                Err(AppError::Forbidden)
            }
        }
    }
}

/// The answer to an append that was recorded.
#[derive(Serialize)]
struct Appended<'a> {
    seq: i64,
    #[serde(rename = "match")]
    after: StateAnswer<'a>,
}

/// A match's state as the API shows it (see `state_json`), but for its summary,
/// which follows `next_seq` as text.
#[derive(Serialize)]
struct StateAnswer<'a> {
    id: &'a str,
    title: &'a str,
    game: crate::rules::kind::GameKind,
    status: &'a str,
    players: Vec<String>,
    next_seq: i64,
}

fn json_response(status: StatusCode, body: serde_json::Value) -> HttpResponse {
    HttpResponse::build(status)
        .content_type("application/json")
        .body(body.to_string())
}

/// A refusal with a message in both languages, for clients that show it to referees.
fn refusal(status: StatusCode, code: &str, message_it: String, message_en: String) -> HttpResponse {
    json_response(
        status,
        json!({ "error": code, "message_it": message_it, "message_en": message_en }),
    )
}

/// The match as stored now, replayed (for answers that did not append).
async fn current_state(state: &AppState, public_id: &str) -> Result<serde_json::Value, AppError> {
    state_json(&load_match(state, public_id).await?)
}

fn state_json(loaded: &LoadedMatch) -> Result<serde_json::Value, AppError> {
    let game = loaded.any_state()?;
    Ok(json!({
        "id": loaded.row.public_id,
        "title": loaded.row.title,
        "game": loaded.row.game,
        "status": loaded.row.status().as_str(),
        "players": loaded.row.player_names(),
        "next_seq": loaded.next_seq(),
        "summary": game.summary_json(),
    }))
}

pub async fn match_state(PathMatch(loaded): PathMatch) -> Result<HttpResponse, AppError> {
    Ok(json_response(StatusCode::OK, state_json(&loaded)?))
}

/// Entries one answer of `GET …/entries` gives at most, and when `limit` is not given.
pub const ENTRIES_LIMIT: usize = 500;

/// `GET …/entries`'s cursor: the entries after the sequence number `after`, at most
/// `limit` of them. Text, so that a wrong value is refused in the API's own words.
#[derive(Deserialize)]
pub struct EntriesQuery {
    #[serde(default)]
    after: Option<String>,
    #[serde(default)]
    limit: Option<String>,
}

impl EntriesQuery {
    /// The first sequence number to give and how many at most; `None` when a value is
    /// not a number in its range.
    fn window(&self) -> Option<(usize, usize)> {
        let first = match &self.after {
            None => 0,
            Some(after) => after.trim().parse::<u64>().ok()?.saturating_add(1),
        };
        let limit = match &self.limit {
            None => ENTRIES_LIMIT,
            Some(limit) => limit.trim().parse::<usize>().ok()?,
        };
        if !(1..=ENTRIES_LIMIT).contains(&limit) {
            return None;
        }
        Some((usize::try_from(first).unwrap_or(usize::MAX), limit))
    }
}

/// The match's log, oldest first, a window at a time (`?after=<seq>&limit=<n>`); when
/// more follow, a `Link: <…>; rel="next"` header (RFC 8288) gives the next window.
pub async fn entries(
    state: web::Data<AppState>,
    query: web::Query<EntriesQuery>,
    PathMatch(loaded): PathMatch,
) -> Result<HttpResponse, AppError> {
    let Some((first, limit)) = query.window() else {
        let [message_it, message_en] =
            in_both(|tr| tr.t_args("api-bad_window", [("limit", (ENTRIES_LIMIT as i64).into())]));
        return Ok(refusal(
            StatusCode::BAD_REQUEST,
            "bad_query",
            message_it,
            message_en,
        ));
    };
    let record = loaded.any_record()?;
    let (voided, replaced) = record.voided_and_replaced();
    let all = record.entries_json();
    let list: Vec<serde_json::Value> = all
        .iter()
        .enumerate()
        .skip(first)
        .take(limit)
        .map(|(seq, entry)| {
            json!({
                "seq": seq,
                "entry": entry,
                "voided": voided.contains(&seq),
                "replaced": replaced.contains(&seq),
            })
        })
        .collect();
    let mut response = HttpResponse::Ok();
    response.content_type("application/json");
    let last = first.saturating_add(limit);
    if last < all.len() {
        let next = state.link(&format!(
            "/api/v1/matches/{}/entries?after={}&limit={limit}",
            loaded.row.public_id,
            last - 1
        ));
        response.insert_header((header::LINK, format!("<{next}>; rel=\"next\"")));
    }
    Ok(response.body(json!({ "entries": list }).to_string()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AppendBody {
    expected_seq: i64,
    /// Repeating a request with the same key records it once.
    #[serde(default)]
    submission_key: Option<String>,
    /// The entry as the match's game writes it in a record; read by `Scoring::append`.
    entry: serde_json::Value,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VoidBody {
    expected_seq: i64,
    reason: String,
    #[serde(default)]
    submission_key: Option<String>,
}

fn unreadable(error: serde_json::Error) -> HttpResponse {
    let complaint = json_text::Complaint::new(&error);
    let (line, column) = (complaint.line, complaint.column);
    refusal_in_words(StatusCode::BAD_REQUEST, "unreadable", |_| {
        let message = Arg::Msg(complaint.msg.clone());
        if line > 0 {
            let at = [("line", line.to_string()), ("column", column.to_string())];
            let mut args: Vec<_> = at.map(|(name, value)| (name, Arg::from(value))).into();
            args.push(("message", message));
            ("api-unreadable_at", args)
        } else {
            ("api-unreadable", vec![("message", message)])
        }
    })
}

/// A refusal whose two messages are one Fluent message, worded in Italian and English
/// (`words` gives the id and arguments for a language).
fn refusal_in_words(
    status: StatusCode,
    code: &str,
    words: impl Fn(Lang) -> (&'static str, Vec<(&'static str, Arg)>),
) -> HttpResponse {
    let [message_it, message_en] = in_both(|tr| {
        let (id, args) = words(tr.lang());
        tr.t_args(id, args)
    });
    refusal(status, code, message_it, message_en)
}

/// Appends the entry posted, as any API call that writes to a match does.
async fn append(
    request: &HttpRequest,
    ctx: &PageContext,
    state: &AppState,
    public_id: &str,
    posted: AppendBody,
) -> Result<HttpResponse, AppError> {
    let AppendBody {
        expected_seq,
        submission_key,
        entry,
    } = posted;
    let ScoringRead {
        row,
        nicknames,
        caller,
    } = match_and_caller(request, ctx, state, public_id).await?;
    let author = writer(ctx, state, &row, caller).await?;
    let submission_key = submission_key
        .filter(|key| !key.is_empty() && key.len() <= 100)
        .unwrap_or_else(|| accounts::submission_key(chrono::Utc::now()));
    let outcome = state
        .scoring
        .append(Submitted {
            row: &row,
            nicknames: &nicknames,
            expected_seq,
            entry,
            author,
            submission_key,
        })
        .await?;
    let response = match outcome {
        AppendOutcome::Appended {
            seq,
            status,
            state: after_entry,
        } => {
            let summary = summary_json::summary_text(&after_entry);
            state.notify(row.id);
            // The state the append left, as `state_json` would read it back. Written
            // straight to text: the summary holds the whole score sheet, and `json!`
            // would copy it into a new tree at every level.
            let after = Appended {
                seq,
                after: StateAnswer {
                    id: &row.public_id,
                    title: &row.title,
                    game: row.game,
                    status: status.as_str(),
                    players: row.player_names(),
                    next_seq: seq + 1,
                },
            };
            let mut body = serde_json::to_string(&after)
                .map_err(|error| AppError::Internal(format!("answer of an append: {error}")))?;
            // The summary is JSON text already; as a `RawValue` serde_json would
            // read all of it through again. It is the match's last field.
            body.truncate(body.len() - "}}".len());
            body.push_str(",\"summary\":");
            body.push_str(&summary);
            body.push_str("}}");
            HttpResponse::build(StatusCode::CREATED)
                .content_type("application/json")
                .body(body)
        }
        AppendOutcome::AlreadyRecorded { seq } => json_response(
            StatusCode::OK,
            json!({ "seq": seq, "already_recorded": true, "match": current_state(state, public_id).await? }),
        ),
        AppendOutcome::Stale { expected, current } => {
            let [message_it, message_en] = in_both(|tr| tr.t("api-stale"));
            json_response(
                StatusCode::CONFLICT,
                json!({
                    "error": "stale",
                    "expected_seq": expected,
                    "current_seq": current,
                    "message_it": message_it,
                    "message_en": message_en,
                    "match": current_state(state, public_id).await?,
                }),
            )
        }
        AppendOutcome::Refused { error } => {
            let [message_it, message_en] = in_both(|tr| tr.msg(&error.msg()));
            json_response(
                StatusCode::UNPROCESSABLE_ENTITY,
                json!({
                    "error": "refused",
                    "index": error.index,
                    "failing": error.failing,
                    "message_it": message_it,
                    "message_en": message_en,
                }),
            )
        }
        AppendOutcome::Unreadable { error } => {
            let [message_it, message_en] = in_both(|tr| error.message(tr.lang()));
            refusal(
                StatusCode::BAD_REQUEST,
                "unreadable",
                message_it,
                message_en,
            )
        }
        // The status in each message's own language: "finita", not "finished".
        AppendOutcome::Closed { status } => {
            refusal_in_words(StatusCode::CONFLICT, "closed", |lang| {
                let shown = Tr::new(lang).t(status_key(status));
                ("api-closed", vec![("status", shown.into())])
            })
        }
        AppendOutcome::OutOfDraw => {
            let public_id = public_id.to_string();
            let moved = state
                .read(move |connection| {
                    Ok(crate::scoring::LoadedMatch::load(connection, &public_id)?
                        .and_then(|loaded| loaded.moved))
                })
                .await?;
            let [message_it, message_en] = in_both(|tr| match &moved {
                Some(moved) => crate::web::scoring::moved::words(tr, moved),
                None => tr.t("scoring-out_of_draw").to_string(),
            });
            refusal(StatusCode::CONFLICT, "out_of_draw", message_it, message_en)
        }
        AppendOutcome::NotFound => return Err(AppError::NotFound),
    };
    Ok(response)
}

pub async fn append_entry(
    request: HttpRequest,
    Visit { ctx, state }: Visit,
    id: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let body: AppendBody = match serde_json::from_slice(&body) {
        Ok(body) => body,
        Err(error) => return Ok(unreadable(error)),
    };
    append(&request, &ctx, &state, &id, body).await
}

pub async fn void_entry(
    request: HttpRequest,
    Visit { ctx, state }: Visit,
    path: web::Path<(String, usize)>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let (id, target) = path.into_inner();
    let body: VoidBody = match serde_json::from_slice(&body) {
        Ok(body) => body,
        Err(error) => return Ok(unreadable(error)),
    };
    let reason = body.reason.trim().chars().take(300).collect::<String>();
    if reason.is_empty() {
        return Ok(refusal_in_words(
            StatusCode::UNPROCESSABLE_ENTITY,
            "reason_required",
            |_| ("api-reason_required", Vec::new()),
        ));
    }
    let entry = scoring::entry_json(&RecordEntry::Void(VoidEntry {
        target,
        reason,
        author: None,
        time: None,
    }));
    let posted = AppendBody {
        expected_seq: body.expected_seq,
        submission_key: body.submission_key,
        entry,
    };
    append(&request, &ctx, &state, &id, posted).await
}

/// The OpenAPI 3.1 description of this API (`super::openapi`).
pub async fn openapi(state: web::Data<AppState>) -> HttpResponse {
    json_response(StatusCode::OK, super::openapi::document(&state.public_url))
}

// ---------------------------------------------------------------- personal tokens

#[derive(Template, WebTemplate)]
#[template(path = "auth/tokens.html")]
pub struct TokensPage {
    pub ctx: PageContext,
    /// A page of the account's live tokens, the newest first.
    pub tokens: Vec<api_tokens::ApiToken>,
    pub links: PageLinks,
    pub new_token: Option<String>,
}

/// Tokens on one page of an account's list.
pub const TOKENS_PAGE_SIZE: i64 = 20;

#[derive(Deserialize)]
pub struct TokensQuery {
    /// Read leniently: a page that is not a number is the first.
    #[serde(default)]
    page: String,
}

/// The account's page `asked` of live tokens.
fn tokens_page(
    connection: &mut DbConnection,
    user_id: i64,
    asked: Option<u32>,
) -> StoreResult<(Vec<api_tokens::ApiToken>, PageLinks)> {
    let (page, offset) = page_and_offset(asked, TOKENS_PAGE_SIZE);
    let (tokens, more) = api_tokens::page_live(connection, user_id, offset, TOKENS_PAGE_SIZE)?;
    let mut links = PageLinks::new("/account/tokens", page);
    links.more = more;
    Ok((tokens, links))
}

pub async fn tokens(
    query: web::Query<TokensQuery>,
    Account { ctx, state, user }: Account,
) -> Result<TokensPage, AppError> {
    let user_id = user.id;
    let asked = query.page.trim().parse().ok();
    let (tokens, links) = state
        .read(move |connection| tokens_page(connection, user_id, asked))
        .await?;
    Ok(TokensPage {
        ctx,
        tokens,
        links,
        new_token: None,
    })
}

#[derive(Deserialize)]
pub struct NewTokenForm {
    #[serde(default)]
    label: String,
}

/// Creates a token and shows it once; only its hash is kept.
pub async fn create_token(
    form: web::Form<NewTokenForm>,
    Account { ctx, state, user }: Account,
) -> Result<TokensPage, AppError> {
    let user_id = user.id;
    let label: String = form.label.trim().chars().take(80).collect();
    let label = if label.is_empty() {
        "API".to_string()
    } else {
        label
    };
    let token = accounts::random_token();
    let hash = accounts::token_hash(&token);
    let (tokens, links) = state
        .write(move |connection| {
            api_tokens::insert(connection, user_id, &label, &hash)?;
            tokens_page(connection, user_id, None)
        })
        .await?;
    Ok(TokensPage {
        ctx,
        tokens,
        links,
        new_token: Some(token),
    })
}

pub async fn revoke_token(
    id: web::Path<i64>,
    Account { state, user, .. }: Account,
) -> Result<HttpResponse, AppError> {
    let user_id = user.id;
    let token_id = id.into_inner();
    let revoked = state
        .write(move |connection| api_tokens::revoke(connection, user_id, token_id))
        .await?;
    if !revoked {
        return Err(AppError::NotFound);
    }
    Ok(redirect("/account/tokens"))
}
