//! A season's table read from its players' stored nights is the table its nights' logs
//! give, on a small federation (withdrawals, late arrivals, voided hands, movers), and
//! still is where those rows predate final places (read from the logs again).

use segnapunti::seasons::{SeasonReport, report, report_from_logs};
use segnapunti::store::{Db, clubs, seasons};

use crate::support::{Backend, TestDatabase};

fn every_report(db: &Db, from_logs: bool) -> Vec<SeasonReport> {
    db.read(|connection| {
        let mut reports = Vec::new();
        for club in clubs::list(connection)? {
            for season in seasons::of_club(connection, club.id)? {
                reports.push(match from_logs {
                    true => report_from_logs(connection, season)?,
                    false => report(connection, season)?,
                });
            }
        }
        Ok(reports)
    })
    .expect("every season reads")
}

fn assert_same(stored: &[SeasonReport], logged: &[SeasonReport]) {
    assert_eq!(stored.len(), logged.len());
    for (stored, logged) in stored.iter().zip(logged) {
        let name = &logged.season.settings.name;
        assert_eq!(stored.table, logged.table, "season {name}");
        assert_eq!(stored.names, logged.names, "season {name}");
        let counted = |r: &SeasonReport| -> Vec<(String, bool, Option<usize>)> {
            r.nights
                .iter()
                .map(|n| (n.public_id.clone(), n.counts, n.index))
                .collect()
        };
        assert_eq!(counted(stored), counted(logged), "season {name}");
    }
}

fn season_tables_read_from_stored_nights_match_the_logs(backend: Backend) {
    let database = TestDatabase::new(backend);
    let db = database.open();
    let now = segnapunti::zone::to_local(chrono::Utc::now().naive_utc(), segnapunti::zone::DEFAULT);
    let size = segnapunti::demo::Size {
        clubs: 3,
        seasons: 2,
    };
    segnapunti::demo::fill_federation(&db, now, size, |_, _, _| {})
        .expect("the federation fills the database");

    let logged = every_report(&db, true);
    // Five seasons at least (the demo's and two per club), and tables with players in them.
    assert!(logged.len() >= 5, "{} seasons", logged.len());
    let placed: usize = logged.iter().map(|r| r.table.rows.len()).sum();
    assert!(placed >= 30, "{placed} players placed");
    assert_same(&every_report(&db, false), &logged);

    // Rows written before final places were kept: those nights are read from their logs.
    database.execute(
        "UPDATE player_nights SET final_place = NULL WHERE event_id IN \
         (SELECT event_id FROM season_events ORDER BY event_id LIMIT 3)",
    );
    assert_same(&every_report(&db, false), &logged);
}

#[test]
fn season_tables_sqlite() {
    season_tables_read_from_stored_nights_match_the_logs(Backend::Sqlite);
}

#[cfg(postgres_tests)]
#[test]
fn season_tables_postgres() {
    season_tables_read_from_stored_nights_match_the_logs(Backend::Postgres);
}
