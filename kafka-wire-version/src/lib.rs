//! # kafka-wire-version
//!
//! Inclusive ranges of protocol versions, written as Kafka's schemas write
//! them: `"2+"`, `"0-3"`, `"5"` or `"none"`.
//!
//! This is the one home of the notation: [`kafka-wire`] re-exports
//! [`VersionRange`] as `kafka_wire::VersionRange`, and its derive parses every
//! `versions = "…"` attribute with [`VersionRange::parse_const`] and prints
//! ranges in its error messages with the same `Display`. Depend on `kafka-wire`
//! rather than on this crate.
//!
//! [`kafka-wire`]: https://docs.rs/kafka-wire
#![deny(missing_docs)]
#![forbid(unsafe_code)]

use core::fmt;
use core::str::FromStr;

/// An inclusive range of protocol versions: `"2+"`, `"0-3"`, `"5"` or `"none"`.
///
/// This is the type behind every `versions`, `flexible`, `nullable` and `tagged`
/// attribute, and what `kafka_wire::Versioned::VERSIONS` reports. All operations are
/// `const fn`, so generated code checks a field's presence with a comparison that
/// the compiler folds.
///
/// ```
/// use kafka_wire_version::VersionRange; // also `kafka_wire::VersionRange`
///
/// let ours: VersionRange = "2-7".parse()?;
/// let broker: VersionRange = "0-5".parse()?;
/// assert_eq!(ours.intersect(broker).highest(), Some(5));
/// assert!(VersionRange::NONE.is_empty());
/// assert_eq!(VersionRange::from_lowest(5).to_string(), "5+");
/// # Ok::<(), kafka_wire_version::ParseVersionRangeError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct VersionRange {
    // Empty when `min > max`; `NONE` is normalised to (0, -1) so `==` is meaningful.
    min: i16,
    max: i16,
}

impl VersionRange {
    /// The empty range, `"none"`.
    pub const NONE: VersionRange = VersionRange { min: 0, max: -1 };
    /// Every version, `"0+"`.
    pub const ALL: VersionRange = VersionRange::from_lowest(0);

    /// The range `min..=max`; empty (and equal to [`VersionRange::NONE`]) when
    /// `min > max`.
    pub const fn new(min: i16, max: i16) -> Self {
        if min > max {
            Self::NONE
        } else {
            VersionRange { min, max }
        }
    }

    /// `"N+"`: version `min` and every later one.
    pub const fn from_lowest(min: i16) -> Self {
        VersionRange { min, max: i16::MAX }
    }

    /// `"N"`: exactly one version.
    pub const fn exactly(version: i16) -> Self {
        VersionRange {
            min: version,
            max: version,
        }
    }

    /// True when no version is in the range.
    pub const fn is_empty(self) -> bool {
        self.min > self.max
    }

    /// True when `version` is in the range.
    #[inline(always)]
    pub const fn contains(self, version: i16) -> bool {
        self.min <= version && version <= self.max
    }

    /// The versions in both ranges: what two peers can both speak.
    pub const fn intersect(self, other: VersionRange) -> VersionRange {
        let min = if self.min > other.min {
            self.min
        } else {
            other.min
        };
        let max = if self.max < other.max {
            self.max
        } else {
            other.max
        };
        VersionRange::new(min, max)
    }

    /// True when every version of `self` is also in `other` (an empty range is a
    /// subset of anything).
    pub const fn is_subset_of(self, other: VersionRange) -> bool {
        self.is_empty() || (other.min <= self.min && self.max <= other.max)
    }

    /// The versions in either range, when they make one range: they overlap,
    /// one starts right after the other ends, or one is empty. `None` when a
    /// version between them is in neither (`"0-2"` and `"4-5"`).
    ///
    /// ```
    /// use kafka_wire_version::VersionRange;
    ///
    /// let newer = VersionRange::new(3, 13);
    /// assert_eq!(newer.union(VersionRange::new(0, 11)), Some(VersionRange::new(0, 13)));
    /// assert_eq!(newer.union(VersionRange::new(0, 1)), None);
    /// ```
    pub const fn union(self, other: VersionRange) -> Option<VersionRange> {
        if self.is_empty() {
            return Some(other);
        }
        if other.is_empty() {
            return Some(self);
        }
        // i32: `max + 1` of an open range does not overflow.
        if (self.max as i32) + 1 < other.min as i32 || (other.max as i32) + 1 < self.min as i32 {
            return None;
        }
        let min = if self.min < other.min {
            self.min
        } else {
            other.min
        };
        let max = if self.max > other.max {
            self.max
        } else {
            other.max
        };
        Some(VersionRange { min, max })
    }

    /// Every version in the range, lowest first (up to `i16::MAX` for an
    /// open range).
    pub const fn versions(self) -> core::ops::RangeInclusive<i16> {
        // An empty range is `NONE`, (0, -1): `0..=-1` yields nothing.
        self.min..=self.max
    }

    /// The lowest version, or `None` for an empty range.
    pub const fn lowest(self) -> Option<i16> {
        if self.is_empty() {
            None
        } else {
            Some(self.min)
        }
    }

    /// The highest version (`i16::MAX` for an open range), or `None` when empty.
    pub const fn highest(self) -> Option<i16> {
        if self.is_empty() {
            None
        } else {
            Some(self.max)
        }
    }

    /// True for an open-ended range such as `"5+"`.
    pub const fn is_open(self) -> bool {
        !self.is_empty() && self.max == i16::MAX
    }

    /// Parses Kafka's notation in a `const` context; `None` when malformed.
    pub const fn parse_const(text: &str) -> Option<VersionRange> {
        let b = text.as_bytes();
        if b.len() == 4 && b[0] == b'n' && b[1] == b'o' && b[2] == b'n' && b[3] == b'e' {
            return Some(Self::NONE);
        }
        let (min, mut i) = match parse_num(b, 0) {
            Some(v) => v,
            None => return None,
        };
        if i == b.len() {
            return Some(Self::exactly(min));
        }
        if b[i] == b'+' && i + 1 == b.len() {
            return Some(Self::from_lowest(min));
        }
        if b[i] != b'-' {
            return None;
        }
        i += 1;
        let (max, end) = match parse_num(b, i) {
            Some(v) => v,
            None => return None,
        };
        if end != b.len() || max < min {
            return None;
        }
        Some(Self::new(min, max))
    }
}

/// Reads a non-negative decimal i16 at `start`; returns it and the index after it.
const fn parse_num(b: &[u8], start: usize) -> Option<(i16, usize)> {
    let mut i = start;
    let mut value: i32 = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        value = value * 10 + (b[i] - b'0') as i32;
        if value > i16::MAX as i32 {
            return None;
        }
        i += 1;
    }
    if i == start {
        None
    } else {
        Some((value as i16, i))
    }
}

impl Default for VersionRange {
    /// `"0+"`, the default of a field's `versions`.
    fn default() -> Self {
        Self::ALL
    }
}

impl fmt::Display for VersionRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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

impl fmt::Debug for VersionRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VersionRange(\"{self}\")")
    }
}

/// The text was not a version range (`"N+"`, `"N-M"` with `N <= M`, `"N"` or `"none"`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseVersionRangeError {
    text: String,
}

impl fmt::Display for ParseVersionRangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid version range {:?}: expected \"N+\", \"N-M\" (N <= M), \"N\" or \"none\"",
            self.text
        )
    }
}

impl std::error::Error for ParseVersionRangeError {}

impl FromStr for VersionRange {
    type Err = ParseVersionRangeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse_const(s).ok_or_else(|| ParseVersionRangeError { text: s.to_owned() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_every_form() {
        for (text, min, max) in [("2+", 2, i16::MAX), ("0-3", 0, 3), ("5", 5, 5)] {
            let r: VersionRange = text.parse().unwrap();
            assert_eq!((r.lowest(), r.highest()), (Some(min), Some(max)), "{text}");
            assert_eq!(r.to_string(), text);
        }
        let none: VersionRange = "none".parse().unwrap();
        assert!(none.is_empty());
        assert_eq!(none, VersionRange::NONE);
        assert_eq!(none.to_string(), "none");
    }

    #[test]
    fn rejects_malformed_text() {
        for bad in [
            "", "+", "-1", "3-2", "1-", "a", "1+2", "1 ", "40000", "0-40000", "None",
        ] {
            assert!(bad.parse::<VersionRange>().is_err(), "{bad:?}");
        }
        let err = "3-2".parse::<VersionRange>().unwrap_err();
        assert!(err.to_string().contains("\"3-2\""));
    }

    #[test]
    fn contains_intersect_subset() {
        let r = VersionRange::new(2, 7);
        assert!(!r.contains(1) && r.contains(2) && r.contains(7) && !r.contains(8));
        assert_eq!(
            r.intersect(VersionRange::from_lowest(5)),
            VersionRange::new(5, 7)
        );
        assert!(r.intersect(VersionRange::new(8, 9)).is_empty());
        assert!(VersionRange::new(5, 7).is_subset_of(r));
        assert!(!VersionRange::from_lowest(5).is_subset_of(r));
        assert!(VersionRange::NONE.is_subset_of(VersionRange::NONE));
        assert!(!VersionRange::NONE.contains(0) && !VersionRange::NONE.contains(-1));
        assert_eq!(VersionRange::new(3, 1), VersionRange::NONE);
    }

    #[test]
    fn union_of_touching_ranges_and_a_gap() {
        let r = VersionRange::new(2, 7);
        assert_eq!(
            r.union(VersionRange::new(8, 9)),
            Some(VersionRange::new(2, 9))
        );
        assert_eq!(
            VersionRange::new(0, 1).union(r),
            Some(VersionRange::new(0, 7))
        );
        assert_eq!(r.union(VersionRange::new(3, 4)), Some(r));
        assert_eq!(
            r.union(VersionRange::from_lowest(5)),
            Some(VersionRange::from_lowest(2))
        );
        assert_eq!(r.union(VersionRange::NONE), Some(r));
        assert_eq!(
            VersionRange::NONE.union(VersionRange::NONE),
            Some(VersionRange::NONE)
        );
        assert_eq!(r.union(VersionRange::new(9, 9)), None);
        assert_eq!(VersionRange::exactly(0).union(r), None);
    }

    #[test]
    fn versions_of_each_form() {
        assert_eq!(
            VersionRange::new(2, 4).versions().collect::<Vec<_>>(),
            [2, 3, 4]
        );
        assert_eq!(VersionRange::NONE.versions().count(), 0);
        assert_eq!(VersionRange::exactly(5).versions().collect::<Vec<_>>(), [5]);
        assert_eq!(
            VersionRange::from_lowest(i16::MAX - 1).versions().count(),
            2
        );
    }
}

/// The README's Rust examples, compiled and run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
