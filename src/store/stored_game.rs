//! The `game` column of matches and events, read as a [`GameKind`]: a name no game
//! has is damaged stored data, refused where the row is read rather than taken for
//! some game.

use diesel::deserialize::{self, FromSql};
use diesel::pg::{Pg, PgValue};
use diesel::sql_types::Text;
use diesel::sqlite::{Sqlite, SqliteValue};

use super::{MultiBackend, MultiRawValue};
use crate::rules::kind::GameKind;

/// A game column of a row type: `#[diesel(deserialize_as = StoredGame)]`.
#[derive(diesel::deserialize::FromSqlRow)]
pub struct StoredGame(GameKind);

impl From<StoredGame> for GameKind {
    fn from(game: StoredGame) -> GameKind {
        game.0
    }
}

fn parse(name: String) -> deserialize::Result<StoredGame> {
    name.parse()
        .map(StoredGame)
        .map_err(|error| format!("stored game column: {error}").into())
}

impl FromSql<Text, Sqlite> for StoredGame {
    fn from_sql(value: SqliteValue<'_, '_, '_>) -> deserialize::Result<StoredGame> {
        parse(<String as FromSql<Text, Sqlite>>::from_sql(value)?)
    }
}

impl FromSql<Text, Pg> for StoredGame {
    fn from_sql(value: PgValue<'_>) -> deserialize::Result<StoredGame> {
        parse(<String as FromSql<Text, Pg>>::from_sql(value)?)
    }
}

impl FromSql<Text, MultiBackend> for StoredGame {
    fn from_sql(value: MultiRawValue<'_>) -> deserialize::Result<StoredGame> {
        value.from_sql::<StoredGame, Text>()
    }
}
