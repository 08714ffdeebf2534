//! The formats on the event form: their keys, their names and a line saying what each
//! is.

use crate::tournament::Format;
use crate::web::context::PageContext;

pub const FORMATS: [&str; 6] = [
    "single_elimination",
    "double_elimination",
    "round_robin",
    "groups",
    "swiss",
    "rotating",
];

pub fn format_label(ctx: &PageContext, key: &str) -> &'static str {
    ctx.t(match key {
        "single_elimination" => "format-single_elimination",
        "double_elimination" => "format-double_elimination",
        "round_robin" => "format-round_robin",
        "groups" => "format-groups",
        "swiss" => "format-swiss",
        _ => "format-rotating",
    })
}

pub fn format_key(format: &Format) -> &'static str {
    match format {
        Format::SingleElimination(_) => "single_elimination",
        Format::DoubleElimination(_) => "double_elimination",
        Format::RoundRobin(_) => "round_robin",
        Format::GroupsThenKnockout(_) => "groups",
        Format::Swiss(_) => "swiss",
        Format::RotatingPartners(_) => "rotating",
    }
}

pub fn format_hint(ctx: &PageContext, key: &str) -> &'static str {
    ctx.t(match key {
        "single_elimination" => "format-single_elimination_hint",
        "double_elimination" => "format-double_elimination_hint",
        "round_robin" => "format-round_robin_hint",
        "groups" => "format-groups_hint",
        "swiss" => "format-swiss_hint",
        _ => "format-rotating_hint",
    })
}
