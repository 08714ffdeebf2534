//! `segnapunti demo`: an empty database filled with a club's life, to see the product in
//! a minute. A closed season of six Trionfetti rotating-partner nights, an open season
//! with two nights played and one in progress (two tables live, one of them kept card by
//! card from a comanda), and one event of each other game.
//!
//! Everything goes through the paths the pages take: events, entrants and draws through
//! `crate::events`, every score entry through `Scoring::append` with the event's
//! advancement after it, and the hands come from the core's seeded simulators. The draws
//! and the simulations are seeded, so two demos have the same results and standings
//! (public ids, tokens and times differ).
//!
//! The demo accounts have no password anyone knows: each gets a one-time link that lets
//! its holder choose the name and password (`store::invitations`, an invitation that
//! claims an account).

mod federation;
mod play;

pub use federation::{Size, Totals};

use chrono::{Duration, NaiveDate, NaiveDateTime, NaiveTime, Timelike};
use serde_json::{Value, json};

use crate::accounts::{self, Role};
use crate::events::{draw, entrants::register};
use crate::rules::kind::GameKind;
use crate::scoring::Scoring;
use crate::store::events::{self as store_events, EventRow, EventSettings, NewEvent};
use crate::store::matches::{Author, MatchStatus};
use crate::store::seasons::{self, SeasonSettings};
use crate::store::{Db, DbConnection, StoreError, StoreResult, clubs, invitations, users};
use crate::tournament::{
    Cycles, EntrantId, Format, Seeding, TieBreak, rotating, round_robin, single_elimination,
};

pub use play::simulated_entries;

/// The demo club's address part.
pub const CLUB_SLUG: &str = "scuola-di-trionfetti";

/// How long the demo accounts' links stay open.
const LINK_DAYS: i64 = 30;

/// The club's regulars: ten come to the nights, eight at a time.
const REGULARS: [&str; 10] = [
    "Bepi Scarpa",
    "Toni Marcon",
    "Nane Bortolato",
    "Gigio Zanon",
    "Marieta Bon",
    "Bruna Sartor",
    "Checo Pavan",
    "Tita Rosso",
    "Lele Furlan",
    "Nina Dal Col",
];

/// Why no demo was made.
#[derive(Debug, thiserror::Error)]
pub enum DemoError {
    /// The database holds accounts, clubs or matches already: nothing was written.
    #[error(
        "the database is not empty ({0}); the demo fills only an empty database, and nothing was written"
    )]
    NotEmpty(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A demo account and its one-time link's token.
#[derive(Debug, Clone)]
pub struct DemoAccount {
    pub username: String,
    pub role: Role,
    pub token: String,
}

/// What the demo made.
#[derive(Debug, Clone)]
pub struct DemoReport {
    pub accounts: Vec<DemoAccount>,
    /// (name, public id) of every event, in the order made.
    pub events: Vec<(String, String)>,
    /// (name, id) of the seasons.
    pub seasons: Vec<(String, i64)>,
    /// The night in progress.
    pub live_event: String,
}

/// What the database holds already, in words; empty when nothing.
fn contents(connection: &mut DbConnection) -> StoreResult<String> {
    let mut held = Vec::new();
    let accounts = users::count(connection)?;
    if accounts > 0 {
        held.push(format!("{accounts} accounts"));
    }
    let club_count = clubs::list(connection)?.len();
    if club_count > 0 {
        held.push(format!("{club_count} clubs"));
    }
    if !crate::store::matches::list(connection, 1)?.is_empty() {
        held.push("matches".to_string());
    }
    Ok(held.join(", "))
}

/// Fills the empty database `db` (see the module documentation); `now` (the club's
/// local time) dates the seasons and nights.
pub fn fill(db: &Db, now: NaiveDateTime) -> Result<DemoReport, DemoError> {
    let demo = Demo::on_empty(db, now)?;
    actix_web::rt::System::new().block_on(demo.run())
}

/// [`fill`], then the federation's other clubs (`federation` module); `progress` hears
/// the totals after every week made (weeks made, weeks in all).
pub fn fill_federation(
    db: &Db,
    now: NaiveDateTime,
    size: Size,
    progress: impl FnMut(&Totals, usize, usize),
) -> Result<(DemoReport, Totals), DemoError> {
    let demo = Demo::on_empty(db, now)?;
    actix_web::rt::System::new().block_on(async {
        let report = demo.run().await?;
        let totals = demo.federation(size, progress).await?;
        Ok((report, totals))
    })
}

struct Demo {
    db: Db,
    scoring: Scoring,
    today: NaiveDate,
    now: NaiveDateTime,
}

/// The accounts the demo writes with.
struct Cast {
    organizer: users::User,
    referee: Author,
    club_id: i64,
}

/// The night `index` of a season: which eight regulars come (two stay home, in turn).
fn present_at(index: usize) -> Vec<Vec<String>> {
    let away = [
        (2 * index) % REGULARS.len(),
        (2 * index + 1) % REGULARS.len(),
    ];
    (0..REGULARS.len())
        .filter(|i| !away.contains(i))
        .map(|i| vec![REGULARS[i].to_string()])
        .collect()
}

/// Pairs of regulars, from the `from`-th on.
fn pairs(from: usize, count: usize) -> Vec<Vec<String>> {
    (0..count)
        .map(|k| {
            let first = (from + 2 * k) % REGULARS.len();
            vec![
                REGULARS[first].to_string(),
                REGULARS[(first + 1) % REGULARS.len()].to_string(),
            ]
        })
        .collect()
}

fn at(date: NaiveDate, hour: u32) -> NaiveDateTime {
    date.and_time(NaiveTime::from_hms_opt(hour, 30, 0).expect("a time of day"))
}

fn rotating_night(seed: u64) -> Format {
    Format::RotatingPartners(rotating::Options {
        rounds: 3,
        seed,
        tie_breaks: vec![TieBreak::PointsDifference, TieBreak::HeadToHead],
        sit_out: crate::tournament::ByeScore::Nothing,
    })
}

/// A Trionfetti night's options: one game to eleven points, as a club night plays it.
fn trionfetti_night() -> Value {
    json!({"target_points": 11, "games_to_win": 1})
}

/// An event to make: what the organizer's form would post.
struct NewDemoEvent {
    name: String,
    starts_at: NaiveDateTime,
    game: GameKind,
    options: Value,
    format: Format,
    entrants: Vec<Vec<String>>,
    seed: u64,
}

impl Demo {
    /// The demo's writer on `db`, which must hold nothing yet.
    fn on_empty(db: &Db, now: NaiveDateTime) -> Result<Demo, DemoError> {
        let held = db.read(contents)?;
        if !held.is_empty() {
            return Err(DemoError::NotEmpty(held));
        }
        Ok(Demo {
            db: db.clone(),
            scoring: Scoring::new(
                db.clone(),
                std::sync::Arc::new(crate::events::Advancement::default()),
            ),
            today: now.date(),
            now,
        })
    }

    async fn run(&self) -> Result<DemoReport, DemoError> {
        let (cast, accounts) = self.db.write(make_accounts)?;
        let mut report = DemoReport {
            accounts,
            events: Vec::new(),
            seasons: Vec::new(),
            live_event: String::new(),
        };

        // The closed season: six weekly nights that ended a month ago.
        let closed_end = self.today - Duration::days(30);
        let closed_start = closed_end - Duration::days(7 * 6);
        let closed = self.season(
            &cast,
            SeasonSettings {
                name: format!("Stagione d'autunno {}", closed_start.format("%Y")),
                starts_on: closed_start.to_string(),
                ends_on: closed_end.to_string(),
                scale: seasons::PLAYERS_BEATEN.to_string(),
                points_table: String::new(),
                best_nights: Some(5),
                min_nights: 3,
                closed: true,
            },
        )?;
        report.seasons.push(closed.clone());
        for night in 0..6 {
            let date = closed_start + Duration::days(7 * night as i64 + 3);
            let event = self.event(
                &cast,
                NewDemoEvent {
                    name: format!("Serata {} · {}", night + 1, date.format("%d/%m")),
                    starts_at: at(date, 20),
                    game: GameKind::Trionfetti,
                    options: trionfetti_night(),
                    format: rotating_night(100 + night as u64),
                    entrants: present_at(night),
                    seed: 1_000 + night as u64,
                },
                Some(closed.1),
            )?;
            self.play_all(&cast, &event, 10_000 * (night as u64 + 1))
                .await?;
            report.events.push((event.name.clone(), event.public_id));
        }

        // The open season: two nights played, the third in progress tonight.
        let open_start = self.today - Duration::days(15);
        let open = self.season(
            &cast,
            SeasonSettings {
                name: format!("Stagione d'inverno {}", open_start.format("%Y")),
                starts_on: open_start.to_string(),
                ends_on: (open_start + Duration::days(120)).to_string(),
                scale: seasons::PLAYERS_BEATEN.to_string(),
                points_table: String::new(),
                best_nights: None,
                min_nights: 1,
                closed: false,
            },
        )?;
        report.seasons.push(open.clone());
        for night in 0..3 {
            // Tonight's began an hour ago.
            let starts_at = match night {
                2 => self.now - Duration::hours(1),
                _ => at(open_start + Duration::days(7 * night as i64 + 1), 20),
            };
            let starts_at = starts_at
                .date()
                .and_hms_opt(starts_at.hour(), 0, 0)
                .unwrap_or(starts_at);
            let event = self.event(
                &cast,
                NewDemoEvent {
                    name: format!("Serata {} · {}", night + 1, starts_at.format("%d/%m")),
                    starts_at,
                    game: GameKind::Trionfetti,
                    options: trionfetti_night(),
                    format: rotating_night(200 + night as u64),
                    entrants: present_at(night + 6),
                    seed: 2_000 + night as u64,
                },
                Some(open.1),
            )?;
            if night < 2 {
                self.play_all(&cast, &event, 20_000 * (night as u64 + 1))
                    .await?;
            } else {
                self.play_tonight(&cast, &event).await?;
                report.live_event = event.public_id.clone();
            }
            report.events.push((event.name.clone(), event.public_id));
        }

        // One event of each other game, in the weeks before.
        let others = [
            (
                "Torneo di Madrasso",
                GameKind::Madrasso,
                json!({"min_deals": 4, "target_points": 400}),
                single_elimination_format(),
                pairs(0, 4),
            ),
            (
                "Girone di Tressette",
                GameKind::Tressette,
                json!({}),
                round_robin_format(),
                pairs(1, 4),
            ),
            (
                "Trijumf a due",
                GameKind::Trijumf,
                json!({"players": 2, "target_points": 201}),
                round_robin_format(),
                present_at(2).into_iter().take(4).collect(),
            ),
            (
                "Coppa di Vitou",
                GameKind::Vitou,
                json!({}),
                single_elimination_format(),
                pairs(3, 4),
            ),
        ];
        for (index, (name, game, given, format, entrants)) in others.into_iter().enumerate() {
            let date = self.today - Duration::days(4 + 7 * index as i64);
            let event = self.event(
                &cast,
                NewDemoEvent {
                    name: name.to_string(),
                    starts_at: at(date, 21),
                    game,
                    options: with_defaults(game, given),
                    format,
                    entrants,
                    seed: 3_000 + index as u64,
                },
                None,
            )?;
            self.play_all(&cast, &event, 30_000 * (index as u64 + 1))
                .await?;
            report.events.push((event.name.clone(), event.public_id));
        }
        Ok(report)
    }

    fn season(&self, cast: &Cast, settings: SeasonSettings) -> StoreResult<(String, i64)> {
        let club_id = cast.club_id;
        let name = settings.name.clone();
        let id = self
            .db
            .write(move |connection| seasons::create(connection, club_id, &settings))?;
        Ok((name, id))
    }

    /// Creates the event as the organizer's form does, registers and checks in its
    /// entrants, and makes the draw (random, from the demo's seed): its first matches.
    fn event(&self, cast: &Cast, new: NewDemoEvent, season: Option<i64>) -> StoreResult<EventRow> {
        let seed = new.seed;
        let event = self.announce(cast, new, season)?;
        self.begin(&event, seed)
    }

    /// Creates the event as the organizer's form does and registers its entrants: an
    /// event announced, not begun.
    fn announce(
        &self,
        cast: &Cast,
        new: NewDemoEvent,
        season: Option<i64>,
    ) -> StoreResult<EventRow> {
        let (club_id, created_by) = (cast.club_id, cast.organizer.id);
        self.db.write(move |connection| {
            let options_json = new.options.to_string();
            let format_json = serde_json::to_string(&new.format)
                .map_err(|e| StoreError::Corrupt(e.to_string()))?;
            // Entrants register before the night begins: the event is made for tomorrow,
            // and given its date, as the organizer's edit form would, once they are in.
            let tomorrow = crate::store::now() + Duration::days(1);
            let public_id = crate::scoring::new_public_id();
            let event = store_events::insert(
                connection,
                &NewEvent {
                    public_id: &public_id,
                    club_id,
                    name: &new.name,
                    starts_at: tomorrow.max(new.starts_at),
                    venue: "Sala del circolo",
                    game: new.game,
                    game_options_json: &options_json,
                    format_json: &format_json,
                    listed: true,
                    created_by,
                    time_zone: None,
                },
            )?;
            if let Some(season) = season {
                seasons::add_event(connection, season, event.id)?;
            }
            let rows: Vec<(Vec<String>, Option<String>)> = new
                .entrants
                .into_iter()
                .map(|names| (names, None))
                .collect();
            let registered = register(connection, &event, &rows)?;
            if registered.closed.is_some() || !registered.refused.is_empty() {
                return Err(StoreError::Corrupt(format!(
                    "the entrants of {} were refused",
                    new.name
                )));
            }
            store_events::update_settings(
                connection,
                event.id,
                &EventSettings {
                    name: &new.name,
                    starts_at: new.starts_at,
                    venue: &event.venue,
                    listed: true,
                    game: new.game,
                    game_options_json: &options_json,
                    format_json: &format_json,
                    time_zone: None,
                },
            )?;
            crate::store::required(store_events::find(connection, event.id)?)
        })
    }

    /// Checks in every entrant of the announced `event` and makes the draw (random, from
    /// `seed`): its first matches.
    fn begin(&self, event: &EventRow, seed: u64) -> StoreResult<EventRow> {
        let event_id = event.id;
        self.db.write(move |connection| {
            store_events::check_in_all(connection, event_id)?;
            let event = crate::store::required(store_events::find(connection, event_id)?)?;
            let entrants = store_events::entrants(connection, event_id)?;
            let present = draw::present(&entrants);
            let seeding = Seeding::Random { seed };
            let order: Vec<EntrantId> = draw::seed_order(&event, &present, &seeding)?
                .map_err(|error| StoreError::Corrupt(format!("{error:?}")))?;
            draw::start(connection, event_id, &format!("random {seed}"), &order)?;
            crate::store::required(store_events::find(connection, event_id)?)
        })
    }

    /// The event's matches not played yet, in the order drawn: (public id, key).
    fn waiting(&self, event: &EventRow) -> StoreResult<Vec<(String, String)>> {
        let event_id = event.id;
        let rows = self
            .db
            .read(move |connection| store_events::event_matches(connection, event_id))?;
        Ok(rows
            .into_iter()
            .filter(|row| row.match_key.is_some() && row.status() == MatchStatus::Scheduled)
            .map(|row| {
                (
                    row.public_id.clone(),
                    row.match_key.clone().unwrap_or_default(),
                )
            })
            .collect())
    }

    /// Plays every match of the event to its end, the next round's as they are drawn.
    async fn play_all(&self, cast: &Cast, event: &EventRow, seed: u64) -> StoreResult<()> {
        let options = crate::events::game_options_of(event);
        let mut played = 0u64;
        loop {
            let waiting = self.waiting(event)?;
            if waiting.is_empty() {
                return Ok(());
            }
            // One table after the other: the event advances after each result.
            for (public_id, _) in waiting {
                let entries =
                    simulated_entries(event.game, &options, seed + 1_000 * played, false)?;
                play::referee_plays(&self.db, &self.scoring, &public_id, entries, &cast.referee)
                    .await?;
                played += 1;
            }
        }
    }

    /// Tonight's night: the first round's two tables in play, halfway through their
    /// matches (the first kept card by card from a comanda), and the referee assigned.
    async fn play_tonight(&self, cast: &Cast, event: &EventRow) -> StoreResult<()> {
        let options = crate::events::game_options_of(event);
        let first_round: Vec<(String, String)> = self
            .waiting(event)?
            .into_iter()
            .filter(|(_, key)| key.starts_with("Rot R1 T"))
            .collect();
        for (table, (public_id, _)) in first_round.iter().enumerate() {
            let mut entries =
                simulated_entries(event.game, &options, 40_000 + 1_000 * table as u64, true)?;
            entries.truncate((entries.len() / 2).max(2) + table * 3);
            let referee_id = match &cast.referee {
                Author::User { id, .. } => *id,
                Author::Link { id, .. } => *id,
            };
            let id = public_id.clone();
            self.db.write(move |connection| {
                let row = crate::store::required(crate::store::matches::find_by_public_id(
                    connection, &id,
                )?)?;
                crate::store::matches::assign_referee(connection, row.id, referee_id)
            })?;
            play::referee_plays(&self.db, &self.scoring, public_id, entries, &cast.referee).await?;
        }
        Ok(())
    }
}

/// The given options over the game's defaults.
fn with_defaults(game: GameKind, given: Value) -> Value {
    let mut options = crate::events::default_options(game);
    if let (Value::Object(all), Value::Object(given)) = (&mut options, given) {
        all.extend(given);
    }
    options
}

fn single_elimination_format() -> Format {
    Format::SingleElimination(single_elimination::Options { third_place: false })
}

fn round_robin_format() -> Format {
    Format::RoundRobin(round_robin::Options {
        cycles: Cycles::Single,
        tie_breaks: vec![TieBreak::HeadToHead, TieBreak::PointsDifference],
    })
}

/// The administrator, the club's organizer and a referee, each with a password nobody
/// knows and a one-time link to claim the account; the club, its organizer named.
fn make_accounts(connection: &mut DbConnection) -> StoreResult<(Cast, Vec<DemoAccount>)> {
    let mut made = Vec::new();
    let mut accounts = Vec::new();
    for (username, display_name, role) in [
        ("admin", "Amministratore demo", Role::Admin),
        ("organizzatrice", "Elena Organizzatrice", Role::Organizer),
        ("arbitro", "Piero Arbitro", Role::Referee),
    ] {
        // A password nobody knows: the link is the way in.
        let hash = accounts::hash_password(&accounts::random_token())
            .map_err(|error| StoreError::Corrupt(error.to_string()))?;
        let user = users::insert(
            connection,
            &users::NewUser {
                username,
                display_name,
                password_hash: &hash,
                role,
            },
        )?;
        made.push(user);
    }
    let admin_id = made[0].id;
    let expires = crate::store::now() + Duration::days(LINK_DAYS);
    for user in &made {
        let token = accounts::random_token();
        invitations::insert_claim(
            connection,
            &accounts::token_hash(&token),
            user.role(),
            admin_id,
            expires,
            user.id,
        )?;
        accounts.push(DemoAccount {
            username: user.username.clone(),
            role: user.role(),
            token,
        });
    }
    let club = clubs::create(connection, CLUB_SLUG, "Scuola di Trionfetti")?;
    let organizer = made[1].clone();
    clubs::add_organizer(connection, club.id, organizer.id)?;
    let referee = Author::User {
        id: made[2].id,
        label: made[2].display_name.clone(),
    };
    Ok((
        Cast {
            organizer,
            referee,
            club_id: club.id,
        },
        accounts,
    ))
}
