//! Every text a request body carries is held to the rules of `crate::text` here, once
//! for all routes: urlencoded forms field by field, JSON bodies (the API reads them
//! whatever their content type) string by string. A refusal names the field and is
//! the same on both backends; names are passed on normalized, so a handler stores
//! "Nanè" in one spelling however it was typed.

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use serde_json::Value;

use super::error::AppError;
use super::whole_body;
use crate::text::{self, Refused, Shape};

/// Fields that hold names, wherever they appear.
const NAME_FIELDS: &[&str] = &[
    "title",
    "name",
    "display_name",
    "label",
    "player1",
    "player2",
    "players",
    "seat0",
    "seat1",
    "seat2",
    "seat3",
];

/// Fields whose text has lines (text areas, and the notes a confirmation page posts on).
const LINES_FIELDS: &[&str] = &[
    "record",
    "csv",
    "order",
    "reason",
    "replace_reason",
    "entry",
    "note",
    "note_was",
    "status_note",
    "description",
];

/// Form fields that carry a JSON document: its strings are checked too.
const JSON_FIELDS: &[&str] = &["record", "entry"];

/// The shape of the text in a field of this name; `None`: not held to the rules (a
/// password is only ever hashed, and refusing one could lock its owner out; a login's
/// `next` is never stored, and anything odd in it leads home).
fn shape_of(field: &str) -> Option<Shape> {
    if field.contains("password") || field == "next" || field == crate::web::csrf::FORM_FIELD {
        None
    } else if NAME_FIELDS.contains(&field) {
        Some(Shape::Name)
    } else if LINES_FIELDS.contains(&field) {
        Some(Shape::Lines)
    } else {
        Some(Shape::Line)
    }
}

/// A field that refused its text, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadText {
    pub field: String,
    pub refused: Refused,
}

pub async fn check<B: MessageBody>(
    mut request: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    if matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    ) {
        return Ok(next.call(request).await?.map_into_left_body());
    }
    let body = match whole_body::read(&mut request).await {
        Ok(body) => body,
        Err(error) => return Ok(request.error_response(error).map_into_right_body()),
    };
    let checked = if whole_body::is_urlencoded(&request) {
        form(&body)
    } else {
        json(&body).map(|()| None)
    };
    match checked {
        Ok(normalized) => {
            request.set_payload(normalized.unwrap_or(body).into());
            Ok(next.call(request).await?.map_into_left_body())
        }
        Err(BadText { field, refused }) => Ok(request
            .error_response(AppError::BadText { field, refused })
            .map_into_right_body()),
    }
}

/// Checks a urlencoded form; `Ok(Some(_))`: the body again, with its names normalized.
/// A body that does not read as a form is left to its handler to refuse.
pub fn form(body: &[u8]) -> Result<Option<Bytes>, BadText> {
    let Ok(fields) = serde_urlencoded::from_bytes::<Vec<(String, String)>>(body) else {
        return Ok(None);
    };
    let mut changed = false;
    let mut kept = Vec::with_capacity(fields.len());
    for (field, value) in fields {
        let Some(shape) = shape_of(&field) else {
            kept.push((field, value));
            continue;
        };
        let value = match text::accepted(&value, shape) {
            Ok(accepted) if accepted != value.as_str() => {
                changed = true;
                accepted.into_owned()
            }
            Ok(_) => value,
            Err(refused) => return Err(BadText { field, refused }),
        };
        if JSON_FIELDS.contains(&field.as_str())
            && let Ok(document) = serde_json::from_str::<Value>(&value)
        {
            strings(&document, &field)?;
        }
        kept.push((field, value));
    }
    if !changed {
        return Ok(None);
    }
    Ok(serde_urlencoded::to_string(&kept).ok().map(Bytes::from))
}

/// Checks a JSON body; one that is not JSON is left to its handler.
pub fn json(body: &[u8]) -> Result<(), BadText> {
    match serde_json::from_slice::<Value>(body) {
        Ok(document) => strings(&document, ""),
        Err(_) => Ok(()),
    }
}

/// Every string of a JSON value (keys too), each held to the shape of the key it is
/// under; the elements of an array are under the array's key.
fn strings(value: &Value, key: &str) -> Result<(), BadText> {
    match value {
        Value::String(text) => {
            let shape = shape_of(key).unwrap_or(Shape::Lines);
            match text::refused_in(text, shape) {
                Some(refused) => Err(BadText {
                    field: key.to_string(),
                    refused,
                }),
                None => Ok(()),
            }
        }
        Value::Array(items) => items.iter().try_for_each(|item| strings(item, key)),
        Value::Object(fields) => fields.iter().try_for_each(|(name, item)| {
            if let Some(refused) = text::refused_in(name, Shape::Line) {
                return Err(BadText {
                    field: name.clone(),
                    refused,
                });
            }
            strings(item, name)
        }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_field_with_a_nul_is_named() {
        let refused = form(b"csrf_token=x&title=T%00nul").unwrap_err();
        assert_eq!(refused.field, "title");
        assert_eq!(refused.refused, Refused::Control);
    }

    #[test]
    fn names_in_a_form_are_passed_on_normalized_and_other_fields_as_they_are() {
        let body = form(b"title=++Sfida%20%20finale+&venue=+Bar+")
            .unwrap()
            .unwrap();
        assert_eq!(&body[..], b"title=Sfida+finale&venue=+Bar+");
        assert_eq!(form(b"title=Sfida&note=a%0Ab").unwrap(), None);
        assert_eq!(
            form(b"seat0=Nane%E2%80%8B").unwrap_err().refused,
            Refused::Format
        );
        assert_eq!(
            form(b"venue=a%0Ab").unwrap_err().refused,
            Refused::LineBreak
        );
    }

    #[test]
    fn json_strings_are_checked_under_their_keys() {
        let refused = json(br#"{"expected_seq":0,"submission_key":"k\u0000"}"#).unwrap_err();
        assert_eq!(refused.field, "submission_key");
        let refused = json(br#"{"players":["Nane","Bepi\u202e"]}"#).unwrap_err();
        assert_eq!(
            (refused.field.as_str(), refused.refused),
            ("players", Refused::Format)
        );
        assert_eq!(json(br#"{"reason":"one\ntwo"}"#), Ok(()));
        assert_eq!(json(b"not json \0"), Ok(()));
    }
}
