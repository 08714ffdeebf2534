// Shared by build.rs (which embeds the locales) and the tests (which read a fixture
// folder the same way), so that both see the same languages.

/// The folders of `root` (a language each, by code) with their `.ftl` files (name,
/// path), all in name order.
#[allow(dead_code)]
fn locale_files(
    root: &std::path::Path,
) -> Vec<(String, Vec<(String, String)>)> {
    let sorted = |dir: &std::path::Path| {
        let mut paths: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
            .map(|entry| entry.unwrap().path())
            .collect();
        paths.sort();
        paths
    };
    let name = |path: &std::path::Path| path.file_name().unwrap().to_str().unwrap().to_string();
    sorted(root)
        .into_iter()
        .filter(|path| path.is_dir())
        .map(|dir| {
            let files = sorted(&dir)
                .into_iter()
                .filter(|path| path.extension().is_some_and(|ext| ext == "ftl"))
                .map(|path| (name(&path), path.to_str().unwrap().to_string()))
                .collect();
            (name(&dir), files)
        })
        .collect()
}
