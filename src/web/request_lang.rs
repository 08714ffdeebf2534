//! The visitor's language, read from the request: the remembered choice (a
//! cookie), then Accept-Language, then Italian. Apart from the page context so
//! that error pages, which have no context, read it the same way.

use actix_web::HttpRequest;
use actix_web::http::header;

use super::i18n;
use crate::lang::Lang;

/// The cookie that remembers the visitor's choice of language.
pub const LANG_COOKIE: &str = "lang";

/// The visitor's language: the remembered choice, then Accept-Language, then Italian.
pub fn lang_of_request(request: &HttpRequest) -> Lang {
    if let Some(lang) = request
        .cookie(LANG_COOKIE)
        .and_then(|cookie| i18n::lang_from_code(cookie.value()))
    {
        return lang;
    }
    request
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok())
        .and_then(preferred_lang)
        .unwrap_or_default()
}

/// The first supported language of an Accept-Language header, by quality.
fn preferred_lang(header_value: &str) -> Option<Lang> {
    let mut choices: Vec<(f32, Lang)> = header_value
        .split(',')
        .filter_map(|part| {
            let mut pieces = part.trim().split(';');
            let lang = i18n::lang_from_code(pieces.next()?)?;
            let quality = pieces
                .find_map(|piece| piece.trim().strip_prefix("q="))
                .and_then(|q| q.parse::<f32>().ok())
                .unwrap_or(1.0);
            (quality > 0.0).then_some((quality, lang))
        })
        .collect();
    // A stable sort keeps the header's order among equal qualities.
    choices.sort_by(|a, b| b.0.total_cmp(&a.0));
    choices.first().map(|(_, lang)| *lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_follows_quality() {
        assert_eq!(preferred_lang("en-US,en;q=0.9,it;q=0.8"), Some(Lang::En));
        assert_eq!(preferred_lang("de-DE,it;q=0.5,en;q=0.7"), Some(Lang::En));
        assert_eq!(preferred_lang("it-IT"), Some(Lang::It));
        assert_eq!(preferred_lang("fr, de"), None);
        assert_eq!(preferred_lang("en;q=0"), None);
    }
}
