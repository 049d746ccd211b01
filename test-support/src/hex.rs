//! Bytes as the tests write them in source and in failure messages: lowercase
//! hex, two digits a byte, nothing between bytes (`0013000700`).

/// `bytes` as lowercase hex.
pub fn encode(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The bytes of `text`, two hex digits each (either case).
///
/// # Panics
///
/// On an odd number of digits or a character that is not a hex digit: the
/// text is the test's own, so a bad one is a bug in the test.
pub fn decode(text: &str) -> Vec<u8> {
    assert!(
        text.len() % 2 == 0,
        "odd number of hex digits ({}) in {text:?}",
        text.len()
    );
    (0..text.len())
        .step_by(2)
        .map(|i| {
            let pair = text
                .get(i..i + 2)
                .unwrap_or_else(|| panic!("not hex: {text:?}"));
            u8::from_str_radix(pair, 16).unwrap_or_else(|_| panic!("not hex: {pair:?} in {text:?}"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_every_byte() {
        let all: Vec<u8> = (0..=255).collect();
        let text = encode(&all);
        assert_eq!(&text[..8], "00010203");
        assert_eq!(&text[text.len() - 4..], "feff");
        assert_eq!(decode(&text), all);
        assert_eq!(decode("ABcd"), [0xab, 0xcd]);
        assert_eq!(decode(""), Vec::<u8>::new());
    }

    #[test]
    #[should_panic(expected = "odd number of hex digits")]
    fn odd_hex_is_refused() {
        decode("abc");
    }
}
