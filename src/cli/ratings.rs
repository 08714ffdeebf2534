//! `segnapunti ratings rebuild`: every rating and player's figure recomputed from the
//! stored logs (`crate::ratings::rebuild`), a progress line on a terminal meanwhile.
//! Exit 0 once stored, 1 when the database fails.

use super::comanda::CommandOutput;
use crate::store::{DatabaseUrl, Db};

pub fn rebuild(database_url: &DatabaseUrl) -> CommandOutput {
    let progress = super::progress::on_terminal("events");
    let rebuilt =
        Db::open(database_url).and_then(|db| crate::ratings::rebuild_telling(&db, progress));
    match rebuilt {
        Ok(rebuilt) => {
            let mut stdout = format!(
                "ratings rebuilt from the logs: {} matches, {} rating points\n",
                rebuilt.matches, rebuilt.points
            );
            stdout.push_str(&match rebuilt.difference {
                None => "the stored ratings already agreed\n".to_string(),
                Some(difference) => {
                    format!("the stored ratings differed and were replaced ({difference})\n")
                }
            });
            stdout.push_str(&format!(
                "players' figures rebuilt: {} nights\n",
                rebuilt.nights
            ));
            stdout.push_str(&match rebuilt.figures_difference {
                None => "the stored figures already agreed\n".to_string(),
                Some(difference) => {
                    format!("the stored figures differed and were replaced ({difference})\n")
                }
            });
            CommandOutput {
                stdout,
                stderr: String::new(),
                exit_code: 0,
            }
        }
        Err(error) => CommandOutput {
            stdout: String::new(),
            stderr: format!("error: {error}\n"),
            exit_code: 1,
        },
    }
}
