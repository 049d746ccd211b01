//! Kafka's JSON schema files carry `//` comments, which JSON parsers refuse.
//! One file, a module by path of the two readers of those files: this
//! crate's build script, and the schema conformance test of kafka-messages.

/// `text` without its `//` comments: from two slashes outside a string to
/// the end of the line, whose newline stays.
pub fn strip_json_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_string = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                '\\' => out.extend(chars.next()),
                '"' => in_string = false,
                _ => {}
            }
        } else if c == '/' && chars.peek() == Some(&'/') {
            for c in chars.by_ref() {
                if c == '\n' {
                    out.push('\n');
                    break;
                }
            }
        } else {
            in_string = c == '"';
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::strip_json_comments;

    #[test]
    fn comments_go_and_strings_stay() {
        let text = "// head\n{\"a\": \"x // not a comment\", // gone\n \"b\": \"q\\\"//\"}\n";
        assert_eq!(
            strip_json_comments(text),
            "\n{\"a\": \"x // not a comment\", \n \"b\": \"q\\\"//\"}\n"
        );
    }
}
