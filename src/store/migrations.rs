//! The schema's migrations, embedded in the binary: one folder per backend with the
//! same names, run at start under a lock so that two instances never migrate at once.

use diesel::connection::SimpleConnection;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

use super::{DbConnection, StoreError, StoreResult};

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/postgres");

/// Any key fits: the lock only keeps two instances from migrating at once.
const MIGRATION_LOCK_KEY: i64 = 0x5e67_a9c7;

pub(super) fn run_migrations(connection: &mut DbConnection) -> StoreResult<()> {
    let failed =
        |error: Box<dyn std::error::Error + Send + Sync>| StoreError::Migration(error.to_string());
    match connection {
        DbConnection::Sqlite(sqlite) => {
            sqlite
                .run_pending_migrations(SQLITE_MIGRATIONS)
                .map_err(failed)?;
        }
        DbConnection::Postgres(postgres) => {
            postgres
                .batch_execute(&format!("SELECT pg_advisory_lock({MIGRATION_LOCK_KEY})"))
                .map_err(StoreError::Query)?;
            let outcome = postgres
                .run_pending_migrations(POSTGRES_MIGRATIONS)
                .map(|_| ())
                .map_err(failed);
            postgres
                .batch_execute(&format!("SELECT pg_advisory_unlock({MIGRATION_LOCK_KEY})"))
                .map_err(StoreError::Query)?;
            outcome?;
        }
    }
    Ok(())
}

/// Names of the migrations each backend carries, for the test that keeps them in step.
pub fn migration_names() -> (Vec<String>, Vec<String>) {
    use diesel::migration::MigrationSource;
    let names = |source: &EmbeddedMigrations| -> Vec<String> {
        MigrationSource::<diesel::sqlite::Sqlite>::migrations(source)
            .unwrap_or_default()
            .iter()
            .map(|migration| migration.name().to_string())
            .collect()
    };
    (names(&SQLITE_MIGRATIONS), names(&POSTGRES_MIGRATIONS))
}

#[cfg(test)]
mod tests {
    use super::SQLITE_MIGRATIONS;

    /// The log table is built again by a migration (its second unique key leads
    /// with the submission key): rows and ids come through, and the table refuses
    /// what it refused before.
    #[test]
    fn rebuilding_the_log_keeps_its_rows_and_its_rules() {
        use diesel::{
            Connection, QueryableByName, RunQueryDsl, sql_types::BigInt, sql_types::Text,
        };
        use diesel_migrations::MigrationHarness;

        #[derive(QueryableByName, Debug, PartialEq)]
        struct Entry {
            #[diesel(sql_type = BigInt)]
            id: i64,
            #[diesel(sql_type = BigInt)]
            match_id: i64,
            #[diesel(sql_type = BigInt)]
            seq: i64,
            #[diesel(sql_type = Text)]
            submission_key: String,
        }
        #[derive(QueryableByName)]
        struct Column {
            #[diesel(sql_type = Text)]
            name: String,
        }

        let mut connection = diesel::SqliteConnection::establish(":memory:").unwrap();
        connection
            .run_pending_migrations(SQLITE_MIGRATIONS)
            .unwrap();
        connection.revert_last_migration(SQLITE_MIGRATIONS).unwrap();
        diesel::sql_query(
            "INSERT INTO users (id, username, display_name, password_hash, role, created_at) \
             VALUES (1, 'u', 'U', 'x', 'organizer', '2026-11-24 10:00:00')",
        )
        .execute(&mut connection)
        .unwrap();
        diesel::sql_query(
            "INSERT INTO matches (id, public_id, title, game, options_json, players_json, \
             first_dealer, status, status_by, status_at, created_by, created_at) VALUES (7, 'p', \
             't', 'trionfetti', '{}', '[]', 0, 'in_progress', 'u', '2026-11-24 10:00:00', 1, \
             '2026-11-24 10:00:00')",
        )
        .execute(&mut connection)
        .unwrap();
        let insert = |connection: &mut diesel::SqliteConnection, id: i64, seq: i64, key: &str| {
            diesel::sql_query(format!(
                "INSERT INTO match_entries (id, match_id, seq, entry_json, author_label, \
                 submission_key, created_at) VALUES ({id}, 7, {seq}, '{{}}', 'a', '{key}', \
                 '2026-11-24 10:00:00')"
            ))
            .execute(connection)
        };
        insert(&mut connection, 3, 0, "k0").unwrap();
        insert(&mut connection, 9, 1, "k1").unwrap();
        let entries = |connection: &mut diesel::SqliteConnection| {
            diesel::sql_query(
                "SELECT id, match_id, seq, submission_key FROM match_entries ORDER BY id",
            )
            .load::<Entry>(connection)
            .unwrap()
        };
        let before = entries(&mut connection);

        connection
            .run_pending_migrations(SQLITE_MIGRATIONS)
            .unwrap();
        assert_eq!(entries(&mut connection), before);
        let key_columns: Vec<String> = diesel::sql_query(
            "SELECT ii.name FROM pragma_index_list('match_entries') AS il, \
             pragma_index_info(il.name) AS ii WHERE il.[unique] = 1 ORDER BY il.name, ii.seqno",
        )
        .load::<Column>(&mut connection)
        .unwrap()
        .into_iter()
        .map(|column| column.name)
        .collect();
        assert_eq!(
            key_columns,
            ["match_id", "seq", "submission_key", "match_id"]
        );

        assert!(
            insert(&mut connection, 20, 1, "k2").is_err(),
            "a sequence number taken"
        );
        assert!(
            insert(&mut connection, 21, 2, "k1").is_err(),
            "a submission key taken"
        );
        insert(&mut connection, 22, 2, "k2").unwrap();
        assert!(
            diesel::sql_query("UPDATE match_entries SET seq = 5 WHERE id = 3")
                .execute(&mut connection)
                .is_err()
        );
        assert!(
            diesel::sql_query("DELETE FROM match_entries WHERE id = 3")
                .execute(&mut connection)
                .is_err()
        );
        diesel::sql_query(
            "INSERT INTO match_entries (match_id, seq, entry_json, author_label, \
             submission_key, created_at) VALUES (7, 3, '{}', 'a', 'k3', '2026-11-24 10:00:00')",
        )
        .execute(&mut connection)
        .unwrap();
        assert_eq!(
            entries(&mut connection).last().unwrap().id,
            23,
            "ids go on from the last"
        );
    }
}
