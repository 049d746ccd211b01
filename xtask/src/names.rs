//! Names and text as the generated Rust writes them: modules and fields in
//! snake case, JSON names in upper camel case, schema text made safe in doc
//! comments, strings as Rust literals.

/// Rust's keywords, strict and reserved: a field named one is a raw
/// identifier.
const RUST_KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
    "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen",
];

/// `KRaftVersionRecord` as `k_raft_version_record`: an underscore before the
/// last capital of a run of capitals that a lowercase letter follows, and
/// between a lowercase letter or digit and a capital.
pub fn snake(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut marked = Vec::with_capacity(chars.len() + 4);
    let mut i = 0;
    while i < chars.len() {
        let run = chars[i..]
            .iter()
            .take_while(|c| c.is_ascii_uppercase())
            .count();
        if run >= 2 && chars.get(i + run).is_some_and(|c| c.is_ascii_lowercase()) {
            marked.extend_from_slice(&chars[i..i + run - 1]);
            marked.push('_');
            marked.extend_from_slice(&chars[i + run - 1..=i + run]);
            i += run + 1;
        } else if run > 0 {
            marked.extend_from_slice(&chars[i..i + run]);
            i += run;
        } else {
            marked.push(chars[i]);
            i += 1;
        }
    }
    let mut out = String::with_capacity(marked.len() + 4);
    for (i, &c) in marked.iter().enumerate() {
        if i > 0 && c.is_ascii_uppercase() {
            let before = marked[i - 1];
            if before.is_ascii_lowercase() || before.is_ascii_digit() {
                out.push('_');
            }
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The Rust field of the JSON field `json_name`: its snake case, raw when a
/// keyword.
pub fn rust_field(json_name: &str) -> String {
    let name = snake(json_name);
    if RUST_KEYWORDS.contains(&name.as_str()) {
        format!("r#{name}")
    } else {
        name
    }
}

/// The derive's default JSON name of a field (kafka-wire-derive's
/// `upper_camel`): each word of the snake case capitalised.
pub fn upper_camel(snake_name: &str) -> String {
    snake_name
        .split('_')
        .map(|w| {
            let mut chars = w.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect(),
                None => String::new(),
            }
        })
        .collect()
}

/// Schema text safe in a doc comment: trimmed, brackets and angle brackets
/// escaped (no links or HTML tags by accident), URLs in angle brackets.
pub fn doc_escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len() + 8);
    for c in text.trim().chars() {
        if matches!(c, '[' | ']' | '<' | '>') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    let mut out = String::with_capacity(escaped.len() + 8);
    let mut rest = escaped.as_str();
    while let Some(start) = find_url(rest) {
        let scheme = if rest[start..].starts_with("https://") {
            8
        } else {
            7
        };
        let len = scheme
            + rest[start + scheme..]
                .find(|c: char| c.is_whitespace() || c == ')' || c == '\\')
                .unwrap_or(rest.len() - start - scheme);
        out.push_str(&rest[..start]);
        out.push('<');
        out.push_str(&rest[start..start + len]);
        out.push('>');
        rest = &rest[start + len..];
    }
    out.push_str(rest);
    out
}

/// Where the first `http://` or `https://` with something after it starts.
fn find_url(text: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find("http") {
        let at = from + i;
        for scheme in ["https://", "http://"] {
            if text[at..].starts_with(scheme) {
                let next = text[at + scheme.len()..].chars().next();
                if next.is_some_and(|c| !(c.is_whitespace() || c == ')' || c == '\\')) {
                    return Some(at);
                }
            }
        }
        from = at + 4;
    }
    None
}

/// `text` as a Rust string literal with only printable ASCII in it: quotes,
/// backslashes, newlines, returns and tabs escaped as JSON escapes them
/// (the schemas' defaults need no more), any other character as `\u{…}`.
pub fn string_literal(text: &str) -> String {
    let mut out = String::from('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || (c as u32) > 0x7e => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{{{unit:04x}}}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_case_of_kafkas_names() {
        for (name, snake_name) in [
            ("KRaftVersionRecord", "k_raft_version_record"),
            ("DescribeQuorum", "describe_quorum"),
            ("ApiVersions", "api_versions"),
            ("TopicID", "topic_id"),
            ("SaslAuthenticate", "sasl_authenticate"),
            ("ABCdEFg", "ab_cd_e_fg"),
            ("V2Data", "v2_data"),
        ] {
            assert_eq!(snake(name), snake_name, "{name}");
        }
        assert_eq!(rust_field("Type"), "r#type");
        assert_eq!(upper_camel("topic_id"), "TopicId");
    }

    #[test]
    fn doc_text_is_escaped() {
        assert_eq!(doc_escape(" a [b] <c> "), "a \\[b\\] \\<c\\>");
        assert_eq!(
            doc_escape("see https://kafka.apache.org/x (KIP) and http://[y]"),
            "see <https://kafka.apache.org/x> (KIP) and http://\\[y\\]"
        );
    }
}
