//! Reliability: many clients racing for one sequence number, and a server killed
//! with SIGKILL under load that must keep every acknowledged entry.

mod support;

use std::sync::{Arc, Barrier};

use serde_json::{Value, json};
use support::Client;

fn create_match(organizer: &Client, title: &str) -> String {
    let response = organizer.post_form(
        "/manage/matches",
        &[
            ("title", title),
            ("seat0", "Bepi"),
            ("seat1", "Toni"),
            ("seat2", "Nane"),
            ("seat3", "Gigio"),
            ("first_dealer", "0"),
            ("target_points", "100"),
            ("games_to_win", "9"),
        ],
    );
    response
        .location
        .expect("the match was created")
        .trim_start_matches("/manage/matches/")
        .to_string()
}

fn post_entry(base: &str, public_id: &str, token: &str, body: &Value) -> u16 {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    agent
        .post(format!("{base}/api/v1/matches/{public_id}/entries"))
        .header("Authorization", &format!("Bearer {token}"))
        .content_type("application/json")
        .send(body.to_string())
        .map(|response| response.status().as_u16())
        .unwrap_or(0)
}

fn api_token(client: &Client) -> String {
    let page = client.post_form("/account/tokens", &[("label", "gara")]);
    let marker = "id=\"new-token\" readonly value=\"";
    let start = page.body.find(marker).expect("a token is shown") + marker.len();
    page.body[start..start + page.body[start..].find('"').unwrap()].to_string()
}

backend_tests! {
    fn exactly_one_client_wins_each_sequence_number(app) {
        let admin = app.admin();
        let organizer = app.user(&admin, "org", "organizer");
        let public_id = create_match(&organizer, "Gara");
        let token = api_token(&organizer);
        const CLIENTS: usize = 12;
        const ROUNDS: i64 = 5;
        for seq in 0..ROUNDS {
            let barrier = Arc::new(Barrier::new(CLIENTS));
            let handles: Vec<_> = (0..CLIENTS)
                .map(|client| {
                    let (base, public_id, token, barrier) =
                        (app.base.clone(), public_id.clone(), token.clone(), barrier.clone());
                    std::thread::spawn(move || {
                        let winner = if client % 2 == 0 { "A" } else { "B" };
                        let body = json!({
                            "expected_seq": seq,
                            "submission_key": format!("round-{seq}-client-{client}"),
                            "entry": {"type": "hand", "winner": winner}
                        });
                        barrier.wait();
                        post_entry(&base, &public_id, &token, &body)
                    })
                })
                .collect();
            let statuses: Vec<u16> = handles.into_iter().map(|handle| handle.join().unwrap()).collect();
            let won = statuses.iter().filter(|status| **status == 201).count();
            let conflicts = statuses.iter().filter(|status| **status == 409).count();
            assert_eq!(won, 1, "sequence {seq}: {statuses:?}");
            assert_eq!(conflicts, CLIENTS - 1, "sequence {seq}: {statuses:?}");
        }
        let log = organizer.get(&format!("/api/v1/matches/{public_id}/entries"));
        let log: Value = serde_json::from_str(&log.body).unwrap();
        assert_eq!(log["entries"].as_array().unwrap().len(), ROUNDS as usize);
    }
}

mod instances {
    use super::*;

    backend_tests! {
        /// Each instance keeps replayed matches in memory; an entry written through
        /// another instance must never be overlooked by that memory.
        fn instances_sharing_a_database_never_score_from_a_stale_memory(app) {
            let admin = app.admin();
            let organizer = app.user(&admin, "org", "organizer");
            let public_id = create_match(&organizer, "Due istanze");
            let token = api_token(&organizer);
            let second = app.second_instance();
            let hand = |seq: i64, winner: &str| json!({"expected_seq": seq, "entry": {"type": "hand", "winner": winner}});
            assert_eq!(post_entry(&app.base, &public_id, &token, &hand(0, "A")), 201);
            assert_eq!(post_entry(&second.base, &public_id, &token, &hand(1, "A")), 201);
            // The first instance remembers a log of one entry; it must read it again.
            assert_eq!(post_entry(&app.base, &public_id, &token, &hand(2, "B")), 201);
            assert_eq!(post_entry(&app.base, &public_id, &token, &hand(2, "B")), 409);
            let state = organizer.get(&format!("/api/v1/matches/{public_id}"));
            let state: Value = serde_json::from_str(&state.body).unwrap();
            assert_eq!(state["summary"]["scores"], json!([2, 1]));
            assert_eq!(state["next_seq"], 3);
        }
    }
}

mod remembered {
    use super::*;
    use segnapunti::rules::comanda::Nicknames;
    use segnapunti::scoring::{self, AppendOutcome, MatchCache, MatchFacts, Stored, Submission};
    use segnapunti::store::matches::{self, Author, MatchStatus};
    use segnapunti::store::{Db, DbConnection, StoreError, users};

    fn hand(seq: i64, winner: &str, key: &str) -> Value {
        json!({"expected_seq": seq, "submission_key": key, "entry": {"type": "hand", "winner": winner}})
    }

    fn author(db: &Db) -> Author {
        let id = db
            .read(|connection| users::find_by_username(connection, "org"))
            .unwrap()
            .expect("the organizer exists")
            .id;
        Author::User {
            id,
            label: "org".into(),
        }
    }

    fn submission<'a>(
        public_id: &'a str,
        seq: i64,
        winner: &str,
        key: &'a str,
        author: Author,
    ) -> Submission<'a> {
        Submission {
            public_id,
            expected_seq: seq,
            entry: json!({"type": "hand", "winner": winner}),
            author,
            submission_key: key,
        }
    }

    /// What the API does: on PostgreSQL the fast path (or its fallback) outside a
    /// transaction, with the match read first; on SQLite the transaction.
    fn append(
        db: &Db,
        cache: &Arc<MatchCache>,
        public_id: &str,
        seq: i64,
        winner: &str,
        key: &str,
    ) -> AppendOutcome {
        let (cache, public_id, winner, key, author) = (
            cache.clone(),
            public_id.to_string(),
            winner.to_string(),
            key.to_string(),
            author(db),
        );
        db.write_autocommit(move |connection| {
            let submission = submission(&public_id, seq, &winner, &key, author);
            let facts = match connection {
                DbConnection::Postgres(postgres) => {
                    let read = matches::scoring_context(postgres, &public_id, None)?
                        .expect("the match exists");
                    MatchFacts {
                        match_id: read.row.id,
                        status: read.row.status(),
                        club_id: read.club_id,
                    }
                }
                DbConnection::Sqlite(_) => return scoring::append(connection, &cache, submission),
            };
            scoring::append_autocommit(connection, &cache, facts, submission)
        })
        .unwrap()
    }

    fn scores(outcome: &AppendOutcome) -> Value {
        match outcome {
            AppendOutcome::Appended { state, .. } => state.summary_json()["scores"].clone(),
            other => panic!("not appended: {other:?}"),
        }
    }

    backend_tests! {
        /// An instance that remembers a match at the sequence number a request
        /// expects must still see what another instance recorded there first: the
        /// same submission is recorded once, another one is stale.
        fn a_remembered_match_takes_no_entry_another_instance_recorded_first(app) {
            let admin = app.admin();
            let organizer = app.user(&admin, "org", "organizer");
            let public_id = create_match(&organizer, "Due istanze");
            let token = api_token(&organizer);
            let second = app.second_instance();
            assert_eq!(post_entry(&app.base, &public_id, &token, &hand(0, "A", "k0")), 201);
            assert_eq!(post_entry(&app.base, &public_id, &token, &hand(1, "A", "k1")), 201);
            // The first instance remembers two entries; the second records the third.
            assert_eq!(post_entry(&second.base, &public_id, &token, &hand(2, "B", "k2")), 201);
            assert_eq!(post_entry(&app.base, &public_id, &token, &hand(2, "B", "k2")), 200, "a retry through the other instance");
            assert_eq!(post_entry(&app.base, &public_id, &token, &hand(2, "A", "k2-other")), 409);
            assert_eq!(post_entry(&app.base, &public_id, &token, &hand(3, "B", "k3")), 201);
            assert_eq!(post_entry(&app.base, &public_id, &token, &hand(4, "B", "k4")), 201);
            let state = organizer.get(&format!("/api/v1/matches/{public_id}"));
            let state: Value = serde_json::from_str(&state.body).unwrap();
            assert_eq!(state["summary"]["scores"], json!([2, 3]));
            assert_eq!(state["next_seq"], 5);
            let log = organizer.get(&format!("/api/v1/matches/{public_id}/entries"));
            let log: Value = serde_json::from_str(&log.body).unwrap();
            assert_eq!(log["entries"].as_array().unwrap().len(), 5);
        }

        /// The memory is extended inside the append's transaction; when that
        /// transaction does not commit and another entry takes its place, the log
        /// has as many entries as remembered but not the same ones.
        fn a_remembered_entry_that_was_never_committed_is_not_trusted(app) {
            let admin = app.admin();
            let organizer = app.user(&admin, "org", "organizer");
            let public_id = create_match(&organizer, "Mai scritta");
            let token = api_token(&organizer);
            let db = app.database.open();
            let cache = Arc::new(MatchCache::default());
            let lost = {
                let (cache, public_id, author) = (cache.clone(), public_id.clone(), author(&db));
                db.write(move |connection| {
                    scoring::append(connection, &cache, submission(&public_id, 0, "A", "lost", author))?;
                    Err::<(), _>(StoreError::Interrupted("rolled back on purpose".into()))
                })
            };
            assert!(matches!(lost, Err(StoreError::Interrupted(_))), "{lost:?}");
            assert_eq!(post_entry(&app.base, &public_id, &token, &hand(0, "B", "kept")), 201);
            let outcome = append(&db, &cache, &public_id, 1, "B", "next");
            assert_eq!(scores(&outcome), json!([0, 2]), "scored from the log, not the lost entry");
            let outcome = append(&db, &cache, &public_id, 2, "A", "after");
            assert_eq!(scores(&outcome), json!([1, 2]));
            assert!(matches!(append(&db, &cache, &public_id, 2, "A", "late"), AppendOutcome::Stale { current: 3, .. }));
            assert!(matches!(append(&db, &cache, &public_id, 3, "A", "after"), AppendOutcome::AlreadyRecorded { seq: 2 }));
        }
    }

    /// What the API does on SQLite: the entry checked against the memory on the
    /// caller's thread, with the match as read there, then stored by the writer.
    /// Answers whether the checked statement wrote it, and the outcome.
    fn checked(
        db: &Db,
        cache: &Arc<MatchCache>,
        row: &matches::MatchRow,
        seq: i64,
        entry: Value,
        key: &str,
    ) -> (bool, AppendOutcome) {
        let submission = Submission {
            public_id: &row.public_id,
            expected_seq: seq,
            entry,
            author: author(db),
            submission_key: key,
        };
        let checked = cache.take_for_check(row, seq).and_then(|remembered| {
            scoring::check_remembered(cache, remembered, &submission, &Nicknames::new())
        });
        let Submission { entry, author, .. } = submission;
        let (writer_cache, public_id, key) =
            (cache.clone(), row.public_id.clone(), key.to_string());
        let stored = db
            .write(move |connection| {
                scoring::append_checked(
                    connection,
                    &writer_cache,
                    checked,
                    Submission {
                        public_id: &public_id,
                        expected_seq: seq,
                        entry,
                        author,
                        submission_key: &key,
                    },
                )
            })
            .unwrap();
        let written = matches!(stored, Stored::Checked(_));
        (written, stored.committed(cache))
    }

    fn row(db: &Db, public_id: &str) -> matches::MatchRow {
        let public_id = public_id.to_string();
        db.read(move |connection| matches::find_by_public_id(connection, &public_id))
            .unwrap()
            .expect("the match exists")
    }

    /// An entry checked off the writer against a remembered match is stored by
    /// one statement only while that is certain to be right; anything else gets
    /// the answer the transaction always gave.
    #[test]
    fn sqlite_writes_a_checked_entry_only_when_it_is_safe() {
        let app = support::TestApp::spawn(support::Backend::Sqlite);
        let admin = app.admin();
        let organizer = app.user(&admin, "org", "organizer");
        let public_id = create_match(&organizer, "Controllata");
        let db = app.database.open();
        let cache = Arc::new(MatchCache::default());
        let hand = |winner: &str| json!({"type": "hand", "winner": winner});
        // Not remembered yet (and not in progress): the transaction writes it.
        let (written, outcome) = checked(&db, &cache, &row(&db, &public_id), 0, hand("A"), "k0");
        assert!(!written);
        assert_eq!(scores(&outcome), json!([1, 0]));
        let (written, outcome) = checked(&db, &cache, &row(&db, &public_id), 1, hand("B"), "k1");
        assert!(written, "{outcome:?}");
        assert!(matches!(
            outcome,
            AppendOutcome::Appended {
                seq: 1,
                status: MatchStatus::InProgress,
                ..
            }
        ));
        assert_eq!(scores(&outcome), json!([1, 1]));
        // A refusal of the rules is told by the transaction, and forgets nothing.
        let (written, outcome) = checked(&db, &cache, &row(&db, &public_id), 2, hand("Z"), "bad");
        assert!(!written);
        assert!(
            matches!(outcome, AppendOutcome::Unreadable { .. }),
            "{outcome:?}"
        );
        // Another instance (its own memory) appends behind this one's back: the
        // statement finds the log moved on and writes nothing.
        let other = Arc::new(MatchCache::default());
        assert_eq!(
            scores(&append(&db, &other, &public_id, 2, "B", "k2")),
            json!([1, 2])
        );
        let (written, outcome) =
            checked(&db, &cache, &row(&db, &public_id), 2, hand("A"), "k2-late");
        assert!(!written);
        assert!(
            matches!(outcome, AppendOutcome::Stale { current: 3, .. }),
            "{outcome:?}"
        );
        let (written, outcome) = checked(&db, &cache, &row(&db, &public_id), 3, hand("A"), "k3");
        assert!(!written);
        assert_eq!(scores(&outcome), json!([2, 2]), "scored from the log");
        // Repeated and stale requests are told so, and the match stays remembered.
        let (written, outcome) = checked(&db, &cache, &row(&db, &public_id), 3, hand("B"), "k3");
        assert!(!written);
        assert!(
            matches!(outcome, AppendOutcome::AlreadyRecorded { seq: 3 }),
            "{outcome:?}"
        );
        let (written, outcome) = checked(&db, &cache, &row(&db, &public_id), 1, hand("B"), "k1");
        assert!(!written);
        assert!(
            matches!(outcome, AppendOutcome::AlreadyRecorded { seq: 1 }),
            "{outcome:?}"
        );
        let (written, outcome) =
            checked(&db, &cache, &row(&db, &public_id), 3, hand("B"), "k3-late");
        assert!(!written);
        assert!(
            matches!(outcome, AppendOutcome::Stale { current: 4, .. }),
            "{outcome:?}"
        );
        let (written, outcome) = checked(&db, &cache, &row(&db, &public_id), 4, hand("B"), "k4");
        assert!(written, "still remembered: {outcome:?}");
        assert_eq!(scores(&outcome), json!([2, 3]));
        // A write whose transaction fails leaves nothing remembered of it.
        let failed = {
            let seen = row(&db, &public_id);
            let submission = Submission {
                public_id: &public_id,
                expected_seq: 5,
                entry: hand("A"),
                author: author(&db),
                submission_key: "lost",
            };
            let remembered = cache.take_for_check(&seen, 5).expect("remembered at 5");
            let checked =
                scoring::check_remembered(&cache, remembered, &submission, &Nicknames::new());
            assert!(checked.is_some());
            let (writer_cache, public_id, author) = (cache.clone(), public_id.clone(), author(&db));
            db.write(move |connection| {
                let stored = scoring::append_checked(
                    connection,
                    &writer_cache,
                    checked,
                    Submission {
                        public_id: &public_id,
                        expected_seq: 5,
                        entry: json!({"type": "hand", "winner": "A"}),
                        author,
                        submission_key: "lost",
                    },
                )?;
                assert!(matches!(stored, Stored::Checked(_)));
                Err::<(), _>(StoreError::Interrupted("rolled back on purpose".into()))
            })
        };
        assert!(failed.is_err());
        let (written, outcome) = checked(&db, &cache, &row(&db, &public_id), 5, hand("B"), "k5");
        assert!(!written, "the lost entry's state is not remembered");
        assert_eq!(
            scores(&outcome),
            json!([2, 4]),
            "scored from the log, not the lost entry"
        );
        // A match closed after the caller read it takes nothing through the statement.
        let seen = row(&db, &public_id);
        app.database.execute(&format!(
            "UPDATE matches SET status = 'forfeit' WHERE public_id = '{public_id}'"
        ));
        let (written, outcome) = checked(&db, &cache, &seen, 6, hand("A"), "k6");
        assert!(!written);
        assert!(
            matches!(outcome, AppendOutcome::Closed { status: "forfeit" }),
            "{outcome:?}"
        );
        let count = db.read(|connection| {
            let id = matches::find_by_public_id(connection, &public_id)?
                .unwrap()
                .id;
            Ok(matches::entries(connection, id)?.len())
        });
        assert_eq!(count.unwrap(), 6);
    }

    #[cfg(postgres_tests)]
    mod postgres_only {
        use super::*;
        use segnapunti::store::matches::MatchStatus;

        fn facts(db: &Db, public_id: &str) -> MatchFacts {
            let public_id = public_id.to_string();
            db.read(move |connection| {
                let DbConnection::Postgres(postgres) = connection else {
                    unreachable!()
                };
                let read = matches::scoring_context(postgres, &public_id, None)?.unwrap();
                Ok(MatchFacts {
                    match_id: read.row.id,
                    status: read.row.status(),
                    club_id: read.club_id,
                })
            })
            .unwrap()
        }

        fn fast(
            db: &Db,
            cache: &Arc<MatchCache>,
            public_id: &str,
            seq: i64,
            entry: Value,
            key: &str,
        ) -> Option<AppendOutcome> {
            let facts = facts(db, public_id);
            let (cache, public_id, key, author) = (
                cache.clone(),
                public_id.to_string(),
                key.to_string(),
                author(db),
            );
            db.write_autocommit(move |connection| {
                let submission = Submission {
                    public_id: &public_id,
                    expected_seq: seq,
                    entry,
                    author,
                    submission_key: &key,
                };
                scoring::append_fast(connection, &cache, facts, &submission)
            })
            .unwrap()
        }

        #[test]
        fn a_remembered_match_is_written_by_the_fast_path_and_only_when_it_is_safe() {
            let app = support::TestApp::spawn(support::Backend::Postgres);
            let admin = app.admin();
            let organizer = app.user(&admin, "org", "organizer");
            let public_id = create_match(&organizer, "Veloce");
            let db = app.database.open();
            let cache = Arc::new(MatchCache::default());
            let hand = |winner: &str| json!({"type": "hand", "winner": winner});
            // Not remembered yet: nothing is written, the transaction does it.
            assert!(fast(&db, &cache, &public_id, 0, hand("A"), "k0").is_none());
            assert!(matches!(
                append(&db, &cache, &public_id, 0, "A", "k0"),
                AppendOutcome::Appended { seq: 0, .. }
            ));
            let written = fast(&db, &cache, &public_id, 1, hand("B"), "k1");
            match written {
                Some(AppendOutcome::Appended {
                    seq: 1,
                    status: MatchStatus::InProgress,
                    state,
                }) => {
                    assert_eq!(state.summary_json()["scores"], json!([1, 1]));
                }
                other => panic!("the fast path did not write: {other:?}"),
            }
            // A refusal of the rules is left to the transaction, which says it.
            assert!(fast(&db, &cache, &public_id, 2, hand("Z"), "bad").is_none());
            // Another instance (its own memory) appends behind this one's back.
            let other = Arc::new(MatchCache::default());
            assert!(matches!(
                append(&db, &other, &public_id, 2, "B", "k2"),
                AppendOutcome::Appended { seq: 2, .. }
            ));
            assert!(
                fast(&db, &cache, &public_id, 2, hand("A"), "k2-late").is_none(),
                "the log moved on"
            );
            assert!(
                fast(&db, &cache, &public_id, 2, hand("B"), "k2").is_none(),
                "a repeated submission"
            );
            let count = db.read(|connection| {
                let id = matches::find_by_public_id(connection, &public_id)?
                    .unwrap()
                    .id;
                Ok(matches::entries(connection, id)?.len())
            });
            assert_eq!(
                count.unwrap(),
                3,
                "nothing was written by the refused fast paths"
            );
            // The slow path answers them, and the memory is trusted again after it.
            assert!(matches!(
                append(&db, &cache, &public_id, 2, "A", "k2-late"),
                AppendOutcome::Stale { current: 3, .. }
            ));
            assert!(matches!(
                append(&db, &cache, &public_id, 3, "A", "k3"),
                AppendOutcome::Appended { seq: 3, .. }
            ));
            assert!(matches!(
                fast(&db, &cache, &public_id, 4, hand("A"), "k4"),
                Some(AppendOutcome::Appended { seq: 4, .. })
            ));
            // A match closed meanwhile takes nothing through the fast path.
            app.database.execute(&format!(
                "UPDATE matches SET status = 'forfeit' WHERE public_id = '{public_id}'"
            ));
            assert!(fast(&db, &cache, &public_id, 5, hand("A"), "k5").is_none());
            assert!(matches!(
                append(&db, &cache, &public_id, 5, "A", "k5"),
                AppendOutcome::Closed { status: "forfeit" }
            ));
        }

        /// The pool does not ping a connection before handing it out: one the
        /// server dropped (a restart) may fail the request that uses it, and must
        /// then be discarded rather than fail every later request.
        #[test]
        fn connections_the_server_dropped_fail_once_each() {
            let database = support::TestDatabase::new(support::Backend::Postgres);
            let db = database.open();
            let read = || db.read(|connection| users::find_by_username(connection, "nobody"));
            for _ in 0..20 {
                read().unwrap();
            }
            database.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                 WHERE datname = current_database() AND pid <> pg_backend_pid()",
            );
            let outcomes: Vec<bool> = (0..40).map(|_| read().is_ok()).collect();
            let failed = outcomes.iter().filter(|ok| !**ok).count();
            assert!(
                failed <= 10,
                "at most one failure per pooled connection: {outcomes:?}"
            );
            assert!(
                outcomes[30..].iter().all(|ok| *ok),
                "the pool recovered: {outcomes:?}"
            );
            let error = {
                database.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                     WHERE datname = current_database() AND pid <> pg_backend_pid()",
                );
                (0..20).find_map(|_| read().err())
            };
            let error = error.expect("a dropped connection fails its next request");
            assert!(
                error.is_unavailable(),
                "reported as the database unavailable: {error}"
            );
        }

        /// Other instances hear of a change once the write that made it commits, and
        /// never of one whose write failed. Notifications go out in order, so once the
        /// committed one is heard, the failed one would have been heard before it.
        #[test]
        fn only_committed_changes_are_announced() {
            use segnapunti::store::{StoreError, listen};
            let database = support::TestDatabase::new(support::Backend::Postgres);
            let db = database.open();
            let (heard, hearing) = std::sync::mpsc::channel();
            listen::spawn(database.url.clone(), move |match_id| {
                heard.send(match_id).is_ok()
            });
            // The listener subscribes on a connection of its own: announce until it hears.
            let started = std::time::Instant::now();
            loop {
                db.write(|connection| {
                    listen::announce(connection, -7);
                    Ok(())
                })
                .unwrap();
                if hearing.recv_timeout(std::time::Duration::from_millis(300)) == Ok(-7) {
                    break;
                }
                assert!(started.elapsed().as_secs() < 20, "the listener never heard");
            }
            let failed: Result<(), StoreError> = db.write(|connection| {
                listen::announce(connection, 111);
                Err(StoreError::Corrupt("refused after the change".into()))
            });
            assert!(failed.is_err());
            db.write(|connection| {
                listen::announce(connection, 222);
                Ok(())
            })
            .unwrap();
            let mut after = Vec::new();
            while after.last() != Some(&222) {
                let id = hearing
                    .recv_timeout(std::time::Duration::from_secs(10))
                    .expect("the committed change is announced");
                after.push(id);
            }
            assert!(
                !after.contains(&111),
                "a failed write was announced: {after:?}"
            );
        }
    }
}

/// The log reaches the database file without the writer doing it: a checkpoint
/// inside a commit stalled every entry queued behind it. Read with `immutable=1`,
/// SQLite looks at the database file alone and ignores the log, so the rows are
/// seen only once a checkpoint copied them (a few hundred small writes are far
/// below SQLite's own checkpoint threshold of 1,000 log pages).
#[test]
fn sqlite_writes_reach_the_database_file_by_background_checkpoints() {
    use diesel::{Connection, QueryableByName, RunQueryDsl, sql_types::BigInt};
    use segnapunti::store::{DatabaseUrl, Db, settings};

    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        count: i64,
    }

    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("checkpoints.db");
    let db =
        Db::open(&DatabaseUrl::parse(&format!("sqlite://{}", path.display())).unwrap()).unwrap();
    for index in 0..300 {
        db.write(move |connection| settings::set(connection, &format!("probe-{index}"), "x"))
            .unwrap();
    }
    let in_file = || {
        let mut file_only =
            diesel::SqliteConnection::establish(&format!("file:{}?immutable=1", path.display()))
                .unwrap();
        diesel::sql_query("SELECT COUNT(*) AS count FROM app_settings WHERE name LIKE 'probe-%'")
            .get_result::<Count>(&mut file_only)
            .unwrap()
            .count
    };
    let started = std::time::Instant::now();
    while in_file() < 300 && started.elapsed() < std::time::Duration::from_secs(10) {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(
        in_file(),
        300,
        "every committed write is in the database file"
    );
    // The server is still the one writing: the log is in use, not folded in at close.
    assert!(folder.path().join("checkpoints.db-wal").exists());
    drop(db);
}
