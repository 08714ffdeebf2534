//! The words an old link of a match taken out of its event's draw answers with: the
//! match takes nothing, and the table's match now is named, so the referee goes there.

use crate::scoring::Moved;
use crate::web::i18n::Tr;

/// "This match is no longer in the draw … at table 4 the match now is …".
pub fn words(tr: Tr, moved: &Moved) -> String {
    let gone = tr.t("scoring-out_of_draw").to_string();
    let next = match (moved.table, &moved.now) {
        (Some(table), Some(now)) => tr.t_args(
            "scoring-now_at_table",
            &[
                ("table", i64::from(table).into()),
                (
                    "match",
                    tr.msg(&crate::events::title_msg(&now.title)).into(),
                ),
                ("players", now.players.join(" · ").into()),
            ],
        ),
        (Some(table), None) => {
            tr.t_args("scoring-table_free", &[("table", i64::from(table).into())])
        }
        (None, _) => String::new(),
    };
    if next.is_empty() {
        gone
    } else {
        format!("{gone} {next}")
    }
}
