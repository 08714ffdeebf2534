//! `/clubs`: every club by name, a page at a time, filtered by a part of the name with a
//! plain GET form (issue 39): the way to a club once the home page has too many to show.

use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::context::{PageContext, Visit};
use super::error::AppError;
use super::paging::{PageLinks, page_and_offset};
use crate::store::clubs::{self, Club, ClubFilter};

/// Clubs on one page of the directory.
pub const PAGE_SIZE: i64 = 30;

/// What a name filter keeps of what is typed.
pub const MAX_NAME_CHARS: usize = 80;

/// The directory's query, read leniently: a page that is not a number is the first.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct DirectoryQuery {
    #[serde(default)]
    pub page: String,
    #[serde(default)]
    pub name: String,
}

impl DirectoryQuery {
    /// The name filter as searched: trimmed and cut to [`MAX_NAME_CHARS`].
    pub fn name(&self) -> String {
        self.name.trim().chars().take(MAX_NAME_CHARS).collect()
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "club_directory/index.html")]
pub struct DirectoryPage {
    pub ctx: PageContext,
    pub rows: Vec<Club>,
    pub links: PageLinks,
    /// The name filter as searched.
    pub name: String,
}

pub async fn index(
    Visit { ctx, state }: Visit,
    query: actix_web::web::Query<DirectoryQuery>,
) -> Result<DirectoryPage, AppError> {
    let name = query.name();
    let (page, offset) = page_and_offset(query.page.trim().parse().ok(), PAGE_SIZE);
    let filter = ClubFilter {
        name: name.clone(),
        organizer: None,
    };
    let (rows, more) = state
        .read(move |connection| clubs::page(connection, &filter, offset, PAGE_SIZE))
        .await?;
    let mut links = PageLinks::new("/clubs", page);
    links.more = more;
    if !name.is_empty() {
        links.keep("name", &name);
    }
    Ok(DirectoryPage {
        ctx,
        rows,
        links,
        name,
    })
}
