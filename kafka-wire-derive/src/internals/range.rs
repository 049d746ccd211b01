//! Version ranges as the macro sees them: parsed from a string literal, with
//! errors on the literal's span.

use proc_macro2::TokenStream;
use quote::quote;

/// An inclusive range; empty when `min > max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    pub min: i16,
    pub max: i16,
}

impl Range {
    pub const NONE: Range = Range { min: 0, max: -1 };
    pub const ALL: Range = Range {
        min: 0,
        max: i16::MAX,
    };

    pub fn is_empty(self) -> bool {
        self.min > self.max
    }

    pub fn intersect(self, o: Range) -> Range {
        let r = Range {
            min: self.min.max(o.min),
            max: self.max.min(o.max),
        };
        if r.is_empty() {
            Range::NONE
        } else {
            r
        }
    }

    pub fn is_subset_of(self, o: Range) -> bool {
        self.is_empty() || (o.min <= self.min && self.max <= o.max)
    }

    /// Parses `"N+"`, `"N-M"`, `"N"` or `"none"`.
    pub fn parse(text: &str) -> Option<Range> {
        if text == "none" {
            return Some(Range::NONE);
        }
        let num = |s: &str| -> Option<i16> {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            s.parse().ok()
        };
        if let Some(min) = text.strip_suffix('+') {
            return Some(Range {
                min: num(min)?,
                max: i16::MAX,
            });
        }
        if let Some((a, b)) = text.split_once('-') {
            let (min, max) = (num(a)?, num(b)?);
            return (min <= max).then_some(Range { min, max });
        }
        let v = num(text)?;
        Some(Range { min: v, max: v })
    }

    /// An expression that is true when `version` (an `i16` expression) is in the range.
    pub fn contains_tokens(self, version: &TokenStream) -> TokenStream {
        if self.is_empty() {
            quote!(false)
        } else if self.min <= 0 && self.max == i16::MAX {
            quote!(true)
        } else if self.max == i16::MAX {
            let min = self.min;
            quote!((#version >= #min))
        } else if self.min <= 0 {
            let max = self.max;
            quote!((#version <= #max))
        } else if self.min == self.max {
            let min = self.min;
            quote!((#version == #min))
        } else {
            let (min, max) = (self.min, self.max);
            quote!((#version >= #min && #version <= #max))
        }
    }

    /// A `::kafka_wire::VersionRange` constant expression.
    pub fn to_tokens(self, krate: &syn::Path) -> TokenStream {
        let (min, max) = (self.min, self.max);
        quote!(#krate::VersionRange::new(#min, #max))
    }
}

impl std::fmt::Display for Range {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_empty() {
            f.write_str("none")
        } else if self.max == i16::MAX {
            write!(f, "{}+", self.min)
        } else if self.min == self.max {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{}-{}", self.min, self.max)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_kafka_notation() {
        assert_eq!(
            Range::parse("2+"),
            Some(Range {
                min: 2,
                max: i16::MAX
            })
        );
        assert_eq!(Range::parse("0-3"), Some(Range { min: 0, max: 3 }));
        assert_eq!(Range::parse("5"), Some(Range { min: 5, max: 5 }));
        assert_eq!(Range::parse("none"), Some(Range::NONE));
        for bad in ["", "3-2", "x", "1+2", "-1", "+", "1-", "99999"] {
            assert_eq!(Range::parse(bad), None, "{bad}");
        }
    }
}
