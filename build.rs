use std::path::Path;

// The PostgreSQL variants of the integration tests are compiled only when a server
// is named, so that they never pass without having run.
fn main() {
    embed_locales();
    println!("cargo:rustc-check-cfg=cfg(postgres_tests)");
    println!("cargo:rustc-check-cfg=cfg(browser_tests)");
    println!("cargo:rerun-if-env-changed=SEGNAPUNTI_TEST_POSTGRES_URL");
    println!("cargo:rerun-if-env-changed=SEGNAPUNTI_TEST_BROWSER");
    if std::env::var_os("SEGNAPUNTI_TEST_POSTGRES_URL").is_some_and(|url| !url.is_empty()) {
        println!("cargo:rustc-cfg=postgres_tests");
    }
    if std::env::var_os("SEGNAPUNTI_TEST_BROWSER").is_some_and(|value| !value.is_empty()) {
        println!("cargo:rustc-cfg=browser_tests");
    }
}

/// Every folder of `locales/` is a language and every `.ftl` file in it part of its
/// words: they are embedded in the binary (`$OUT_DIR/locales.rs`, read by
/// `web::i18n`), so a new language is a new folder and the server needs no files.
fn embed_locales() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut code = String::from("pub static LOCALES: &[(&str, &[(&str, &str)])] = &[\n");
    for (locale, files) in locale_files(&root) {
        code.push_str(&format!("    ({locale:?}, &[\n"));
        for (name, path) in files {
            code.push_str(&format!("        ({name:?}, include_str!({path:?})),\n"));
        }
        code.push_str("    ]),\n");
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("locales.rs");
    std::fs::write(out, code).unwrap();
}

include!("src/web/i18n/locale_files.rs");
