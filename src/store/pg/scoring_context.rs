//! What a score entry needs to know before it is checked (PostgreSQL): the match,
//! its event's club and the club's nicknames, and what the bearer token is, read
//! for every entry pending at once in one statement (see `batch`). On SQLite
//! `api::match_and_caller` makes these reads one by one, where they cost no round
//! trip.

use diesel::pg::{Pg, PgConnection};
use diesel::query_builder::{AstPass, QueryFragment};
use diesel::sql_types::{BigInt, Bool, Integer, Nullable, Text, Timestamp};
use diesel::{QueryResult, RunQueryDsl};

use super::batch::{Answer, Batcher, Connect};
use crate::accounts::Role;
use crate::rules::comanda::Nicknames;
use crate::store::StoreResult;
use crate::store::matches::MatchRow;

/// Enough for every connection of a busy server at once.
const MOST_READS_PER_STATEMENT: usize = 256;

/// A match to read by public id, with the request's bearer token, if any.
#[derive(Debug, Clone)]
pub struct Lookup {
    pub public_id: String,
    /// The bearer token and its hash (`accounts::token_hash`).
    pub token: Option<(String, String)>,
}

/// Who holds a bearer token, read with the match.
#[derive(Debug, Clone)]
pub struct TokenOwner {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    pub role: Role,
    /// Whether the account is one of the match's referees.
    pub referee: bool,
}

/// What a write to a match needs to know first.
pub struct ScoringContext {
    pub row: MatchRow,
    pub event_id: Option<i64>,
    /// The club of the match's event, whose nicknames the entry is read with.
    pub club_id: Option<i64>,
    /// That club's nicknames (none for a match outside any event).
    pub nicknames: Nicknames,
    /// The owner of the bearer token as a personal API token, if it is one.
    pub owner: Option<TokenOwner>,
    /// The bearer token as a live scoring link: (link id, its match id).
    pub link: Option<(i64, i64)>,
}

/// Starts the thread that reads the batches.
pub(super) fn start(connect: Connect) -> std::io::Result<Batcher<Lookup, Option<ScoringContext>>> {
    Batcher::start(
        "pg-contexts",
        MOST_READS_PER_STATEMENT,
        connect,
        scoring_contexts,
    )
}

/// The answer to a lookup queued with `Db::scoring_context`.
pub type Read = Answer<Option<ScoringContext>>;

type Row = (
    i64,
    MatchRow,
    Option<i64>,
    Option<i64>,
    Option<(i64, String, String, String, bool)>,
    Option<(i64, i64)>,
    Option<String>,
);

/// Each lookup's context, in their order (`None`: no such match).
fn scoring_contexts(
    connection: &mut PgConnection,
    lookups: &[Lookup],
) -> StoreResult<Vec<Option<ScoringContext>>> {
    let mut query = ReadContexts::default();
    for lookup in lookups {
        query.public_ids.push(&lookup.public_id);
        query
            .tokens
            .push(lookup.token.as_ref().map(|(token, _)| token.as_str()));
        query
            .token_hashes
            .push(lookup.token.as_ref().map(|(_, hash)| hash.as_str()));
    }
    let rows: Vec<Row> = query.load(connection)?;
    let mut contexts: Vec<Option<ScoringContext>> = lookups.iter().map(|_| None).collect();
    for (position, row, event_id, club_id, owner, link, nicknames) in rows {
        let Some(slot) = usize::try_from(position - 1)
            .ok()
            .and_then(|index| contexts.get_mut(index))
        else {
            continue;
        };
        *slot = Some(ScoringContext {
            owner: owner.map(|(id, username, display_name, role, referee)| TokenOwner {
                id,
                username,
                display_name,
                role: Role::stored(&role),
                referee,
            }),
            nicknames: nicknames
                .map(|text| crate::store::clubs::dictionary_from_text(&text))
                .unwrap_or_default(),
            link,
            row,
            event_id,
            club_id,
        });
    }
    Ok(contexts)
}

/// The lookups as arrays, each joined to at most one row of each table (public
/// ids, token hashes and link tokens are unique), so each yields at most one row.
/// The text never changes, so the statement is prepared once per connection.
#[derive(Default)]
struct ReadContexts<'a> {
    public_ids: Vec<&'a str>,
    token_hashes: Vec<Option<&'a str>>,
    tokens: Vec<Option<&'a str>>,
}

impl QueryFragment<Pg> for ReadContexts<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql(
            "SELECT q.position, m.id, m.public_id, m.title, m.game, m.options_json, \
             m.players_json, m.first_dealer, m.status, m.status_note, m.status_by, \
             m.status_at, m.created_by, m.created_at, m.event_id, e.club_id, \
             o.id, o.username, o.display_name, o.role, o.referee, l.id, l.match_id, \
             (SELECT string_agg(n.name || ' = ' || n.expansion || E'\\n', '' ORDER BY n.folded) \
              FROM club_nicknames n WHERE n.club_id = e.club_id) \
             FROM unnest(",
        );
        bind_arrays!(out,
            Text => &self.public_ids,
            Nullable<Text> => &self.token_hashes,
            Nullable<Text> => &self.tokens,
        );
        // Each table is reached through a LATERAL subquery with a LIMIT, which the
        // planner cannot flatten into a join: every lookup is then an index scan,
        // whatever the plan PostgreSQL keeps for the prepared statement. As joins,
        // its generic plan (planned for a hundred lookups of unknown values) scanned
        // and hashed whole tables for every batch.
        out.push_sql(
            ") WITH ORDINALITY AS q(public_id, token_hash, token, position) \
             JOIN LATERAL (SELECT * FROM matches m WHERE m.public_id = q.public_id LIMIT 1) m ON true \
             LEFT JOIN LATERAL (SELECT e.club_id FROM events e WHERE e.id = m.event_id LIMIT 1) e ON true \
             LEFT JOIN LATERAL (SELECT u.id, u.username, u.display_name, u.role, \
               EXISTS (SELECT 1 FROM match_referees r WHERE r.match_id = m.id AND r.user_id = u.id) AS referee \
               FROM api_tokens t JOIN users u ON u.id = t.user_id \
               WHERE t.token_hash = q.token_hash AND t.revoked_at IS NULL LIMIT 1) o ON true \
             LEFT JOIN LATERAL (SELECT l.id, l.match_id FROM scoring_links l \
               WHERE l.token = q.token AND l.revoked_at IS NULL LIMIT 1) l ON true",
        );
        Ok(())
    }
}

batch_statement!(ReadContexts => (
    BigInt,
    (
        BigInt,
        Text,
        Text,
        Text,
        Text,
        Text,
        Integer,
        Text,
        Nullable<Text>,
        Text,
        Timestamp,
        BigInt,
        Timestamp,
    ),
    Nullable<BigInt>,
    Nullable<BigInt>,
    Nullable<(BigInt, Text, Text, Text, Bool)>,
    Nullable<(BigInt, BigInt)>,
    Nullable<Text>,
));
