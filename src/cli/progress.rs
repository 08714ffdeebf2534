//! A long command's progress line ("events 1,200 of 4,013"), rewritten in place on a
//! terminal's stderr and cleared at the end; where stderr is not a terminal (a log, a
//! pipe) nothing is written, and the command's own final line says what was done.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Often enough to look alive, rarely enough to cost nothing.
const EVERY: Duration = Duration::from_millis(200);

/// A function to tell of each step done, `label` naming what is counted.
pub fn on_terminal(label: &'static str) -> Box<dyn FnMut(usize, usize) + Send> {
    if !std::io::stderr().is_terminal() {
        return Box::new(|_, _| {});
    }
    let mut last: Option<Instant> = None;
    Box::new(move |done, total| {
        let finished = done >= total;
        if !finished && last.is_some_and(|at| at.elapsed() < EVERY) {
            return;
        }
        last = Some(Instant::now());
        let mut stderr = std::io::stderr().lock();
        // \r back to the line's start, \x1b[K clears what a longer line left.
        let _ = write!(stderr, "\r{}\x1b[K", line(label, done, total));
        if finished {
            let _ = write!(stderr, "\r\x1b[K");
        }
        let _ = stderr.flush();
    })
}

fn line(label: &str, done: usize, total: usize) -> String {
    let percent = (done * 100).checked_div(total).unwrap_or(100);
    format!("{label} {done} of {total} ({percent}%)")
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_line_counts_and_gives_the_share() {
        assert_eq!(super::line("events", 3, 12), "events 3 of 12 (25%)");
        assert_eq!(super::line("events", 0, 0), "events 0 of 0 (100%)");
    }
}
