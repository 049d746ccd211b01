//! Regular expressions through a [`Tenant`](super::Tenant): a client's
//! expression over its names, as one over the broker's.
//!
//! The broker matches an expression against a whole name (RE2/J's
//! `matches()` for KIP-848's and KIP-1071's subscriptions, Java's
//! `Matcher.matches()` for ListTransactions' pattern). So the client's `X`
//! becomes `acme\.(?:X)`: the broker's names that match it are the tenant's
//! names whose rest matches `X`, if `X` stays inside its group. Two things
//! would break that, and are read here without a regular-expression engine:
//!
//! - parentheses that close more than they open (`x)|(?:.*`, which would
//!   match every name); escapes, `\Q...\E` quotes and character classes are
//!   read as the broker's engine reads them (Java's classes nest, RE2's do
//!   not);
//! - anchors at the start of the name (`^`, `\A`, and Java's `\G`), which in
//!   the wrapped expression would stand after the prefix, where they never
//!   hold. A leading one (nothing before it that could match a character)
//!   holds exactly where the client's name begins, so it is dropped; one
//!   elsewhere is refused, as is a leading word boundary (`\b`, `\B`) after
//!   a prefix that ends in a word character, where its meaning would flip.
//!
//! `$`, `\z` and `\Z` hold at the end of the name either way.

/// The engine that reads an expression at the broker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Flavor {
    /// RE2/J (KIP-848's and KIP-1071's topic subscriptions).
    Re2,
    /// `java.util.regex` (ListTransactions' transactional-id pattern).
    Java,
}

/// `regex` as the broker reads it for a tenant whose names start with
/// `prefix`, or why it cannot be.
pub(super) fn wrap(prefix: &str, regex: &str, flavor: Flavor) -> Result<String, &'static str> {
    let body = without_leading_anchors(regex, flavor, prefix_ends_in_word(prefix))?;
    let mut out = String::with_capacity(prefix.len() * 2 + body.len() + 4);
    for c in prefix.chars() {
        if c == '.' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("(?:");
    out.push_str(&body);
    out.push(')');
    Ok(out)
}

/// What `wrap` made of an expression, back as the client's: the wrapper
/// taken off. (An expression that lost a leading anchor comes back
/// without it; the tenant remembers the client's text for those.)
pub(super) fn unwrap<'a>(prefix: &str, regex: &'a str) -> Option<&'a str> {
    let mut rest = regex;
    for c in prefix.chars() {
        if c == '.' {
            rest = rest.strip_prefix('\\')?;
        }
        rest = rest.strip_prefix(c)?;
    }
    rest.strip_prefix("(?:")?.strip_suffix(')')
}

fn prefix_ends_in_word(prefix: &str) -> bool {
    prefix
        .chars()
        .last()
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A group open while reading: whether, where it opened, nothing that
/// matches a character came before.
struct Group {
    at_start: bool,
}

/// `regex` with its leading start anchors dropped, after checking that its
/// parentheses balance and that no other start anchor is in it.
fn without_leading_anchors(
    regex: &str,
    flavor: Flavor,
    prefix_ends_in_word: bool,
) -> Result<String, &'static str> {
    const UNBALANCED: &str = "its parentheses do not balance";
    const ANCHOR: &str = "it has a start anchor (^, \\A) after something that matches a character";
    const REPEATED_ANCHOR: &str = "it repeats a start anchor";
    const BOUNDARY: &str =
        "it starts with a word boundary (\\b, \\B), which would hold differently after the tenant's prefix";
    let chars: Vec<char> = regex.chars().collect();
    let mut out = String::with_capacity(regex.len());
    let mut groups: Vec<Group> = Vec::new();
    let mut at_start = true;
    let mut i = 0;
    let repeated = |at: usize| matches!(chars.get(at), Some('*' | '+' | '?' | '{'));
    while i < chars.len() {
        let c = chars[i];
        match c {
            '^' => {
                if !at_start {
                    return Err(ANCHOR);
                }
                if repeated(i + 1) {
                    return Err(REPEATED_ANCHOR);
                }
                i += 1;
                continue;
            }
            '\\' => {
                let Some(&next) = chars.get(i + 1) else {
                    return Err("it ends inside an escape");
                };
                match next {
                    'A' | 'G' if next == 'A' || flavor == Flavor::Java => {
                        if !at_start {
                            return Err(ANCHOR);
                        }
                        if repeated(i + 2) {
                            return Err(REPEATED_ANCHOR);
                        }
                        i += 2;
                        continue;
                    }
                    'b' | 'B' if at_start && prefix_ends_in_word => return Err(BOUNDARY),
                    'Q' => {
                        // Quoted up to \E, or to the end.
                        let start = i;
                        i += 2;
                        while i < chars.len()
                            && !(chars[i] == '\\' && chars.get(i + 1) == Some(&'E'))
                        {
                            i += 1;
                        }
                        i = (i + 2).min(chars.len());
                        out.extend(&chars[start..i]);
                        at_start = false;
                        continue;
                    }
                    _ => {}
                }
                out.push(c);
                out.push(next);
                i += 2;
                at_start = false;
                continue;
            }
            '[' => {
                let end = class_end(&chars, i, flavor).ok_or("a character class is not closed")?;
                out.extend(&chars[i..end]);
                i = end;
                at_start = false;
                continue;
            }
            '(' => {
                let opener = group_opener(&chars, i).ok_or("a group's opening is not complete")?;
                out.extend(&chars[i..i + opener.len]);
                i += opener.len;
                match opener.kind {
                    // `(?flags)` sets flags and matches nothing: it opens no
                    // group and leaves `at_start` as it is.
                    Opener::Flags => {}
                    Opener::Group => groups.push(Group { at_start }),
                    // A lookaround matches nothing but sees characters:
                    // nothing inside it is at the start.
                    Opener::Lookaround => {
                        groups.push(Group { at_start });
                        at_start = false;
                    }
                }
                continue;
            }
            ')' => {
                groups.pop().ok_or(UNBALANCED)?;
                out.push(c);
                at_start = false;
            }
            '|' => {
                at_start = groups.last().is_none_or(|g| g.at_start);
                out.push(c);
            }
            _ => {
                out.push(c);
                at_start = false;
            }
        }
        i += 1;
    }
    if !groups.is_empty() {
        return Err(UNBALANCED);
    }
    Ok(out)
}

/// What a `(` opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Opener {
    /// A group, capturing or not, named or not, with flags or not.
    Group,
    /// `(?flags)`: flags for the rest of the enclosing group.
    Flags,
    /// `(?=`, `(?!`, `(?<=`, `(?<!`, and Java's atomic `(?>`.
    Lookaround,
}

struct GroupOpener {
    kind: Opener,
    /// Its characters, the `(` included.
    len: usize,
}

/// The group syntax that starts with the `(` at `open`: `(`, `(?:`,
/// `(?i:`, `(?i)`, `(?P<name>`, `(?<name>`, a lookaround; `None` when it
/// stops short.
fn group_opener(chars: &[char], open: usize) -> Option<GroupOpener> {
    let at = |k: usize| chars.get(open + k).copied();
    let group = |kind, len| Some(GroupOpener { kind, len });
    if at(1) != Some('?') {
        return group(Opener::Group, 1);
    }
    match (at(2)?, at(3)) {
        ('=' | '!' | '>', _) => group(Opener::Lookaround, 3),
        ('<', Some('=' | '!')) => group(Opener::Lookaround, 4),
        ('<', _) | ('P', Some('<')) => {
            let close = (open + 2..chars.len()).find(|&j| chars[j] == '>')?;
            group(Opener::Group, close + 1 - open)
        }
        _ => {
            let mut k = 2;
            while at(k).is_some_and(|c| c.is_ascii_alphabetic() || c == '-') {
                k += 1;
            }
            match at(k)? {
                ':' => group(Opener::Group, k + 1),
                ')' if k > 2 => group(Opener::Flags, k + 1),
                _ => None,
            }
        }
    }
}

/// The index just after the character class that opens at `open`, read as
/// `flavor` reads it: `]` first (after an optional `^`) is literal, escapes
/// hide what they escape, and in Java a `[` inside a class opens a nested
/// one.
fn class_end(chars: &[char], open: usize, flavor: Flavor) -> Option<usize> {
    let mut i = open + 1;
    if chars.get(i) == Some(&'^') {
        i += 1;
    }
    if chars.get(i) == Some(&']') {
        i += 1;
    }
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '[' if flavor == Flavor::Java => i = class_end(chars, i, flavor)?,
            '[' if chars.get(i + 1) == Some(&':') => {
                // RE2's [:alpha:] inside a class.
                let close = (i + 2..chars.len().saturating_sub(1))
                    .find(|&j| chars[j] == ':' && chars[j + 1] == ']')?;
                i = close + 2;
            }
            ']' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn re2(regex: &str) -> Result<String, &'static str> {
        wrap("acme.", regex, Flavor::Re2)
    }

    #[test]
    fn expressions_are_wrapped_in_the_tenants_prefix() {
        assert_eq!(re2("orders-.*").unwrap(), "acme\\.(?:orders-.*)");
        assert_eq!(re2("(a|b)+").unwrap(), "acme\\.(?:(a|b)+)");
        assert_eq!(unwrap("acme.", "acme\\.(?:orders-.*)"), Some("orders-.*"));
        assert_eq!(unwrap("acme.", "orders-.*"), None);
        assert_eq!(unwrap("acme.", "other\\.(?:x)"), None);
    }

    #[test]
    fn leading_anchors_hold_where_the_clients_name_starts() {
        for (client, broker) in [
            ("^orders$", "acme\\.(?:orders$)"),
            ("\\Aorders\\z", "acme\\.(?:orders\\z)"),
            ("^a|^b", "acme\\.(?:a|b)"),
            ("(^a)|(?:^b$)", "acme\\.(?:(a)|(?:b$))"),
            ("(?i)^Orders", "acme\\.(?:(?i)Orders)"),
            ("^(?:^x)", "acme\\.(?:(?:x))"),
        ] {
            assert_eq!(re2(client).unwrap(), broker, "{client}");
        }
        // Java's \G is a start anchor in matches(); RE2's \G is not an escape.
        assert_eq!(
            wrap("acme.", "\\Gtx-.*", Flavor::Java).unwrap(),
            "acme\\.(?:tx-.*)"
        );
    }

    #[test]
    fn anchors_elsewhere_and_escaping_groups_are_refused() {
        for bad in [
            "a^b", "(a)^b", "x\\Ay", "(?=a)^", "^*x", "x)|(?:.*", ")", "a)(", "(", "\\", "[a",
        ] {
            assert!(re2(bad).is_err(), "{bad}");
        }
        // Inside a class or a quote, `^` and parentheses are characters.
        for fine in [
            "[)]x",
            "[^)(]",
            "\\)",
            "\\Q)^\\E",
            "a(?:b(c))",
            "[]^]",
            "[[:alpha:])]",
        ] {
            assert!(re2(fine).is_ok(), "{fine}");
        }
        // A quote runs to the end when \E never comes.
        assert!(re2("a\\Q)").is_ok());
    }

    #[test]
    fn classes_nest_in_java_only() {
        // Java: [a[)]] is one class; the `)` is a character in it.
        assert!(wrap("acme.", "[a[)]]x", Flavor::Java).is_ok());
        // RE2: [a[)] is a class, then `]x`, and the `)` is in the class.
        assert!(re2("[a[)]]x").is_ok());
        // Java: [a[]x)|(?:.*] never closes its outer class.
        assert!(wrap("acme.", "[a[]x)|(?:.*]", Flavor::Java).is_err());
    }

    #[test]
    fn a_leading_word_boundary_is_refused_after_a_word_character() {
        assert!(wrap("team_1", "\\borders", Flavor::Re2).is_err());
        assert_eq!(
            wrap("acme.", "\\borders", Flavor::Re2).unwrap(),
            "acme\\.(?:\\borders)"
        );
        assert!(wrap("team_1", "x\\b", Flavor::Re2).is_ok());
    }
}
