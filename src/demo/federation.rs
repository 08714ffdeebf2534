//! `segnapunti demo --clubs N --seasons S`: the demo club and N − 1 more, each with S
//! seasons of weekly Trionfetti nights and a tournament of another game between seasons,
//! as a regional federation's server holds them after a few years. It is the data the
//! scale benchmarks and the query-plan tests read.
//!
//! Everything goes through the demo's write paths (events, entrants, draws, every entry
//! through `Scoring::append`). History is made week by week across all clubs, as it was
//! played, so ratings follow time for players who move between clubs: each season one
//! player of every club moves on to the next club. A night now and then sees a player
//! leave after the first round or arrive late, and a match now and then a hand voided and
//! recorded again. Clubs whose night is today have it in progress; the others' nights
//! this week are announced.

use chrono::{Datelike, Duration, NaiveDate};
use diesel::RunQueryDsl;
use futures_util::future::join_all;
use serde_json::json;

use super::{
    Cast, Demo, DemoError, NewDemoEvent, at, play, rotating_night, round_robin_format,
    simulated_entries, trionfetti_night, with_defaults,
};
mod names;

use crate::accounts::{self, Role};
use crate::rules::kind::GameKind;
use crate::store::events::EventRow;
use crate::store::matches::Author;
use crate::store::seasons::{self, SeasonSettings};
use crate::store::{Backend, DbConnection, StoreError, StoreResult, clubs, users};

/// Nights in a season, one a week; then weeks without a night, one of them with a
/// tournament of the club's other game.
const NIGHTS_PER_SEASON: usize = 8;
const WEEKS_BETWEEN_SEASONS: usize = 4;
/// Each club's regulars; eight to twelve of them come to a night.
const ROSTER: usize = 12;
/// One night in this many sees a player leave after the first round, another a player
/// arrive late; one match in this many has a hand voided and recorded again.
const WITHDRAWAL_EVERY: u64 = 11;
const LATE_ARRIVAL_EVERY: u64 = 13;
const VOID_EVERY: u64 = 23;

/// How big a federation to make.
#[derive(Debug, Clone, Copy)]
pub struct Size {
    /// Clubs in all, the demo's club among them.
    pub clubs: usize,
    pub seasons: usize,
}

/// What the federation holds once made.
#[derive(Debug, Clone, Default)]
pub struct Totals {
    pub clubs: usize,
    pub events: usize,
    pub matches: usize,
    pub entries: usize,
}

/// One of the federation's clubs (the demo's club is made by the demo itself).
struct Club {
    index: usize,
    cast: Cast,
    /// The club's other game, played between seasons.
    other_game: GameKind,
    /// This season's season row.
    season: Option<i64>,
}

/// The regulars of club `club` (counted from 0 among the federation's clubs) in season
/// `season`: slot `season % ROSTER` of every club passes, season after season, to the
/// next club, so one player a season moves on.
fn roster(club: usize, clubs: usize, season: usize) -> Vec<String> {
    (0..ROSTER)
        .map(|slot| {
            // The moving slots of the seasons so far each took a neighbour's player.
            let moves = (1..=season).filter(|s| s % ROSTER == slot).count();
            let from = (club + clubs - moves % clubs) % clubs;
            names::player_name(from * ROSTER + slot)
        })
        .collect()
}

/// A seeded count in `0..modulo` for `(a, b)`: a cheap, fixed mix (no randomness).
fn mix(a: u64, b: u64, modulo: u64) -> u64 {
    let mut x = a
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(b.wrapping_mul(0xC2B2_AE3D_27D4_EB4F));
    x ^= x >> 31;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 29;
    x % modulo
}

/// Who of `roster` comes on `week`: eight to twelve of them, and who may come late.
fn present(roster: &[String], club: usize, week: usize) -> (Vec<String>, Option<String>) {
    let seed = mix(club as u64, week as u64, u64::MAX);
    let count = 8 + (seed % 5) as usize;
    let start = (seed / 5) as usize % roster.len();
    let mut people: Vec<String> = (0..roster.len())
        .map(|k| roster[(start + k) % roster.len()].clone())
        .collect();
    let absent = people.split_off(count);
    (people, absent.into_iter().next())
}

impl Demo {
    /// Makes the federation's clubs other than the demo's, their seasons and nights,
    /// week by week; `progress` hears a line after every week.
    pub(super) async fn federation(
        &self,
        size: Size,
        mut progress: impl FnMut(&Totals, usize, usize),
    ) -> Result<Totals, DemoError> {
        let others = size.clubs.saturating_sub(1);
        let mut totals = Totals {
            clubs: size.clubs,
            ..Totals::default()
        };
        if others == 0 || size.seasons == 0 {
            return Ok(totals);
        }
        let hash = accounts::hash_password(&accounts::random_token())
            .map_err(|error| StoreError::Corrupt(error.to_string()))?;
        let mut clubs: Vec<Club> = (0..others)
            .map(|index| {
                self.db.write({
                    let hash = hash.clone();
                    move |connection| make_club(connection, index, &hash)
                })
            })
            .collect::<StoreResult<_>>()?;
        let season_weeks = NIGHTS_PER_SEASON + WEEKS_BETWEEN_SEASONS;
        // The last season is this one: its nights are the weeks before this one, and this
        // week's; the weeks are counted from the first season's first night.
        let weeks = (size.seasons - 1) * season_weeks + NIGHTS_PER_SEASON + 1;
        let this_monday =
            self.today - Duration::days(self.today.weekday().num_days_from_monday() as i64);
        let first_monday = this_monday - Duration::weeks(weeks as i64 - 1);
        for week in 0..weeks {
            let season = week / season_weeks;
            let in_season = week % season_weeks;
            let monday = first_monday + Duration::weeks(week as i64);
            if in_season == 0 {
                self.open_seasons(&mut clubs, season, size.seasons, monday)?;
            }
            let nights = clubs.iter().map(|club| {
                let last = season + 1 == size.seasons;
                self.club_week(club, others, (season, last), in_season, week, monday)
            });
            for made in join_all(nights).await {
                let made = made?;
                totals.events += made.events;
                totals.matches += made.matches;
                totals.entries += made.entries;
            }
            // PostgreSQL plans from statistics that a bulk load outruns: without them a
            // week's reads turn into whole-table scans (autovacuum may be off, or behind).
            if self.db.backend() == Backend::Postgres
                && ((week + 1).is_power_of_two() || week + 1 == weeks)
            {
                self.db.write(|connection| {
                    diesel::sql_query("ANALYZE").execute(connection)?;
                    Ok(())
                })?;
            }
            progress(&totals, week + 1, weeks);
        }
        Ok(totals)
    }

    /// A season for every club from `monday`: closed but the last.
    fn open_seasons(
        &self,
        clubs: &mut [Club],
        season: usize,
        seasons: usize,
        monday: NaiveDate,
    ) -> StoreResult<()> {
        let last = season + 1 == seasons;
        let ends_on = monday + Duration::weeks(NIGHTS_PER_SEASON as i64 + if last { 8 } else { 0 });
        for club in clubs {
            let settings = SeasonSettings {
                name: format!("Stagione {} · {}", season + 1, monday.format("%Y")),
                starts_on: monday.to_string(),
                ends_on: ends_on.to_string(),
                scale: seasons::PLAYERS_BEATEN.to_string(),
                points_table: String::new(),
                best_nights: Some(NIGHTS_PER_SEASON as i32 - 2),
                min_nights: 3,
                closed: !last,
            };
            let club_id = club.cast.club_id;
            club.season = Some(
                self.db
                    .write(move |connection| seasons::create(connection, club_id, &settings))?,
            );
        }
        Ok(())
    }

    /// What `club` plays in week `week`: a night in season, a tournament of its other
    /// game in the second week between seasons, nothing otherwise.
    async fn club_week(
        &self,
        club: &Club,
        clubs: usize,
        (season, last): (usize, bool),
        in_season: usize,
        week: usize,
        monday: NaiveDate,
    ) -> StoreResult<Totals> {
        let day = monday + Duration::days((club.index % 7) as i64);
        let seed = (club.index as u64) << 20 | week as u64;
        let regulars = roster(club.index, clubs, season);
        // This season's nights run to this week; an earlier season's end after its
        // eighth, and its tournament follows a week later.
        let night = in_season < NIGHTS_PER_SEASON || (last && in_season == NIGHTS_PER_SEASON);
        if !last && in_season == NIGHTS_PER_SEASON + 1 {
            return self.tournament(club, &regulars, day, seed).await;
        }
        if !night {
            return Ok(Totals::default());
        }
        let (coming, late) = present(&regulars, club.index, week);
        let starts_at = at(day, 20);
        let new = NewDemoEvent {
            name: format!("Serata {} · {}", in_season + 1, day.format("%d/%m")),
            starts_at,
            game: GameKind::Trionfetti,
            options: trionfetti_night(),
            format: rotating_night(seed),
            entrants: coming.into_iter().map(|name| vec![name]).collect(),
            seed,
        };
        if day > self.today {
            self.announce(&club.cast, new, club.season)?;
            return Ok(Totals {
                events: 1,
                ..Totals::default()
            });
        }
        let tonight = day == self.today;
        let new = NewDemoEvent {
            starts_at: if tonight {
                self.now - Duration::hours(1)
            } else {
                starts_at
            },
            ..new
        };
        let event = self.event(&club.cast, new, club.season)?;
        let mut made = Totals {
            events: 1,
            ..Totals::default()
        };
        // Round after round, as the tables finish; the rounds to come are drawn already
        // and may be drawn again when someone leaves or arrives.
        for round in 1.. {
            if round == 2 && !tonight {
                self.change_at_the_table(&event, seed, late.clone())?;
            }
            let of_round = format!("Rot R{round} ");
            let tables: Vec<String> = self
                .waiting(&event)?
                .into_iter()
                .filter(|(_, key)| key.starts_with(&of_round))
                .map(|(public_id, _)| public_id)
                .collect();
            if tables.is_empty() {
                break;
            }
            for (table, public_id) in tables.iter().enumerate() {
                let match_seed = seed * 64 + (round * 8 + table) as u64;
                let mut entries = self.simulate(&event, match_seed)?;
                if tonight {
                    // Tonight's first round is under way: each table halfway through.
                    entries.truncate(entries.len() / 2);
                    made.entries += entries.len();
                    play::referee_plays(
                        &self.db,
                        &self.scoring,
                        public_id,
                        entries,
                        &club.cast.referee,
                    )
                    .await?;
                    continue;
                }
                let mistake = (mix(match_seed, 7, VOID_EVERY) == 0).then_some(entries.len() / 2);
                made.entries += entries.len() + 2 * usize::from(mistake.is_some());
                made.matches += 1;
                play::referee_corrects(
                    &self.db,
                    &self.scoring,
                    public_id,
                    entries,
                    &club.cast.referee,
                    mistake,
                )
                .await?;
            }
            if tonight {
                break;
            }
        }
        if !tonight && !self.waiting(&event)?.is_empty() {
            return Err(StoreError::Corrupt(format!(
                "{} left tables unplayed",
                event.name
            )));
        }
        Ok(made)
    }

    /// After the first round, now and then a player leaves (withdrawn) or one more
    /// arrives (registered late, from the next round on).
    fn change_at_the_table(
        &self,
        event: &EventRow,
        seed: u64,
        late: Option<String>,
    ) -> StoreResult<()> {
        let event_id = event.id;
        if mix(seed, 1, WITHDRAWAL_EVERY) == 0 {
            let leaving = 1 + mix(seed, 2, 8) as i32;
            let refused = self.db.write(move |connection| {
                crate::events::changes::withdraw(connection, event_id, leaving, false)
            })?;
            if let Err(key) = refused {
                return Err(StoreError::Corrupt(format!(
                    "a withdrawal from {} was refused: {key}",
                    event.name
                )));
            }
        } else if let Some(name) = late.filter(|_| mix(seed, 3, LATE_ARRIVAL_EVERY) == 0) {
            let event = event.clone();
            self.db.write(move |connection| {
                let registered =
                    crate::events::entrants::register(connection, &event, &[(vec![name], None)])?;
                if registered.closed.is_some() || !registered.refused.is_empty() {
                    return Err(StoreError::Corrupt(format!(
                        "a late arrival at {} was refused",
                        event.name
                    )));
                }
                Ok(())
            })?;
        }
        Ok(())
    }

    /// Between seasons: four pairs of the club's regulars play its other game, each with
    /// each.
    async fn tournament(
        &self,
        club: &Club,
        regulars: &[String],
        day: NaiveDate,
        seed: u64,
    ) -> StoreResult<Totals> {
        let game = club.other_game;
        let (options, entrants) = match game {
            GameKind::Trijumf => (
                with_defaults(game, json!({"players": 2, "target_points": 201})),
                regulars
                    .iter()
                    .take(4)
                    .map(|name| vec![name.clone()])
                    .collect(),
            ),
            GameKind::Madrasso => (
                with_defaults(game, json!({"min_deals": 4, "target_points": 400})),
                regulars.chunks(2).take(4).map(<[String]>::to_vec).collect(),
            ),
            _ => (
                with_defaults(game, json!({})),
                regulars.chunks(2).take(4).map(<[String]>::to_vec).collect(),
            ),
        };
        let event = self.event(
            &club.cast,
            NewDemoEvent {
                name: format!("Torneo di {}", game.label()),
                starts_at: at(day, 21),
                game,
                options,
                format: round_robin_format(),
                entrants,
                seed,
            },
            None,
        )?;
        let mut made = Totals {
            events: 1,
            ..Totals::default()
        };
        for (table, (public_id, _)) in self.waiting(&event)?.into_iter().enumerate() {
            let entries = self.simulate(&event, seed * 64 + table as u64)?;
            made.entries += entries.len();
            made.matches += 1;
            play::referee_plays(
                &self.db,
                &self.scoring,
                &public_id,
                entries,
                &club.cast.referee,
            )
            .await?;
        }
        Ok(made)
    }

    fn simulate(&self, event: &EventRow, seed: u64) -> StoreResult<Vec<serde_json::Value>> {
        simulated_entries(
            event.game,
            &crate::events::game_options_of(event),
            seed,
            false,
        )
    }
}

/// Club `index`: its organizer (who also referees its nights; a password nobody knows,
/// `hash`) and its other game.
fn make_club(connection: &mut DbConnection, index: usize, hash: &str) -> StoreResult<Club> {
    let name = names::club_name(index);
    let slug: String = name
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join("-");
    let username = format!("org-{slug}");
    let organizer = users::insert(
        connection,
        &users::NewUser {
            username: &username,
            display_name: &format!("Organizzazione {name}"),
            password_hash: hash,
            role: Role::Organizer,
        },
    )?;
    let club = clubs::create(connection, &slug, &name)?;
    clubs::add_organizer(connection, club.id, organizer.id)?;
    let referee = Author::User {
        id: organizer.id,
        label: organizer.display_name.clone(),
    };
    let others = [
        GameKind::Madrasso,
        GameKind::Tressette,
        GameKind::Trijumf,
        GameKind::Vitou,
    ];
    Ok(Club {
        index,
        cast: Cast {
            organizer,
            referee,
            club_id: club.id,
        },
        other_game: others[index % others.len()],
        season: None,
    })
}

#[cfg(test)]
mod tests {
    use super::names::player_name;
    use super::*;

    #[test]
    fn names_are_unique_and_never_the_demo_regulars() {
        let names: std::collections::BTreeSet<String> = (0..6_000).map(player_name).collect();
        assert_eq!(names.len(), 6_000);
        for regular in super::super::REGULARS {
            assert!(!names.contains(regular), "{regular}");
        }
    }

    #[test]
    fn one_player_a_season_moves_to_the_next_club() {
        let clubs = 5;
        for season in 1..30 {
            for club in 0..clubs {
                let before = roster(club, clubs, season - 1);
                let now = roster(club, clubs, season);
                let stayed = now.iter().filter(|n| before.contains(n)).count();
                assert_eq!(stayed, ROSTER - 1, "club {club} season {season}");
                let arrived = now.iter().find(|n| !before.contains(n)).unwrap();
                let previous = roster((club + clubs - 1) % clubs, clubs, season - 1);
                assert!(
                    previous.contains(arrived),
                    "{arrived} came from the club before"
                );
            }
        }
    }

    #[test]
    fn eight_to_twelve_come() {
        let regulars = roster(3, 10, 0);
        for week in 0..200 {
            let (coming, late) = present(&regulars, 3, week);
            assert!((8..=12).contains(&coming.len()));
            assert_eq!(late.is_some(), coming.len() < ROSTER);
        }
    }
}
