//! A page's form read the way a browser submits it untouched: every named input with
//! its value (checkboxes and radio buttons only when checked), each select's selected
//! option (its first when none is marked), each textarea's text. Tests change the one
//! field a person would change and post the rest as shown, which is how a form that
//! does not show a stored value undoes it.
#![allow(dead_code)]

/// The fields of the `index`-th form (0-based) whose action is `action`.
pub fn form_fields(html: &str, action: &str, index: usize) -> Vec<(String, String)> {
    let marker = format!("action=\"{action}\"");
    let start = html
        .match_indices(&marker)
        .nth(index)
        .unwrap_or_else(|| panic!("no form {index} with action {action}"))
        .0;
    let end = start + html[start..].find("</form>").expect("the form ends");
    fields_of(&html[start..end])
}

/// The fields of the first form with `action` whose text contains `needle`.
pub fn form_fields_containing(html: &str, action: &str, needle: &str) -> Vec<(String, String)> {
    let marker = format!("action=\"{action}\"");
    for (start, _) in html.match_indices(&marker) {
        let end = start + html[start..].find("</form>").expect("the form ends");
        if html[start..end].contains(needle) {
            return fields_of(&html[start..end]);
        }
    }
    panic!("no form with action {action} holds {needle:?}")
}

/// Replaces (or adds) a field's value.
pub fn set_field(fields: &mut Vec<(String, String)>, name: &str, value: &str) {
    match fields.iter_mut().find(|(key, _)| key == name) {
        Some(field) => field.1 = value.to_string(),
        None => fields.push((name.to_string(), value.to_string())),
    }
}

pub fn field<'a>(fields: &'a [(String, String)], name: &str) -> Option<&'a str> {
    fields
        .iter()
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.as_str())
}

/// As `&str` pairs, for `Client::post_raw`.
pub fn pairs(fields: &[(String, String)]) -> Vec<(&str, &str)> {
    fields
        .iter()
        .map(|(key, value)| (key.as_str(), value.as_str()))
        .collect()
}

fn fields_of(form: &str) -> Vec<(String, String)> {
    let mut fields = Vec::new();
    let mut rest = form;
    while let Some(open) = rest.find('<') {
        rest = &rest[open + 1..];
        let tag_end = rest.find('>').unwrap_or(rest.len());
        let tag = &rest[..tag_end];
        let name_of = |tag: &str| attribute(tag, "name");
        if let Some(tag) = tag.strip_prefix("input") {
            let Some(name) = name_of(tag) else { continue };
            let kind = attribute(tag, "type").unwrap_or_default();
            if (kind == "checkbox" || kind == "radio") && !has_flag(tag, "checked") {
                continue;
            }
            if kind == "submit" || has_flag(tag, "disabled") {
                continue;
            }
            let value = attribute(tag, "value").unwrap_or_else(|| {
                if kind == "checkbox" || kind == "radio" {
                    "on".into()
                } else {
                    String::new()
                }
            });
            fields.push((name, value));
        } else if let Some(tag) = tag.strip_prefix("select") {
            let Some(name) = name_of(tag) else { continue };
            let close = rest.find("</select>").expect("the select ends");
            let options: Vec<(String, bool)> = rest[..close]
                .split("<option")
                .skip(1)
                .map(|option| {
                    let head = &option[..option.find('>').unwrap_or(option.len())];
                    let text = option[head.len() + 1..]
                        .split("</option>")
                        .next()
                        .unwrap_or_default();
                    let value = attribute(head, "value").unwrap_or_else(|| decode(text.trim()));
                    (value, has_flag(head, "selected"))
                })
                .collect();
            let chosen = options
                .iter()
                .find(|(_, selected)| *selected)
                .or(options.first())
                .map(|(value, _)| value.clone());
            if let Some(value) = chosen {
                fields.push((name, value));
            }
            rest = &rest[close..];
        } else if let Some(tag) = tag.strip_prefix("textarea") {
            let Some(name) = name_of(tag) else { continue };
            let close = rest.find("</textarea>").expect("the textarea ends");
            fields.push((name, decode(&rest[tag_end + 1..close])));
            rest = &rest[close..];
        } else if let Some(tag) = tag.strip_prefix("button") {
            // A named submit button sends its value when it is the one pressed; the
            // first is taken as pressed.
            if let (Some(name), Some(value)) = (name_of(tag), attribute(tag, "value"))
                && !fields.iter().any(|(key, _)| *key == name)
            {
                fields.push((name, value));
            }
        }
    }
    fields
}

fn attribute(tag: &str, name: &str) -> Option<String> {
    let marker = format!(" {name}=\"");
    let start = tag.find(&marker)? + marker.len();
    let end = tag[start..].find('"')?;
    Some(decode(&tag[start..start + end]))
}

fn has_flag(tag: &str, name: &str) -> bool {
    tag.split(|c: char| c.is_whitespace() || c == '/')
        .any(|word| word == name || word.starts_with(&format!("{name}=")))
}

fn decode(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&#34;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}
