//! Header-first request decoding (every error after the header's v1 part
//! carries the header) and each way `read_frame` can see a stream end.

use std::io::{self, Read};

use bytes::{Bytes, BytesMut};
use kafka_wire::frame::{self, RequestFrameError};
use kafka_wire::{DecodeErrorKind, KafkaMessage, RequestHeader, Str, UnknownTaggedFields};

/// A message of our own: versions 0-2, flexible from 1 (header v2 there).
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-2", flexible = "1+")]
struct Ping {
    #[kafka(versions = "0+")]
    text: Str,
    #[kafka(unknown_tagged_fields)]
    unknown_tagged_fields: UnknownTaggedFields,
}

fn ping_frame(version: i16, correlation_id: i32) -> Bytes {
    let header = RequestHeader::new(1000, version, correlation_id, Some("tester".into()));
    let mut wire = BytesMut::new();
    let ping = Ping {
        text: "hi".into(),
        ..Default::default()
    };
    frame::encode_request_contents(&mut wire, &header, &ping).unwrap();
    wire.freeze()
}

/// Contents of a frame whose header says `key` at `version`, with a v1 header
/// and then `rest`.
fn raw_frame(key: i16, version: i16, correlation_id: i32, rest: &[u8]) -> Bytes {
    let mut v = Vec::new();
    v.extend_from_slice(&key.to_be_bytes());
    v.extend_from_slice(&version.to_be_bytes());
    v.extend_from_slice(&correlation_id.to_be_bytes());
    v.extend_from_slice(&[0, 1, b'c']);
    v.extend_from_slice(rest);
    v.into()
}

#[test]
fn every_supported_version_decodes_header_first() {
    for version in 0..=2 {
        let contents = ping_frame(version, 40 + i32::from(version));
        let (header, ping) = frame::decode_request_frame::<Ping>(contents.clone()).unwrap();
        assert_eq!(header.correlation_id, 40 + i32::from(version));
        assert_eq!(header.client_id.as_deref(), Some("tester"));
        assert_eq!(ping.text, "hi");
        // The same through the split: peek, split at the header version, body.
        let peeked = frame::peek_request_header(&contents).unwrap();
        assert_eq!((peeked.api_key, peeked.api_version), (1000, version));
        let split = frame::decode_request_header(
            contents,
            kafka_wire::request_header_version(1000, version, version >= 1),
        )
        .unwrap();
        assert_eq!(split.header, header);
        assert_eq!(split.decode_body::<Ping>().unwrap(), ping);
    }
}

#[test]
fn a_version_past_the_range_is_unsupported_with_the_header() {
    // v3 would be flexible (header v2): the v1 part is read all the same.
    let contents = raw_frame(1000, 3, 77, &[0, 0xff]);
    let err = frame::decode_request_frame::<Ping>(contents).unwrap_err();
    match &err {
        RequestFrameError::UnsupportedVersion { header, supported } => {
            assert_eq!((header.api_key, header.api_version), (1000, 3));
            assert_eq!(header.client_id.as_deref(), Some("c"));
            assert_eq!(supported.to_string(), "0-2");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(err.correlation_id(), Some(77));
    assert!(
        err.to_string().contains("version 3 is not supported"),
        "{err}"
    );
}

#[test]
fn another_key_is_unknown_with_the_header() {
    let err = frame::decode_request_frame::<Ping>(raw_frame(7, 0, 5, b"x")).unwrap_err();
    assert!(matches!(&err, RequestFrameError::UnknownApiKey { header } if header.api_key == 7));
    assert_eq!(err.correlation_id(), Some(5));
}

#[test]
fn a_bad_body_carries_the_header_and_the_field_path() {
    // Ping v0: the string says 9 bytes, 1 follows.
    let err =
        frame::decode_request_frame::<Ping>(raw_frame(1000, 0, 6, &[0, 9, b'a'])).unwrap_err();
    match &err {
        RequestFrameError::Body { header, error } => {
            assert_eq!(header.correlation_id, 6);
            assert_eq!(error.path(), "Ping.text");
            assert!(matches!(error.kind(), DecodeErrorKind::Truncated { .. }));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn bytes_after_the_body_are_ignored_as_a_broker_does() {
    // Kafka 4.4 answers such requests; librdkafka 2.16 sends three after a
    // Metadata v13 body.
    let mut contents = ping_frame(1, 8).to_vec();
    contents.extend_from_slice(&[1, 0, 0]);
    let contents = Bytes::from(contents);
    let (header, ping) = frame::decode_request_frame::<Ping>(contents.clone()).unwrap();
    assert_eq!((header.correlation_id, ping.text.as_str()), (8, "hi"));
    // The exact reader still refuses them.
    let split = frame::decode_request_header(contents, 2).unwrap();
    let err = <Ping as kafka_wire::Versioned>::decode_exact(split.body, 1).unwrap_err();
    assert!(matches!(err.kind(), DecodeErrorKind::TrailingBytes(3)));
}

#[test]
fn a_bad_tagged_section_of_header_v2_carries_the_v1_part() {
    // Ping v1 is flexible: header v2, whose tagged section says one field and ends.
    let err = frame::decode_request_frame::<Ping>(raw_frame(1000, 1, 9, &[1])).unwrap_err();
    assert!(matches!(&err, RequestFrameError::Body { header, .. } if header.correlation_id == 9));
}

#[test]
fn a_header_cut_before_its_client_id_has_no_correlation_id() {
    for len in [0, 3, 7, 9] {
        let contents = raw_frame(1000, 0, 1, b"").slice(..len);
        let err = frame::decode_request_frame::<Ping>(contents).unwrap_err();
        assert!(
            matches!(err, RequestFrameError::Header(_)),
            "{len}: {err:?}"
        );
        assert_eq!(err.correlation_id(), None);
    }
}

/// A reader that hands out at most one byte per read, and is interrupted
/// before each: `read_frame` must cope with both.
struct Trickle<'a> {
    bytes: &'a [u8],
    interrupt: bool,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.interrupt = !self.interrupt;
        if self.interrupt {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let n = self.bytes.len().min(buf.len()).min(1);
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

#[test]
fn read_frame_ok_none_on_a_clean_end() {
    assert_eq!(frame::read_frame(&mut &[][..], 16).unwrap(), None);
    let mut r = Trickle {
        bytes: &[0, 0, 0, 1, 7],
        interrupt: false,
    };
    assert_eq!(
        frame::read_frame(&mut r, 16).unwrap().as_deref(),
        Some(&[7u8][..])
    );
    assert_eq!(frame::read_frame(&mut r, 16).unwrap(), None);
}

#[test]
fn read_frame_unexpected_eof_inside_the_size() {
    for cut in 1..4 {
        let bytes = [0u8, 0, 0, 1];
        let mut r = Trickle {
            bytes: &bytes[..cut],
            interrupt: false,
        };
        let err = frame::read_frame(&mut r, 16).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::UnexpectedEof);
        assert_eq!(
            err.to_string(),
            format!("stream ended inside a frame: {cut} of the 4 bytes of its size")
        );
    }
}

#[test]
fn read_frame_unexpected_eof_inside_the_body() {
    let mut r: &[u8] = &[0, 0, 0, 3, 1, 2];
    let err = frame::read_frame(&mut r, 16).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::UnexpectedEof);
    assert_eq!(
        err.to_string(),
        "stream ended inside a frame: 2 of the 3 bytes of its body"
    );
    // A size and no body at all.
    let err = frame::read_frame(&mut &[0u8, 0, 0, 3][..], 16).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::UnexpectedEof);
}

#[test]
fn read_frame_refuses_a_size_over_the_limit_before_reading_on() {
    let mut r: &[u8] = &[0, 0, 0, 17, 1, 2];
    let err = frame::read_frame(&mut r, 16).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidData);
    assert_eq!(r.len(), 2, "the body was not read");
}
