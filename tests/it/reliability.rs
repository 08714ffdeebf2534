//! Reliability: many clients racing for one sequence number, and a server killed
//! with SIGKILL under load that must keep every acknowledged entry.

use crate::support;
use support::setup;

use std::sync::{Arc, Barrier};

use serde_json::{Value, json};
use support::Client;

fn create_match(organizer: &Client, title: &str) -> String {
    let long = [
        ("title", title),
        ("target_points", "100"),
        ("games_to_win", "9"),
    ];
    setup::create_match(organizer, &long)
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
    setup::personal_token(client, "gara")
}

/// The organizer "org", a long match of theirs titled `title` and an API token of theirs.
fn organizer_match(app: &support::TestApp, title: &str) -> (Client, String, String) {
    let organizer = app.organizer();
    let public_id = create_match(&organizer, title);
    let token = api_token(&organizer);
    (organizer, public_id, token)
}

backend_tests! {
    fn exactly_one_client_wins_each_sequence_number(app) {
        let (organizer, public_id, token) = organizer_match(&app, "Gara");
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
            let (organizer, public_id, token) = organizer_match(&app, "Due istanze");
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
    use segnapunti::events::after_append;
    use segnapunti::rules::comanda::Nicknames;
    use segnapunti::scoring::strategy::{self, Stored};
    use segnapunti::scoring::{AppendOutcome, MatchCache, Submission};
    use segnapunti::store::matches::{self, Author, MatchRow, MatchStatus};
    use segnapunti::store::{Db, StoreError, users};

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

    /// What the API does: on PostgreSQL the fast path when it takes the entry, with
    /// the match read first, else the transaction.
    fn append(
        db: &Db,
        cache: &Arc<MatchCache>,
        public_id: &str,
        seq: i64,
        winner: &str,
        key: &str,
    ) -> AppendOutcome {
        let fast = match db.backend() {
            segnapunti::store::Backend::Postgres => {
                let row = row_of(db, public_id);
                let submission = submission(public_id, seq, winner, key, author(db));
                strategy::append_fast(db, cache, &row, &Nicknames::new(), &submission)
                    .and_then(|pending| pending.outcome_blocking(cache))
            }
            segnapunti::store::Backend::Sqlite => None,
        };
        if let Some(outcome) = fast {
            return outcome;
        }
        let (cache, public_id, winner, key, author) = (
            cache.clone(),
            public_id.to_string(),
            winner.to_string(),
            key.to_string(),
            author(db),
        );
        db.write(move |connection| {
            strategy::append_in_transaction(
                connection,
                &cache,
                after_append,
                submission(&public_id, seq, &winner, &key, author),
            )
        })
        .unwrap()
    }

    /// The match's row, as the API reads it before a write.
    fn row_of(db: &Db, public_id: &str) -> MatchRow {
        let public_id = public_id.to_string();
        db.read(move |connection| matches::find_by_public_id(connection, &public_id))
            .unwrap()
            .expect("the match exists")
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
            let (organizer, public_id, token) = organizer_match(&app, "Due istanze");
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
            let (_, public_id, token) = organizer_match(&app, "Mai scritta");
            let db = app.database.open();
            let cache = Arc::new(MatchCache::default());
            let lost = {
                let (cache, public_id, author) = (cache.clone(), public_id.clone(), author(&db));
                db.write(move |connection| {
                    strategy::append_in_transaction(connection, &cache, after_append, submission(&public_id, 0, "A", "lost", author))?;
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
            strategy::check_remembered(cache, remembered, &submission, &Nicknames::new())
        });
        let Submission { entry, author, .. } = submission;
        let (writer_cache, public_id, key) =
            (cache.clone(), row.public_id.clone(), key.to_string());
        let stored = db
            .write(move |connection| {
                strategy::append_checked(
                    connection,
                    &writer_cache,
                    after_append,
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

    /// An entry checked off the writer against a remembered match is stored by
    /// one statement only while that is certain to be right; anything else gets
    /// the answer the transaction always gave.
    #[test]
    fn sqlite_writes_a_checked_entry_only_when_it_is_safe() {
        let app = support::TestApp::spawn(support::Backend::Sqlite);
        let organizer = app.organizer();
        let public_id = create_match(&organizer, "Controllata");
        let db = app.database.open();
        let cache = Arc::new(MatchCache::default());
        let hand = |winner: &str| json!({"type": "hand", "winner": winner});
        // Not remembered yet (and not in progress): the transaction writes it.
        let (written, outcome) = checked(&db, &cache, &row_of(&db, &public_id), 0, hand("A"), "k0");
        assert!(!written);
        assert_eq!(scores(&outcome), json!([1, 0]));
        let (written, outcome) = checked(&db, &cache, &row_of(&db, &public_id), 1, hand("B"), "k1");
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
        let (written, outcome) =
            checked(&db, &cache, &row_of(&db, &public_id), 2, hand("Z"), "bad");
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
        let (written, outcome) = checked(
            &db,
            &cache,
            &row_of(&db, &public_id),
            2,
            hand("A"),
            "k2-late",
        );
        assert!(!written);
        assert!(
            matches!(outcome, AppendOutcome::Stale { current: 3, .. }),
            "{outcome:?}"
        );
        let (written, outcome) = checked(&db, &cache, &row_of(&db, &public_id), 3, hand("A"), "k3");
        assert!(!written);
        assert_eq!(scores(&outcome), json!([2, 2]), "scored from the log");
        // Repeated and stale requests are told so, and the match stays remembered.
        let (written, outcome) = checked(&db, &cache, &row_of(&db, &public_id), 3, hand("B"), "k3");
        assert!(!written);
        assert!(
            matches!(outcome, AppendOutcome::AlreadyRecorded { seq: 3 }),
            "{outcome:?}"
        );
        let (written, outcome) = checked(&db, &cache, &row_of(&db, &public_id), 1, hand("B"), "k1");
        assert!(!written);
        assert!(
            matches!(outcome, AppendOutcome::AlreadyRecorded { seq: 1 }),
            "{outcome:?}"
        );
        let (written, outcome) = checked(
            &db,
            &cache,
            &row_of(&db, &public_id),
            3,
            hand("B"),
            "k3-late",
        );
        assert!(!written);
        assert!(
            matches!(outcome, AppendOutcome::Stale { current: 4, .. }),
            "{outcome:?}"
        );
        let (written, outcome) = checked(&db, &cache, &row_of(&db, &public_id), 4, hand("B"), "k4");
        assert!(written, "still remembered: {outcome:?}");
        assert_eq!(scores(&outcome), json!([2, 3]));
        // A write whose transaction fails leaves nothing remembered of it.
        let failed = {
            let seen = row_of(&db, &public_id);
            let submission = Submission {
                public_id: &public_id,
                expected_seq: 5,
                entry: hand("A"),
                author: author(&db),
                submission_key: "lost",
            };
            let remembered = cache.take_for_check(&seen, 5).expect("remembered at 5");
            let checked =
                strategy::check_remembered(&cache, remembered, &submission, &Nicknames::new());
            assert!(checked.is_some());
            let (writer_cache, public_id, author) = (cache.clone(), public_id.clone(), author(&db));
            db.write(move |connection| {
                let stored = strategy::append_checked(
                    connection,
                    &writer_cache,
                    after_append,
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
        let (written, outcome) = checked(&db, &cache, &row_of(&db, &public_id), 5, hand("B"), "k5");
        assert!(!written, "the lost entry's state is not remembered");
        assert_eq!(
            scores(&outcome),
            json!([2, 4]),
            "scored from the log, not the lost entry"
        );
        // A match closed after the caller read it takes nothing through the statement.
        let seen = row_of(&db, &public_id);
        app.database.execute(&format!(
            "UPDATE matches SET status = 'forfeit' WHERE public_id = '{public_id}'"
        ));
        let (written, outcome) = checked(&db, &cache, &seen, 6, hand("A"), "k6");
        assert!(!written);
        assert!(
            matches!(
                outcome,
                AppendOutcome::Closed {
                    status: MatchStatus::Forfeit
                }
            ),
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
        use segnapunti::store::pg::scoring_context::Lookup;

        fn fast(
            db: &Db,
            cache: &Arc<MatchCache>,
            public_id: &str,
            seq: i64,
            entry: Value,
            key: &str,
        ) -> Option<AppendOutcome> {
            let submission = Submission {
                public_id,
                expected_seq: seq,
                entry,
                author: author(db),
                submission_key: key,
            };
            strategy::append_fast(
                db,
                cache,
                &row_of(db, public_id),
                &Nicknames::new(),
                &submission,
            )
            .and_then(|pending| pending.outcome_blocking(cache))
        }

        #[test]
        fn a_remembered_match_is_written_by_the_fast_path_and_only_when_it_is_safe() {
            let app = support::TestApp::spawn(support::Backend::Postgres);
            let organizer = app.organizer();
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
                AppendOutcome::Closed {
                    status: MatchStatus::Forfeit
                }
            ));
        }

        fn log_keys(db: &Db, public_id: &str) -> Vec<String> {
            let public_id = public_id.to_string();
            db.read(move |connection| {
                let id = matches::find_by_public_id(connection, &public_id)?
                    .unwrap()
                    .id;
                Ok(matches::entries(connection, id)?
                    .into_iter()
                    .map(|entry| entry.submission_key)
                    .collect())
            })
            .unwrap()
        }

        /// Score entry's reads queued at once share one statement, but each is
        /// answered for its own match and bearer token.
        #[test]
        fn reads_queued_together_are_each_answered_for_their_own_lookup() {
            let app = support::TestApp::spawn(support::Backend::Postgres);
            let admin = app.admin();
            let organizer = app.user(&admin, "org", "organizer");
            let referee = app.user(&admin, "arbitro", "referee");
            let (first, second) = (
                create_match(&organizer, "Prima"),
                create_match(&organizer, "Seconda"),
            );
            let (token, referee_token) = (api_token(&organizer), api_token(&referee));
            organizer.post_form(&format!("/manage/matches/{second}/link"), &[]);
            let page = organizer.get(&format!("/manage/matches/{second}"));
            let start = page.body.find("/s/").expect("the link is shown") + 3;
            let link = page.body[start..start + page.body[start..].find('"').unwrap()].to_string();
            app.database.execute(&format!(
                "INSERT INTO match_referees (match_id, user_id) SELECT m.id, u.id FROM matches m, users u \
                 WHERE m.public_id = '{first}' AND u.username = 'arbitro'"
            ));
            let db = app.database.open();
            let lookup = |public_id: &str, token: Option<&str>| Lookup {
                public_id: public_id.to_string(),
                token: token
                    .map(|token| (token.to_string(), segnapunti::accounts::token_hash(token))),
            };
            let lookups = [
                lookup(&first, Some(&token)),
                lookup(&second, Some(&link)),
                lookup("nessuna", Some(&token)),
                lookup(&second, None),
                lookup(&first, Some(&referee_token)),
                lookup(&second, Some("sconosciuto")),
                lookup(&second, Some(&referee_token)),
            ];
            let queued: Vec<_> = lookups
                .iter()
                .map(|one| {
                    db.scoring_context(one.clone())
                        .expect("PostgreSQL batches reads")
                })
                .collect();
            let read: Vec<_> = queued
                .into_iter()
                .map(|answer| answer.blocking_recv().expect("answered").expect("read"))
                .collect();
            let owner = |index: usize| {
                read[index]
                    .as_ref()
                    .unwrap()
                    .owner
                    .as_ref()
                    .map(|owner| (owner.username.clone(), owner.referee))
            };
            let public_id = |index: usize| {
                read[index]
                    .as_ref()
                    .map(|context| context.row.public_id.clone())
            };
            assert_eq!(public_id(0).as_deref(), Some(first.as_str()));
            assert_eq!(owner(0), Some(("org".to_string(), false)));
            assert!(read[0].as_ref().unwrap().link.is_none());
            let second_id = read[1].as_ref().unwrap().row.id;
            assert_eq!(public_id(1).as_deref(), Some(second.as_str()));
            assert_eq!(owner(1), None);
            assert_eq!(
                read[1].as_ref().unwrap().link.map(|(_, match_id)| match_id),
                Some(second_id)
            );
            assert!(read[2].is_none(), "no such match");
            assert_eq!(public_id(3).as_deref(), Some(second.as_str()));
            assert_eq!(owner(3), None);
            assert!(read[3].as_ref().unwrap().link.is_none());
            assert_eq!(owner(4), Some(("arbitro".to_string(), true)));
            assert_eq!(owner(5), None);
            assert!(
                read[5].as_ref().unwrap().link.is_none(),
                "an unknown token is nobody"
            );
            assert_eq!(
                owner(6),
                Some(("arbitro".to_string(), false)),
                "not this match's referee"
            );
            // A revoked link is nobody at once.
            app.database.execute(&format!(
                "UPDATE scoring_links SET revoked_at = now() WHERE token = '{link}'"
            ));
            let again = db
                .scoring_context(lookup(&second, Some(&link)))
                .unwrap()
                .blocking_recv()
                .unwrap()
                .unwrap();
            assert!(again.unwrap().link.is_none());
        }

        /// Entries queued at once share one statement, but each is answered for its
        /// own match: one whose log moved on is left out, the others are written.
        #[test]
        fn entries_queued_together_are_each_answered_for_their_own_match() {
            let app = support::TestApp::spawn(support::Backend::Postgres);
            let organizer = app.organizer();
            let db = app.database.open();
            let cache = Arc::new(MatchCache::default());
            let tables: Vec<String> = ["Uno", "Due", "Tre"]
                .iter()
                .map(|title| create_match(&organizer, title))
                .collect();
            for public_id in &tables {
                assert!(matches!(
                    append(&db, &cache, public_id, 0, "A", "first"),
                    AppendOutcome::Appended { seq: 0, .. }
                ));
            }
            // Another instance records the third table's second entry first.
            let other = Arc::new(MatchCache::default());
            assert!(matches!(
                append(&db, &other, &tables[2], 1, "B", "elsewhere"),
                AppendOutcome::Appended { seq: 1, .. }
            ));
            let queued: Vec<_> = tables
                .iter()
                .map(|public_id| {
                    let submission = submission(public_id, 1, "B", "second", author(&db));
                    let row = row_of(&db, public_id);
                    strategy::append_fast(&db, &cache, &row, &Nicknames::new(), &submission)
                        .expect("remembered at the expected sequence number: queued")
                })
                .collect();
            let answers: Vec<_> = queued
                .into_iter()
                .map(|pending| pending.outcome_blocking(&cache))
                .collect();
            assert!(
                matches!(answers[0], Some(AppendOutcome::Appended { seq: 1, .. })),
                "{:?}",
                answers[0]
            );
            assert!(
                matches!(answers[1], Some(AppendOutcome::Appended { seq: 1, .. })),
                "{:?}",
                answers[1]
            );
            assert!(answers[2].is_none(), "the log moved on: {:?}", answers[2]);
            assert_eq!(log_keys(&db, &tables[0]), ["first", "second"]);
            assert_eq!(log_keys(&db, &tables[1]), ["first", "second"]);
            assert_eq!(log_keys(&db, &tables[2]), ["first", "elsewhere"]);
            // The transaction then answers the third as before.
            assert!(matches!(
                append(&db, &cache, &tables[2], 1, "B", "second"),
                AppendOutcome::Stale { current: 2, .. }
            ));
        }

        /// A batch that PostgreSQL refuses writes none of its entries; each is told
        /// so, and an entry that was sound is then recorded once by the transaction.
        #[test]
        fn a_failed_batch_writes_nothing_and_its_entries_take_the_transaction() {
            use segnapunti::store::matches::NextEntry;
            let app = support::TestApp::spawn(support::Backend::Postgres);
            let organizer = app.organizer();
            let db = app.database.open();
            let cache = Arc::new(MatchCache::default());
            let (sound, broken) = (
                create_match(&organizer, "Buona"),
                create_match(&organizer, "Rotta"),
            );
            for public_id in [&sound, &broken] {
                append(&db, &cache, public_id, 0, "A", "first");
            }
            // An author who does not exist: the statement breaks a foreign key.
            let refused = db
                .append_if_next(NextEntry {
                    match_id: row_of(&db, &broken).id,
                    seq: 1,
                    entry_json: r#"{"type":"hand","winner":"A"}"#.into(),
                    author: Author::User {
                        id: i64::MAX,
                        label: "nessuno".into(),
                    },
                    submission_key: "ghost".into(),
                    previous_key: "first".into(),
                    created_at: chrono::Utc::now().naive_utc(),
                })
                .expect("PostgreSQL batches entries");
            let submission = submission(&sound, 1, "B", "second", author(&db));
            let pending = strategy::append_fast(
                &db,
                &cache,
                &row_of(&db, &sound),
                &Nicknames::new(),
                &submission,
            )
            .expect("queued");
            let refused = refused.blocking_recv().expect("answered");
            assert!(
                refused.is_err(),
                "the batch with the broken row failed: {refused:?}"
            );
            if pending.outcome_blocking(&cache).is_none() {
                // It shared the failed statement: the transaction records it.
                assert!(matches!(
                    append(&db, &cache, &sound, 1, "B", "second"),
                    AppendOutcome::Appended { seq: 1, .. }
                ));
            }
            assert_eq!(log_keys(&db, &sound), ["first", "second"]);
            assert_eq!(log_keys(&db, &broken), ["first"]);
            assert!(
                !db.writes_failing(),
                "a refused statement is not a database that cannot write"
            );
        }

        /// The pool does not ping a connection before handing it out: a read whose
        /// connection the server dropped (a restart) runs again on a new one, which
        /// replaces it, so no read fails (it used to fail once per pooled connection).
        #[test]
        fn connections_the_server_dropped_fail_no_read() {
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
            assert_eq!(failed, 0, "no read fails: {outcomes:?}");
            // What a dropped connection says still reads as the database unavailable
            // (503), for work that cannot be run again.
            let error = {
                use diesel::Connection;
                use diesel::connection::SimpleConnection;
                let mut dropped = diesel::PgConnection::establish(&database.url).unwrap();
                database.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                     WHERE datname = current_database() AND pid <> pg_backend_pid()",
                );
                (0..20).find_map(|_| {
                    dropped
                        .batch_execute("SELECT 1")
                        .err()
                        .map(segnapunti::store::StoreError::from)
                })
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
            use segnapunti::store::StoreError;
            use segnapunti::store::pg::listen;
            let database = support::TestDatabase::new(support::Backend::Postgres);
            let db = database.open();
            let (heard, hearing) = std::sync::mpsc::channel();
            listen::spawn(database.url.clone(), move |heard_now| match heard_now {
                listen::Heard::Changed(match_id) => heard.send(match_id).is_ok(),
                _ => true,
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
    // The file is read as it lies on disk (no log); a read that meets a checkpoint
    // halfway through writing a page fails, and counts as not there yet.
    let in_file = || {
        let mut file_only =
            diesel::SqliteConnection::establish(&format!("file:{}?immutable=1", path.display()))
                .ok()?;
        diesel::sql_query("SELECT COUNT(*) AS count FROM app_settings WHERE name LIKE 'probe-%'")
            .get_result::<Count>(&mut file_only)
            .ok()
            .map(|row| row.count)
    };
    let started = std::time::Instant::now();
    let mut found = in_file();
    while found != Some(300) && started.elapsed() < std::time::Duration::from_secs(10) {
        std::thread::sleep(std::time::Duration::from_millis(50));
        found = in_file();
    }
    assert_eq!(
        found,
        Some(300),
        "every committed write is in the database file"
    );
    // The server is still the one writing: the log is in use, not folded in at close.
    assert!(folder.path().join("checkpoints.db-wal").exists());
    drop(db);
}
