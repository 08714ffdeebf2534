//! Every answer the HTTP tests receive from the JSON API is checked against the
//! OpenAPI document the server serves: the status is one the operation
//! documents, and the body is valid against that status's schema. A path the
//! document does not know must answer 404; a method it does not document for a
//! known path, 405 with an `Allow` header.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use serde_json::{Value, json};

fn document() -> &'static Value {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    DOCUMENT.get_or_init(|| segnapunti::web::openapi::document("http://127.0.0.1"))
}

/// The validator of a schema of the document, with its `#/components/...`
/// references resolved against the document's components.
fn validator(key: &str, schema: &Value) -> Arc<jsonschema::Validator> {
    static VALIDATORS: OnceLock<Mutex<HashMap<String, Arc<jsonschema::Validator>>>> =
        OnceLock::new();
    let mut validators = VALIDATORS.get_or_init(Default::default).lock().unwrap();
    validators
        .entry(key.to_string())
        .or_insert_with(|| {
            let mut root = json!({ "allOf": [schema] });
            root["components"] = document()["components"].clone();
            let validator = jsonschema::draft202012::new(&root)
                .unwrap_or_else(|error| panic!("the schema of {key} does not compile: {error}"));
            Arc::new(validator)
        })
        .clone()
}

/// The errors of `value` against the named schema of the document's components
/// (empty when valid), for tests of the schemas themselves.
pub fn errors_against(name: &str, value: &Value) -> Vec<String> {
    let schema = json!({ "$ref": format!("#/components/schemas/{name}") });
    validator(&format!("component {name}"), &schema)
        .iter_errors(value)
        .map(|error| format!("{} at {}", error, error.instance_path()))
        .collect()
}

/// The document's path template that `path` is an instance of, the one with the
/// most literal segments when several fit.
fn template_of(path: &str) -> Option<&'static str> {
    let segments: Vec<&str> = path.split('/').collect();
    document()["paths"]
        .as_object()
        .unwrap()
        .keys()
        .filter_map(|template| {
            let parts: Vec<&str> = template.split('/').collect();
            let fits = parts.len() == segments.len()
                && parts.iter().zip(&segments).all(|(part, segment)| {
                    (part.starts_with('{') && !segment.is_empty()) || part == segment
                });
            fits.then(|| {
                let literal = parts.iter().filter(|part| !part.starts_with('{')).count();
                (literal, template.as_str())
            })
        })
        .max()
        .map(|(_, template)| template)
}

/// Checks one answer of the API; other paths are let through.
pub fn check(method: &str, url_path: &str, status: u16, headers: &[(String, String)], body: &str) {
    let path = url_path.split('?').next().unwrap_or_default();
    if !path.starts_with("/api/") {
        return;
    }
    let method = method.to_ascii_lowercase();
    let header = |name: &str| {
        headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    };
    let Some(template) = template_of(path) else {
        assert_eq!(
            status, 404,
            "{method} {path}: a path the document does not know answered {status}: {body}"
        );
        return;
    };
    let item = &document()["paths"][template];
    let Some(operation) = item.get(&method) else {
        assert_eq!(
            status, 405,
            "{method} {template}: a method the document does not list answered {status}: {body}"
        );
        let allow = header("allow").unwrap_or_else(|| panic!("{method} {path}: 405 without Allow"));
        let mut allowed: Vec<String> = allow
            .split(',')
            .map(|method| method.trim().to_ascii_lowercase())
            .collect();
        allowed.sort();
        let mut documented: Vec<String> = item.as_object().unwrap().keys().cloned().collect();
        documented.sort();
        assert_eq!(allowed, documented, "{method} {path}: Allow says {allow}");
        return;
    };
    let answer = operation["responses"]
        .get(status.to_string())
        .unwrap_or_else(|| {
            panic!(
                "{method} {template} answered {status}, which the document does not list: {body}"
            )
        });
    let Some(schema) = answer.pointer("/content/application~1json/schema") else {
        return;
    };
    let content_type = header("content-type").unwrap_or_default();
    assert!(
        content_type.starts_with("application/json"),
        "{method} {template} {status}: content type {content_type:?}, documented JSON"
    );
    let value: Value = serde_json::from_str(body)
        .unwrap_or_else(|error| panic!("{method} {template} {status}: not JSON ({error}): {body}"));
    let key = format!("{method} {template} {status}");
    let errors: Vec<String> = validator(&key, schema)
        .iter_errors(&value)
        .map(|error| format!("{} at {}", error, error.instance_path()))
        .take(5)
        .collect();
    assert!(
        errors.is_empty(),
        "{key}: the body does not match the document: {errors:#?}\n{body}"
    );
}

/// The errors of `value` against the body the document gives `method template`
/// for `status` (empty when valid); fails when the document gives it no schema.
pub fn answer_errors(method: &str, template: &str, status: u16, value: &Value) -> Vec<String> {
    let schema = document()["paths"][template][method]["responses"][status.to_string()]
        .pointer("/content/application~1json/schema")
        .unwrap_or_else(|| panic!("{method} {template} {status} has no body schema"));
    validator(&format!("{method} {template} {status}"), schema)
        .iter_errors(value)
        .map(|error| format!("{} at {}", error, error.instance_path()))
        .collect()
}
