//! Kafka's 16-byte UUID (topic ids), printed in the 8-4-4-4-12 form.

use core::fmt;
use core::str::FromStr;

/// A 128-bit UUID as Kafka writes it: 16 big-endian bytes.
///
/// ```
/// use kafka_wire::Uuid;
///
/// let id: Uuid = "0b8f4a3c-1d2e-4f50-8a6b-7c8d9e0f1a2b".parse()?;
/// assert_eq!(id.to_string(), "0b8f4a3c-1d2e-4f50-8a6b-7c8d9e0f1a2b");
/// assert!(Uuid::ZERO.is_zero());
/// # Ok::<(), kafka_wire::ParseUuidError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Uuid(pub [u8; 16]);

impl Uuid {
    /// The all-zero UUID, Kafka's "no id".
    pub const ZERO: Uuid = Uuid([0; 16]);

    /// From 16 bytes in wire order.
    pub const fn from_bytes(bytes: [u8; 16]) -> Self {
        Uuid(bytes)
    }

    /// The 16 bytes in wire order.
    pub const fn as_bytes(&self) -> &[u8; 16] {
        &self.0
    }

    /// From the two halves Kafka's Java `Uuid` holds.
    pub const fn from_u64_pair(most: u64, least: u64) -> Self {
        let m = most.to_be_bytes();
        let l = least.to_be_bytes();
        let mut b = [0u8; 16];
        let mut i = 0;
        while i < 8 {
            b[i] = m[i];
            b[i + 8] = l[i];
            i += 1;
        }
        Uuid(b)
    }

    /// True for the all-zero UUID.
    pub const fn is_zero(&self) -> bool {
        u128::from_be_bytes(self.0) == 0
    }
}

impl fmt::Display for Uuid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, b) in self.0.iter().enumerate() {
            if matches!(i, 4 | 6 | 8 | 10) {
                f.write_str("-")?;
            }
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Uuid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Uuid({self})")
    }
}

/// The text was not a UUID in the 8-4-4-4-12 hexadecimal form.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid UUID {0:?}: expected 8-4-4-4-12 hexadecimal digits")]
pub struct ParseUuidError(String);

impl FromStr for Uuid {
    type Err = ParseUuidError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseUuidError(s.to_owned());
        let b = s.as_bytes();
        if b.len() != 36 {
            return Err(err());
        }
        let mut out = [0u8; 16];
        let mut n = 0;
        let mut i = 0;
        while i < 36 {
            if matches!(i, 8 | 13 | 18 | 23) {
                if b[i] != b'-' {
                    return Err(err());
                }
                i += 1;
                continue;
            }
            let hi = hex(b[i]).ok_or_else(err)?;
            let lo = hex(b[i + 1]).ok_or_else(err)?;
            out[n] = hi << 4 | lo;
            n += 1;
            i += 2;
        }
        Ok(Uuid(out))
    }
}

fn hex(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_and_parse_round_trip() {
        let u = Uuid::from_u64_pair(0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210);
        let text = u.to_string();
        assert_eq!(text, "01234567-89ab-cdef-fedc-ba9876543210");
        assert_eq!(text.parse::<Uuid>().unwrap(), u);
        assert_eq!(
            "01234567-89AB-CDEF-FEDC-BA9876543210"
                .parse::<Uuid>()
                .unwrap(),
            u
        );
    }

    #[test]
    fn rejects_malformed() {
        for bad in [
            "",
            "01234567-89ab-cdef-fedc-ba987654321",
            "01234567089ab-cdef-fedc-ba9876543210",
            "0123456g-89ab-cdef-fedc-ba9876543210",
            "01234567-89ab-cdef-fedc-ba98765432100",
        ] {
            assert!(bad.parse::<Uuid>().is_err(), "{bad}");
        }
    }
}
