//! `segnapunti ratings rebuild`: every rating recomputed from the stored logs
//! (`crate::ratings::rebuild`). Exit 0 once stored, 1 when the database fails.

use super::comanda::CommandOutput;
use crate::store::{DatabaseUrl, Db};

pub fn rebuild(database_url: &DatabaseUrl) -> CommandOutput {
    let rebuilt = Db::open(database_url).and_then(|db| crate::ratings::rebuild(&db));
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
