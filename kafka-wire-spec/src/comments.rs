//! Kafka's `//` comments: stripped for the JSON parser, and the schema's own
//! kept as its version history.

/// `text` without its `//` comments: from two slashes outside a string to
/// the end of the line, whose newline stays (so that a parser's line
/// numbers are the file's).
///
/// ```
/// let text = "// head\n{\"a\": \"x // kept\", // gone\n \"b\": 1}\n";
/// assert_eq!(kafka_wire_spec::strip_comments(text), "\n{\"a\": \"x // kept\", \n \"b\": 1}\n");
/// ```
pub fn strip_comments(text: &str) -> String {
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

/// The comments between the line that opens the schema's object and its
/// first field (the first other line that opens an object), each without
/// its `//` and surrounding blanks; no blank line first or last.
pub(crate) fn history(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut started = false;
    for line in text.lines() {
        let line = line.trim();
        if !started {
            started = line.starts_with('{');
            continue;
        }
        if line.starts_with('{') {
            break;
        }
        if let Some(comment) = line.strip_prefix("//") {
            lines.push(comment.trim());
        }
    }
    while lines.last() == Some(&"") {
        lines.pop();
    }
    let blank = lines.iter().take_while(|l| l.is_empty()).count();
    lines.drain(..blank);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_go_and_strings_stay() {
        let text = "// head\n{\"a\": \"x // not a comment\", // gone\n \"b\": \"q\\\"//\"}\n";
        assert_eq!(
            strip_comments(text),
            "\n{\"a\": \"x // not a comment\", \n \"b\": \"q\\\"//\"}\n"
        );
    }

    #[test]
    fn history_is_between_the_object_and_its_first_field() {
        let text = "// License.\n\n{\n  //\n  // Version 1 adds X.\n  //   Indented.\n  //\n  \"name\": \"A\",\n  // Not first.\n  \"fields\": [\n    { \"name\": \"X\" }\n  // After.\n  ]\n}\n";
        assert_eq!(
            history(text),
            ["Version 1 adds X.", "Indented.", "", "Not first."]
        );
        assert!(history("{}").is_empty());
    }
}
