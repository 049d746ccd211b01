//! What Kafka's answers take from Java itself: `String.hashCode`, the
//! order a `HashMap` or `HashSet` of strings iterates in, and
//! `String.compareTo`, in one place for every API whose answer shows them
//! (client quotas' entities, a group's offsets partition,
//! DescribeTopicPartitions' order and its refused topics).

use std::cmp::Ordering;

/// Java's `String.hashCode`: over the UTF-16 code units, `31 * h + c`,
/// wrapping.
pub(crate) fn string_hash(s: &str) -> i32 {
    s.encode_utf16()
        .fold(0i32, |h, c| h.wrapping_mul(31).wrapping_add(i32::from(c)))
}

/// The order in which a Java `HashMap` (or `HashSet`) created with
/// `capacity` iterates `keys` put in this order: by bucket (`String.hashCode`,
/// spread, masked by the table's size after its resizes), then by insertion
/// (a resize keeps the order within a bucket). `new HashSet<>()` is a
/// capacity of 16. Buckets Java turns into trees (8 keys in one bucket of
/// a table of 64 or more) are not followed.
pub(crate) fn hash_order<'a>(keys: impl Iterator<Item = &'a str>, capacity: usize) -> Vec<&'a str> {
    let keys: Vec<&str> = keys.collect();
    // `tableSizeFor`, then a doubling each time the count passes three
    // quarters of the table.
    let mut table = capacity.max(1).next_power_of_two();
    while keys.len() > table * 3 / 4 {
        table *= 2;
    }
    let bucket = |k: &str| {
        let h = string_hash(k) as u32;
        ((h ^ (h >> 16)) as usize) & (table - 1)
    };
    let mut ordered: Vec<(usize, usize, &str)> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| (bucket(k), i, *k))
        .collect();
    ordered.sort_unstable();
    ordered.into_iter().map(|(_, _, k)| k).collect()
}

/// Java's `String.compareTo`: by UTF-16 code units, which orders the
/// characters past U+FFFF before U+E000..U+FFFF where Rust's byte order
/// puts them after.
pub(crate) fn compare(a: &str, b: &str) -> Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_as_java_does() {
        assert_eq!(string_hash(""), 0);
        // "my-group".hashCode() in Java.
        assert_eq!(string_hash("my-group"), -1_906_497_762);
        assert_eq!(string_hash("polygenelubricants"), i32::MIN);
        // Over UTF-16: U+1F600 is two code units, 0xD83D 0xDE00.
        assert_eq!(string_hash("😀"), 0xD83D * 31 + 0xDE00);
    }

    #[test]
    fn orders_a_hash_set_by_bucket_then_insertion() {
        // "a" is 97 (bucket 1 of 16), "b" 98 (2), "q" 113 (1 again).
        assert_eq!(hash_order(["b", "q", "a"].into_iter(), 16), ["q", "a", "b"]);
        // "q" (113) shares bucket 1 with "a" in a table of 16, and comes
        // first by insertion; thirteen keys pass 12, three quarters of 16,
        // and in the table of 32 "q" is in bucket 17, after "a" (1) to "l"
        // (12).
        let keys = [
            "q", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l",
        ];
        assert_eq!(hash_order(keys[..12].iter().copied(), 16)[..2], ["q", "a"]);
        let order = hash_order(keys.iter().copied(), 16);
        assert_eq!(order[0], "a");
        assert_eq!(order[12], "q");
    }

    #[test]
    fn compares_by_utf16_code_units() {
        assert_eq!(compare("a", "b"), Ordering::Less);
        assert_eq!(compare("", ""), Ordering::Equal);
        assert_eq!(compare("ab", "a"), Ordering::Greater);
        // U+FF21 is one code unit, 0xFF21; U+1F600 starts with 0xD83D.
        assert_eq!(compare("😀", "\u{FF21}"), Ordering::Less);
        assert_eq!("😀".cmp("\u{FF21}"), Ordering::Greater);
    }
}
