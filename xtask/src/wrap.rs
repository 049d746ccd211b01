//! Paragraphs wrapped into lines as Python's `textwrap.wrap` wraps them (the
//! generated docs' line breaks): chunks of words and spaces, words broken
//! after their hyphens when asked, spaces dropped at the ends of lines.

/// How to wrap: `textwrap.TextWrapper`'s options that the generator uses.
pub struct Wrap<'a> {
    /// The longest line, indent included, in characters.
    pub width: usize,
    /// The first line's indent.
    pub initial_indent: &'a str,
    /// Every other line's indent.
    pub subsequent_indent: &'a str,
    /// Whether a word longer than a line is cut to fit.
    pub break_long_words: bool,
    /// Whether a line may end after a hyphen inside a word.
    pub break_on_hyphens: bool,
}

impl Wrap<'_> {
    /// `textwrap.wrap(text, width)`'s defaults: no indent, long words cut,
    /// hyphenated words broken.
    pub fn plain(width: usize) -> Wrap<'static> {
        Wrap {
            width,
            initial_indent: "",
            subsequent_indent: "",
            break_long_words: true,
            break_on_hyphens: true,
        }
    }

    /// The lines of `text`, each with its indent; none for blank text.
    pub fn lines(&self, text: &str) -> Vec<String> {
        let text = munge_whitespace(text);
        let chunks = if self.break_on_hyphens {
            split_words(&text)
        } else {
            split_spaces(&text)
        };
        self.wrap_chunks(chunks)
    }

    fn wrap_chunks(&self, chunks: Vec<Vec<char>>) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        let mut chunks: Vec<Vec<char>> = chunks.into_iter().rev().collect();
        let blank = |c: &[char]| c.iter().all(|c| c.is_whitespace());
        while !chunks.is_empty() {
            let mut line: Vec<Vec<char>> = Vec::new();
            let mut len = 0;
            let indent = if lines.is_empty() {
                self.initial_indent
            } else {
                self.subsequent_indent
            };
            let width = self.width.saturating_sub(indent.chars().count());
            if !lines.is_empty() && chunks.last().is_some_and(|c| blank(c)) {
                chunks.pop();
            }
            while let Some(chunk) = chunks.last() {
                if len + chunk.len() <= width {
                    len += chunk.len();
                    line.push(chunks.pop().expect("a chunk"));
                } else {
                    break;
                }
            }
            if chunks.last().is_some_and(|c| c.len() > width) {
                self.long_word(&mut chunks, &mut line, len, width);
            }
            if line.last().is_some_and(|c| blank(c)) {
                line.pop();
            }
            if !line.is_empty() {
                let mut text = String::from(indent);
                text.extend(line.iter().flatten());
                lines.push(text);
            }
        }
        lines
    }

    /// `TextWrapper._handle_long_word`: the part of the next chunk that fits.
    fn long_word(
        &self,
        chunks: &mut Vec<Vec<char>>,
        line: &mut Vec<Vec<char>>,
        len: usize,
        width: usize,
    ) {
        let space_left = if width < 1 { 1 } else { width - len };
        if self.break_long_words {
            let chunk = chunks.last_mut().expect("a chunk");
            let mut end = space_left;
            if self.break_on_hyphens && chunk.len() > space_left {
                let hyphen = chunk[..space_left.min(chunk.len())]
                    .iter()
                    .rposition(|&c| c == '-');
                if let Some(h) = hyphen.filter(|&h| h > 0 && chunk[..h].iter().any(|&c| c != '-')) {
                    end = h + 1;
                }
            }
            let end = end.min(chunk.len());
            let rest = chunk.split_off(end);
            line.push(std::mem::replace(chunk, rest));
        } else if line.is_empty() {
            line.push(chunks.pop().expect("a chunk"));
        }
    }
}

/// Python's whitespace of `textwrap`: the characters it turns into spaces,
/// and splits words at.
fn is_space(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0b' | '\x0c' | '\r' | ' ')
}

/// Tabs expanded to columns of 8 (`str.expandtabs`), then every whitespace
/// character a space.
fn munge_whitespace(text: &str) -> Vec<char> {
    let mut out = Vec::with_capacity(text.len());
    let mut column = 0;
    for c in text.chars() {
        match c {
            '\t' => {
                let spaces = 8 - column % 8;
                out.extend(std::iter::repeat_n(' ', spaces));
                column += spaces;
            }
            '\n' | '\r' => {
                out.push(' ');
                column = 0;
            }
            c => {
                out.push(if is_space(c) { ' ' } else { c });
                column += 1;
            }
        }
    }
    out
}

/// Runs of spaces and runs of the rest (`wordsep_simple_re`).
fn split_spaces(text: &[char]) -> Vec<Vec<char>> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=text.len() {
        if i == text.len() || is_space(text[i]) != is_space(text[start]) {
            out.push(text[start..i].to_vec());
            start = i;
        }
    }
    out
}

/// `\w`: a letter, a digit or an underscore.
fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// `[^\d\W]`: a word character that is not a digit.
fn is_letter(c: char) -> bool {
    is_word(c) && !c.is_numeric()
}

/// The characters after which a run of dashes is an em-dash.
fn is_word_punct(c: char) -> bool {
    is_word(c) || "!\"'&.,?".contains(c)
}

/// `wordsep_re`'s chunks: runs of spaces, em-dashes (two dashes or more
/// between words), and words, a hyphenated word in pieces that each end
/// with their hyphen.
fn split_words(text: &[char]) -> Vec<Vec<char>> {
    let n = text.len();
    let at = |i: usize| text.get(i).copied();
    let letter = |i: usize| at(i).is_some_and(is_letter);
    // The end of the dashes at `p` when they are two or more and a word
    // character follows.
    let em_dash = |p: usize| {
        let dashes = text[p..].iter().take_while(|&&c| c == '-').count();
        (dashes >= 2 && at(p + dashes).is_some_and(is_word)).then_some(p + dashes)
    };
    // A hyphen at `q` that a word may be broken after.
    let hyphen = |q: usize| {
        let behind = (q >= 2 && letter(q - 2) && letter(q - 1))
            || (q >= 3 && letter(q - 3) && at(q - 2) == Some('-') && letter(q - 1));
        let ahead = letter(q + 1) && (letter(q + 2) || (at(q + 2) == Some('-') && letter(q + 3)));
        behind && ahead
    };
    let mut out = Vec::new();
    let mut p = 0;
    while p < n {
        let end = if is_space(text[p]) {
            p + text[p..].iter().take_while(|&&c| is_space(c)).count()
        } else if let Some(end) = (p > 0 && is_word_punct(text[p - 1]))
            .then(|| em_dash(p))
            .flatten()
        {
            end
        } else {
            let mut q = p + 1;
            loop {
                if at(q) == Some('-') && hyphen(q) {
                    break q + 1;
                }
                if q == n || is_space(text[q]) {
                    break q;
                }
                if is_word_punct(text[q - 1]) && em_dash(q).is_some() {
                    break q;
                }
                q += 1;
            }
        };
        out.push(text[p..end].to_vec());
        p = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(text: &str) -> Vec<String> {
        split_words(&munge_whitespace(text))
            .into_iter()
            .map(|c| c.into_iter().collect())
            .collect()
    }

    // Each expectation is what Python 3.11's `TextWrapper._split` returns.
    #[test]
    fn words_split_as_pythons_wordsep_re() {
        assert_eq!(
            chunks("Hello there, world."),
            ["Hello", " ", "there,", " ", "world."]
        );
        assert_eq!(
            chunks("look, goof-ball -- use the -b option!"),
            [
                "look,", " ", "goof-", "ball", " ", "--", " ", "use", " ", "the", " ", "-b", " ",
                "option!"
            ]
        );
        assert_eq!(
            chunks("well--done a-b-c re-use x-y 3-13 per-topic-partition"),
            [
                "well",
                "--",
                "done",
                " ",
                "a-b-c",
                " ",
                "re-",
                "use",
                " ",
                "x-y",
                " ",
                "3-13",
                " ",
                "per-",
                "topic-",
                "partition"
            ]
        );
    }

    #[test]
    fn lines_fill_to_the_width() {
        let w = Wrap::plain(10);
        assert_eq!(w.lines("aaa bbb ccc ddd"), ["aaa bbb", "ccc ddd"]);
        assert_eq!(w.lines("abcdefghijklmnop"), ["abcdefghij", "klmnop"]);
        assert_eq!(
            w.lines("xx well-known-thing"),
            ["xx well-", "known-", "thing"]
        );
        assert!(w.lines("   ").is_empty());
        let header = Wrap {
            width: 12,
            initial_indent: "//! ",
            subsequent_indent: "//! ",
            break_long_words: false,
            break_on_hyphens: false,
        };
        assert_eq!(
            header.lines("one two-three abcdefghijk"),
            ["//! one", "//! two-three", "//! abcdefghijk"]
        );
    }
}
