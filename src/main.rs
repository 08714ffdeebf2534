use std::process::ExitCode;

use clap::Parser;

/// Under load a score entry makes a few hundred small allocations across the web
/// workers and the writer thread; glibc's allocator spent a tenth of the server's
/// time there (arena locks, consolidation). mimalloc keeps per-thread free lists.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    segnapunti::cli::run(segnapunti::cli::Cli::parse())
}
