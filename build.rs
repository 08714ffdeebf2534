// The PostgreSQL variants of the integration tests are compiled only when a server
// is named, so that they never pass without having run.
fn main() {
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
