//! The club filter of a list (the events' archive, the organizers' matches): a choice
//! among the clubs while they are few, a text field matched against their names once
//! they are many (issue 39), so that the form never grows with the clubs.

use crate::store::clubs::{self, Club, ClubFilter};
use crate::store::{DbConnection, StoreResult};

/// The most clubs offered as a choice; with more, the club's name is typed.
pub const CHOICE_AT_MOST: i64 = 30;

/// What a typed name keeps of what is typed.
const MAX_TYPED_CHARS: usize = 80;

/// The club field of a filter form (`templates/club_filter.html`).
pub struct ClubField {
    /// The clubs to choose among, by name: (slug, name, chosen); empty when typed.
    pub options: Vec<(String, String, bool)>,
    /// Too many clubs to list: the field is a text field.
    pub typed: bool,
    /// What the text field shows: the chosen club's name, or what was typed.
    pub text: String,
}

/// The club a filter asked for, the field that shows it, and why none was found.
pub struct ClubPick {
    pub club: Option<Club>,
    pub field: ClubField,
    /// A Fluent id when the filter names no club, or several.
    pub problem: Option<&'static str>,
}

/// The club `asked` names among all clubs, or an organizer's (`organizer`): a slug, or
/// (once the clubs are typed) a club's whole name or part of it. `unknown` is the
/// problem of a choice that names no club. Reads at most [`CHOICE_AT_MOST`] + 1 clubs.
pub fn pick(
    connection: &mut DbConnection,
    organizer: Option<i64>,
    asked: &str,
    unknown: &'static str,
) -> StoreResult<ClubPick> {
    let asked: String = asked.trim().chars().take(MAX_TYPED_CHARS).collect();
    let every = ClubFilter {
        name: String::new(),
        organizer,
    };
    let (few, many) = clubs::page(connection, &every, 0, CHOICE_AT_MOST)?;
    if !many {
        let club = few.iter().find(|club| club.slug == asked).cloned();
        let problem = (club.is_none() && !asked.is_empty()).then_some(unknown);
        let options = few
            .into_iter()
            .map(|c| {
                let chosen = club.as_ref().is_some_and(|club| club.id == c.id);
                (c.slug, c.name, chosen)
            })
            .collect();
        return Ok(ClubPick {
            club,
            field: ClubField {
                options,
                typed: false,
                text: String::new(),
            },
            problem,
        });
    }
    let (club, problem) = typed(connection, organizer, &asked)?;
    let text = club.as_ref().map_or(asked, |club| club.name.clone());
    Ok(ClubPick {
        club,
        field: ClubField {
            options: Vec::new(),
            typed: true,
            text,
        },
        problem,
    })
}

/// The club a typed text names: its slug (the page links' spelling), the only name
/// holding it, or among several the one of exactly that name (in any case).
fn typed(
    connection: &mut DbConnection,
    organizer: Option<i64>,
    asked: &str,
) -> StoreResult<(Option<Club>, Option<&'static str>)> {
    if asked.is_empty() {
        return Ok((None, None));
    }
    if let Some(club) = clubs::find_by_slug(connection, asked)? {
        let allowed = match organizer {
            Some(user_id) => clubs::is_organizer(connection, club.id, user_id)?,
            None => true,
        };
        if allowed {
            return Ok((Some(club), None));
        }
    }
    let holding = ClubFilter {
        name: asked.to_string(),
        organizer,
    };
    // Among many names holding the text, the one that is exactly it still counts; a
    // bounded few are enough to look for it.
    let (mut found, _) = clubs::page(connection, &holding, 0, CHOICE_AT_MOST)?;
    if found.len() == 1 {
        return Ok((found.pop(), None));
    }
    let lower = asked.to_lowercase();
    let exact = found
        .iter()
        .position(|club| club.name.to_lowercase() == lower);
    Ok(match exact {
        Some(at) => (Some(found.swap_remove(at)), None),
        None if found.is_empty() => (None, Some("club_filter-unknown")),
        None => (None, Some("club_filter-several")),
    })
}
