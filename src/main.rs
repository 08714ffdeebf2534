use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    segnapunti::cli::run(segnapunti::cli::Cli::parse())
}
