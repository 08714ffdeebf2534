//! A small WebDriver client for the browser tests: headless Chromium in a
//! phone-sized window, driven by chromedriver over its HTTP protocol.
#![allow(dead_code)]

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

/// axe-core's `axe.min.js`: required whenever the browser tests run (CI installs a
/// pinned version and names it; see the README).
pub fn axe_path() -> String {
    match std::env::var("SEGNAPUNTI_TEST_AXE") {
        Ok(path) if !path.is_empty() => path,
        _ => panic!(
            "SEGNAPUNTI_TEST_AXE must name axe-core's axe.min.js when the browser tests run \
             (npm install axe-core@4 in a folder of your choice; .ci/run does it)"
        ),
    }
}

/// Where the flows save their screenshots, to be looked at: SEGNAPUNTI_SCREENSHOTS
/// if it names a folder, else `screenshots/` in the build's target folder.
pub fn screenshot_folder() -> &'static std::path::Path {
    static FOLDER: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    FOLDER.get_or_init(|| {
        let folder = match std::env::var("SEGNAPUNTI_SCREENSHOTS") {
            Ok(folder) if !folder.is_empty() => std::path::PathBuf::from(folder),
            _ => std::env::var("CARGO_TARGET_DIR")
                .map(std::path::PathBuf::from)
                .unwrap_or_else(|_| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target"))
                .join("screenshots"),
        };
        std::fs::create_dir_all(&folder).expect("the screenshot folder can be made");
        folder
    })
}

/// One chromedriver process; sessions are browsers it drives.
pub struct Driver {
    base: String,
    process: Child,
    agent: ureq::Agent,
}

impl Driver {
    /// Starts chromedriver. SEGNAPUNTI_TEST_BROWSER names its path, or `1` for
    /// /usr/bin/chromedriver; SEGNAPUNTI_TEST_CHROMIUM may name the browser binary.
    pub fn start() -> Driver {
        let configured = std::env::var("SEGNAPUNTI_TEST_BROWSER").unwrap_or_default();
        let path = if configured.is_empty() || configured == "1" {
            "/usr/bin/chromedriver".to_string()
        } else {
            configured
        };
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let process = Command::new(&path)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {path}: {e}"));
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(60)))
            .build()
            .into();
        let driver = Driver {
            base: format!("http://127.0.0.1:{port}"),
            process,
            agent,
        };
        let started = Instant::now();
        while driver
            .agent
            .get(format!("{}/status", driver.base))
            .call()
            .is_err()
        {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        driver
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let url = format!("{}{}", self.base, path);
        let response = match (method, body) {
            ("GET", _) => self.agent.get(&url).call(),
            ("DELETE", _) => self.agent.delete(&url).call(),
            (_, body) => self
                .agent
                .post(&url)
                .content_type("application/json")
                .send(body.unwrap_or_else(|| json!({})).to_string()),
        };
        let mut response = response.unwrap_or_else(|e| panic!("webdriver {method} {path}: {e}"));
        let text = response.body_mut().read_to_string().unwrap_or_default();
        let value: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        if !response.status().is_success() {
            panic!("webdriver {method} {path} failed: {text}");
        }
        value["value"].clone()
    }

    /// A new browser with an empty profile and a phone-sized window.
    pub fn browser(&self) -> Browser<'_> {
        let chromium = std::env::var("SEGNAPUNTI_TEST_CHROMIUM")
            .unwrap_or_else(|_| "/usr/bin/chromium".to_string());
        let capabilities = json!({
            "capabilities": {"alwaysMatch": {
                "browserName": "chrome",
                "goog:chromeOptions": {
                    "binary": chromium,
                    "prefs": {"intl.accept_languages": "it-IT,it"},
                    "args": [
                        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                        "--disable-quic", "--no-first-run", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync", "--window-size=390,844",
                        "--lang=it-IT"
                    ]
                }
            }}
        });
        let value = self.call("POST", "/session", Some(capabilities));
        let session = value["sessionId"]
            .as_str()
            .expect("a session id")
            .to_string();
        Browser {
            driver: self,
            session,
            axe_findings: Default::default(),
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.agent.get(format!("{}/shutdown", self.base)).call();
        std::thread::sleep(Duration::from_millis(200));
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

pub struct Browser<'a> {
    driver: &'a Driver,
    session: String,
    /// The last axe run's violations of lesser impact.
    axe_findings: std::cell::RefCell<Vec<String>>,
}

#[derive(Clone)]
pub struct Element(String);

impl<'a> Browser<'a> {
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.driver
            .call(method, &format!("/session/{}{}", self.session, path), body)
    }

    pub fn goto(&self, url: &str) {
        self.call("POST", "/url", Some(json!({ "url": url })));
    }

    pub fn current_url(&self) -> String {
        self.call("GET", "/url", None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    pub fn source(&self) -> String {
        self.call("GET", "/source", None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    pub fn find(&self, css: &str) -> Element {
        self.try_find(css).unwrap_or_else(|| {
            panic!(
                "no element matches {css:?} on {}:\n{}",
                self.current_url(),
                self.source()
            )
        })
    }

    pub fn try_find(&self, css: &str) -> Option<Element> {
        let elements = self.call(
            "POST",
            "/elements",
            Some(json!({"using": "css selector", "value": css})),
        );
        elements
            .as_array()?
            .first()
            .and_then(|element| element[ELEMENT_KEY].as_str())
            .map(|id| Element(id.to_string()))
    }

    pub fn fill(&self, css: &str, text: &str) {
        let element = self.find(css);
        self.call("POST", &format!("/element/{}/clear", element.0), None);
        self.call(
            "POST",
            &format!("/element/{}/value", element.0),
            Some(json!({ "text": text })),
        );
    }

    pub fn click(&self, css: &str) {
        let element = self.find(css);
        self.call("POST", &format!("/element/{}/click", element.0), None);
    }

    pub fn text(&self, css: &str) -> String {
        let element = self.find(css);
        self.call("GET", &format!("/element/{}/text", element.0), None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// The element's text read in one step inside the page, safe while scripts replace it.
    pub fn text_in_page(&self, css: &str) -> Option<String> {
        let script = format!(
            "var e = document.querySelector({}); return e ? e.textContent.trim() : null;",
            serde_json::to_string(css).unwrap()
        );
        self.execute(&script).as_str().map(str::to_string)
    }

    pub fn execute(&self, script: &str) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": [] })),
        )
    }

    /// Runs a script that ends by calling its last argument (WebDriver's async
    /// execution), and hands back what it passed.
    pub fn execute_async(&self, script: &str) -> Value {
        self.call(
            "POST",
            "/execute/async",
            Some(json!({ "script": script, "args": [] })),
        )
    }

    /// Runs a Chrome DevTools Protocol command through chromedriver (a phone's screen
    /// and touch, network conditions), and hands back its answer.
    pub fn cdp(&self, command: &str, params: Value) -> Value {
        self.call(
            "POST",
            "/goog/cdp/execute",
            Some(json!({ "cmd": command, "params": params })),
        )
    }

    /// Cuts the browser's network (`true`) or gives it back, through ChromeDriver's
    /// network conditions; the page sees `navigator.onLine` change.
    pub fn set_offline(&self, offline: bool) {
        self.call(
            "POST",
            "/chromium/network_conditions",
            Some(json!({"network_conditions": {
                "offline": offline, "latency": 0,
                "download_throughput": -1, "upload_throughput": -1
            }})),
        );
    }

    /// Waits until the script (an expression) is true in the page.
    pub fn wait_until(&self, expression: &str, within: Duration, what: &str) {
        let started = Instant::now();
        let script = format!("try {{ return !!({expression}); }} catch (e) {{ return false; }}");
        while self.execute(&script).as_bool() != Some(true) {
            assert!(
                started.elapsed() < within,
                "{what}: `{expression}` stayed false on {}",
                self.current_url()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Resizes the window (screenshots at a phone's and a laptop's size).
    pub fn set_window_size(&self, width: u32, height: u32) {
        self.call(
            "POST",
            "/window/rect",
            Some(json!({ "width": width, "height": height })),
        );
    }

    /// The page's accessibility violations of serious or critical impact, found by
    /// axe-core (the file SEGNAPUNTI_TEST_AXE names, injected into the page), one
    /// line each with the rule, the impact and the elements. Violations of lesser
    /// impact are printed, not returned.
    pub fn axe_violations(&self) -> Vec<String> {
        self.axe_findings.borrow_mut().clear();
        let path = axe_path();
        let source = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read axe-core at {path}: {e}"));
        self.execute(&format!("{source}\n;return typeof axe;"));
        let found = self.execute_async(
            "var done = arguments[arguments.length - 1];\
             axe.run(document, {resultTypes: ['violations']}).then(function (result) {\
               done(result.violations.map(function (v) {\
                 return {id: v.id, impact: v.impact, help: v.help,\
                   nodes: v.nodes.map(function (n) { return n.target.join(' ') + ' ' + n.failureSummary; })};\
               }));\
             }, function (error) { done([{id: 'axe-error', impact: 'critical', help: String(error), nodes: []}]); });",
        );
        let mut serious = Vec::new();
        for violation in found.as_array().cloned().unwrap_or_default() {
            let impact = violation["impact"].as_str().unwrap_or("unknown");
            let line = format!(
                "{} ({impact}): {} on {}: {}",
                violation["id"].as_str().unwrap_or("?"),
                violation["help"].as_str().unwrap_or(""),
                self.current_url(),
                violation["nodes"]
                    .as_array()
                    .map(|nodes| nodes
                        .iter()
                        .filter_map(Value::as_str)
                        .collect::<Vec<_>>()
                        .join(" | "))
                    .unwrap_or_default()
            );
            if matches!(impact, "serious" | "critical") {
                serious.push(line);
            } else {
                eprintln!("axe (not failing): {line}");
                self.axe_findings.borrow_mut().push(line);
            }
        }
        serious
    }

    /// Fails when axe-core finds any violation at all on the page, whatever its
    /// impact (the organizer's pages, which issue 26 cleaned up to none).
    pub fn assert_no_axe_findings(&self, page: &str) {
        let serious = self.axe_violations();
        let all = self.axe_findings.take();
        assert!(
            serious.is_empty() && all.is_empty(),
            "axe-core finds violations on {page}:\n{}\n{}",
            serious.join("\n"),
            all.join("\n")
        );
    }

    /// Fails when axe-core finds a serious or critical violation on the page.
    pub fn assert_accessible(&self, page: &str) {
        let violations = self.axe_violations();
        assert!(
            violations.is_empty(),
            "axe-core finds serious or critical violations on {page}:\n{}",
            violations.join("\n")
        );
    }

    pub fn clear_cookies(&self) {
        self.call("DELETE", "/cookie", None);
    }

    /// Waits until the page's text contains `needle` (pages that update themselves).
    pub fn wait_for_text(&self, needle: &str, within: Duration) {
        let started = Instant::now();
        loop {
            if self.source().contains(needle) {
                return;
            }
            assert!(
                started.elapsed() < within,
                "{needle:?} did not appear on {}",
                self.current_url()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The page's width against the window's: a phone page must not scroll sideways.
    pub fn overflows_horizontally(&self) -> bool {
        self.execute("return document.documentElement.scrollWidth > window.innerWidth;")
            .as_bool()
            .unwrap_or(true)
    }

    /// Saves a PNG of the window, for a person to look at.
    pub fn screenshot(&self, path: &std::path::Path) {
        use base64::Engine;
        let data = self.call("GET", "/screenshot", None);
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(data.as_str().unwrap_or_default())
            .unwrap();
        std::fs::write(path, bytes).unwrap();
    }

    /// A screenshot of the window as it is, saved as `file` in [`screenshot_folder`].
    pub fn shot(&self, file: &str) {
        self.screenshot(&screenshot_folder().join(file));
    }
}

impl Drop for Browser<'_> {
    fn drop(&mut self) {
        let _ = self
            .driver
            .agent
            .delete(format!("{}/session/{}", self.driver.base, self.session))
            .call();
    }
}
