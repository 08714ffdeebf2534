//! A list paged newest first with a plain GET form of filters: the page asked for, its
//! rows' offset, and the links to the pages beside it keeping the filters. The
//! organizers' matches, the events' archive, the clubs' directory, a club's seasons and
//! the administrators' and organizers' lists page this way (issue 39); a player's page
//! pages its nights and its results, each by its own parameter.

/// Where a list's page starts, counted from 1 (a missing or zero `page` is the first).
pub fn page_and_offset(asked: Option<u32>, size: i64) -> (u32, i64) {
    let page = asked.unwrap_or(1).max(1);
    (page, i64::from(page - 1) * size)
}

/// A page of a list: its number, whether more follow, and the chosen filters.
pub struct PageLinks {
    /// Counted from 1.
    pub page: u32,
    pub more: bool,
    path: String,
    /// The query parameter that names the page: `page` unless told.
    param: &'static str,
    /// The filters as a query string, for the page links (`&club=…`).
    filter_query: String,
    /// Where on the page the links land (`#results`), for a list below others.
    fragment: &'static str,
}

impl PageLinks {
    pub fn new(path: impl Into<String>, page: u32) -> PageLinks {
        PageLinks {
            page,
            more: false,
            path: path.into(),
            param: "page",
            filter_query: String::new(),
            fragment: "",
        }
    }

    /// Links naming the page by `param` and landing at the element `id`: one of two
    /// lists paged on one page.
    pub fn named(mut self, param: &'static str, id: &'static str) -> PageLinks {
        self.param = param;
        self.fragment = id;
        self
    }

    /// Keeps a chosen filter in the links to the other pages.
    pub fn keep(&mut self, name: &str, value: &str) {
        self.filter_query
            .push_str(&format!("&{name}={}", encode(value)));
    }

    pub fn any_filter(&self) -> bool {
        !self.filter_query.is_empty()
    }

    /// Whether there is more than one page to move between.
    pub fn shown(&self) -> bool {
        self.page > 1 || self.more
    }

    pub fn previous_href(&self) -> Option<String> {
        (self.page > 1).then(|| self.href(self.page - 1))
    }

    pub fn next_href(&self) -> Option<String> {
        self.more.then(|| self.href(self.page + 1))
    }

    /// The list's address with `name=value` (none when `name` is empty) and the filters.
    pub fn href_with(&self, name: &str, value: &str) -> String {
        let cursor = if name.is_empty() {
            String::new()
        } else {
            format!("&{name}={}", encode(value))
        };
        let query = format!("{cursor}{}", self.filter_query);
        match query.strip_prefix('&') {
            Some(query) => format!("{}?{query}", self.path),
            None => self.path.clone(),
        }
    }

    fn href(&self, page: u32) -> String {
        let fragment = if self.fragment.is_empty() {
            String::new()
        } else {
            format!("#{}", self.fragment)
        };
        format!(
            "{}?{}={page}{}{fragment}",
            self.path, self.param, self.filter_query
        )
    }
}

/// Slugs, states and public ids are URL-safe already; anything else is encoded.
fn encode(value: &str) -> String {
    serde_urlencoded::to_string([("", value)])
        .map(|pair| pair.trim_start_matches('=').to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_keep_the_filters() {
        assert_eq!(page_and_offset(None, 25), (1, 0));
        assert_eq!(page_and_offset(Some(0), 25), (1, 0));
        assert_eq!(page_and_offset(Some(3), 25), (3, 50));
        let mut links = PageLinks::new("/events", 2);
        links.more = true;
        links.keep("club", "bepi");
        links.keep("from", "2026-01-01 x&y");
        assert_eq!(
            links.previous_href().as_deref(),
            Some("/events?page=1&club=bepi&from=2026-01-01+x%26y")
        );
        assert!(
            links
                .next_href()
                .unwrap()
                .starts_with("/events?page=3&club=bepi")
        );
        let mut results = PageLinks::new("/players/7", 1).named("results", "results");
        results.more = true;
        results.keep("page", "2");
        assert_eq!(
            results.next_href().as_deref(),
            Some("/players/7?results=2&page=2#results")
        );
    }
}
