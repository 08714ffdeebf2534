//! The event form filled in: from a stored event to edit it, and for a new event from
//! the club's last one (a club runs the same night week after week), or, for a club's
//! first event, the rotating-partners night of Trionfetti clubs run most.

use super::form::{EventForm, format_key};
use super::options::DEFAULT_GAME;
use crate::rules::kind::GameKind;
use crate::store::events::EventRow;
use crate::tournament::{Cycles, Format, TieBreak};

/// The format a club's first event starts with.
const FIRST_FORMAT: &str = "rotating";

/// The form filled from a stored event (to edit it).
pub(super) fn form_of(event: &EventRow, format: &Format) -> EventForm {
    let mut form = EventForm {
        name: event.name.clone(),
        date: event.starts_at.format("%Y-%m-%d").to_string(),
        time: event.starts_at.format("%H:%M").to_string(),
        venue: event.venue.clone(),
        time_zone: event.time_zone.clone().unwrap_or_default(),
        game: event.game.name().to_string(),
        listed: event.listed,
        bye_is_win: false,
        ..EventForm::default()
    };
    with_format(&mut form, format);
    form
}

/// A new event's form for a club whose last event is `last`, with the game chosen and
/// its options: that event's game, format and their options, its time and venue; the
/// name and the date are the new event's own. A last event whose format cannot be read
/// gives the first event's form (it must not stop the club making another).
pub(super) fn new_event_form(last: Option<&EventRow>) -> (EventForm, GameKind, serde_json::Value) {
    let read = last.and_then(|event| Some((event, crate::events::format_of(event).ok()?)));
    let Some((last, format)) = read else {
        let form = EventForm {
            format: FIRST_FORMAT.to_string(),
            ..EventForm::default()
        };
        return (form, DEFAULT_GAME, serde_json::Value::Null);
    };
    let mut form = EventForm {
        time: last.starts_at.format("%H:%M").to_string(),
        venue: last.venue.clone(),
        game: last.game.name().to_string(),
        ..EventForm::default()
    };
    with_format(&mut form, &format);
    (form, last.game, crate::events::game_options_of(last))
}

/// Sets the form's format and that format's options; the other formats' fields keep
/// what they hold.
fn with_format(form: &mut EventForm, format: &Format) {
    form.format = format_key(format).to_string();
    let chain: &[TieBreak] = match format {
        Format::SingleElimination(o) => {
            form.third_place = o.third_place;
            &[]
        }
        Format::DoubleElimination(o) => {
            form.bracket_reset = o.bracket_reset;
            &[]
        }
        Format::RoundRobin(o) => {
            form.double_cycle = o.cycles == Cycles::Double;
            &o.tie_breaks
        }
        Format::GroupsThenKnockout(o) => {
            form.group_size = o.group_size;
            form.qualifiers = o.qualifiers_per_group;
            form.double_cycle = o.cycles == Cycles::Double;
            form.third_place = o.third_place;
            &o.tie_breaks
        }
        Format::Swiss(o) => {
            form.rounds = o.rounds;
            form.bye_is_win = o.bye_is_win;
            &o.tie_breaks
        }
        Format::RotatingPartners(o) => {
            form.rounds = o.rounds;
            form.sit_out = o.sit_out.key().to_string();
            &o.tie_breaks
        }
    };
    // A bracket keeps no tie-breaks: the form's stay as they were for the other formats.
    if !matches!(
        format,
        Format::SingleElimination(_) | Format::DoubleElimination(_)
    ) {
        let key = |i: usize| {
            chain
                .get(i)
                .map(|t| t.key().to_string())
                .unwrap_or_default()
        };
        (form.tie1, form.tie2, form.tie3) = (key(0), key(1), key(2));
    }
}
