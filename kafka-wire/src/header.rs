//! Request headers v1-v2 and response headers v0-v1, declared as Kafka's
//! `RequestHeader.json` and `ResponseHeader.json` declare them (header schemas:
//! versioned, no API key), so that the rules of a tagged section live in the
//! derive alone.
//!
//! Which version a message uses follows from its API's flexible versions; see
//! [`Message::request_header_version`](crate::Message::request_header_version).
//! Encode, size and decode them at a header version through [`Versioned`]:
//!
//! ```
//! use kafka_wire::{RequestHeader, Versioned};
//!
//! let header = RequestHeader::new(19, 7, 1, Some("me".into()));
//! let bytes = header.encode_to_vec(2)?;
//! assert_eq!(bytes, [0, 19, 0, 7, 0, 0, 0, 1, 0, 2, b'm', b'e', 0]);
//! assert_eq!(RequestHeader::decode_exact(&bytes[..], 2)?, header);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use kafka_wire_derive::KafkaMessage;

#[cfg(doc)]
use crate::Versioned;
use crate::{DecodeError, DecodeErrorKind, Str, UnknownTaggedFields};

/// The header in front of every request (Kafka's `RequestHeader`, versions
/// 0-2, flexible 2+).
///
/// `client_id` is always a classic int16-prefixed nullable string, even in
/// header v2: the one field Kafka exempts from flexible encoding, so that a
/// broker can read it before it knows the API's versions. Version 0 has no
/// `client_id` (it reads as Kafka's default, `Some("")`, and is not written,
/// as Kafka 3.9 ignores it there): only ControlledShutdown
/// v0 uses it, an API of Kafka 3.x's ZooKeeper brokers (see
/// [`request_header_version`](crate::request_header_version)). Versions past 2
/// are an unsupported-version error both ways.
#[derive(Debug, Clone, PartialEq, Eq, KafkaMessage)]
#[kafka(versions = "0-2", flexible = "2+", view)]
pub struct RequestHeader {
    /// The API key of this request.
    #[kafka(versions = "0+", name = "RequestApiKey")]
    pub api_key: i16,
    /// The API version of this request.
    #[kafka(versions = "0+", name = "RequestApiVersion")]
    pub api_version: i16,
    /// The correlation ID of this request, echoed in its response.
    #[kafka(versions = "0+")]
    pub correlation_id: i32,
    /// The client ID string, for the broker's logs and quotas.
    #[kafka(versions = "1+", nullable = "1+", flexible = "none", ignorable)]
    pub client_id: Option<Str>,
    /// Tagged fields of header v2 this crate does not declare.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl RequestHeader {
    /// A header for `api_key` at `api_version`.
    pub fn new(
        api_key: i16,
        api_version: i16,
        correlation_id: i32,
        client_id: Option<Str>,
    ) -> Self {
        RequestHeader {
            api_key,
            api_version,
            correlation_id,
            client_id,
            unknown_tagged_fields: UnknownTaggedFields::new(),
        }
    }
}

/// The header in front of every response (Kafka's `ResponseHeader`, versions
/// 0-1, flexible 1+).
#[derive(Debug, Clone, PartialEq, Eq, KafkaMessage)]
#[kafka(versions = "0-1", flexible = "1+", view)]
pub struct ResponseHeader {
    /// The correlation ID of the request this answers.
    #[kafka(versions = "0+")]
    pub correlation_id: i32,
    /// Tagged fields of header v1 this crate does not declare.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl ResponseHeader {
    /// A header answering `correlation_id`.
    pub fn new(correlation_id: i32) -> Self {
        ResponseHeader {
            correlation_id,
            unknown_tagged_fields: UnknownTaggedFields::new(),
        }
    }
}

/// Fails unless `found` is `expected`.
pub(crate) fn check_api_key(expected: i16, found: i16) -> Result<(), DecodeError> {
    if expected == found {
        Ok(())
    } else {
        Err(DecodeErrorKind::ApiKeyMismatch { expected, found }.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Versioned;

    fn round_trip_request(h: &RequestHeader, v: i16) -> Vec<u8> {
        let mut out = Vec::new();
        h.encode(&mut out, v).unwrap();
        assert_eq!(out.len(), h.encoded_len(v));
        assert_eq!(&RequestHeader::decode(&mut &out[..], v).unwrap(), h);
        out
    }

    #[test]
    fn request_header_exact_bytes() {
        let h = RequestHeader::new(19, 7, 0x0102_0304, Some("ab".into()));
        assert_eq!(
            round_trip_request(&h, 1),
            [0, 19, 0, 7, 1, 2, 3, 4, 0, 2, b'a', b'b']
        );
        // v2: client_id stays an int16 string; then an empty tagged section.
        assert_eq!(
            round_trip_request(&h, 2),
            [0, 19, 0, 7, 1, 2, 3, 4, 0, 2, b'a', b'b', 0]
        );
        let null = RequestHeader::new(18, 3, 1, None);
        assert_eq!(
            round_trip_request(&null, 2),
            [0, 18, 0, 3, 0, 0, 0, 1, 0xff, 0xff, 0]
        );
    }

    #[test]
    fn header_versions_outside_their_range_are_errors() {
        let h = RequestHeader::new(19, 7, 1, None);
        assert!(h.encode(&mut Vec::new(), 3).is_err());
        assert!(h.encode(&mut Vec::new(), -1).is_err());
        // v0 has no client id: one is dropped (ignorable), as Kafka 3.9 does.
        let mut v0 = Vec::new();
        RequestHeader::new(7, 0, 1, Some("me".into()))
            .encode(&mut v0, 0)
            .unwrap();
        assert_eq!(v0, [0, 7, 0, 0, 0, 0, 0, 1]);
        assert!(RequestHeader::decode(&mut &[0u8; 16][..], 3).is_err());
        assert!(ResponseHeader::new(1).encode(&mut Vec::new(), 2).is_err());
        assert!(ResponseHeader::decode(&mut &[0u8; 8][..], 2).is_err());
    }

    #[test]
    fn response_header_exact_bytes_and_unknown_tags() {
        let mut h = ResponseHeader::new(7);
        let mut out = Vec::new();
        h.encode(&mut out, 0).unwrap();
        assert_eq!(out, [0, 0, 0, 7]);
        h.unknown_tagged_fields
            .insert(3, bytes::Bytes::from_static(b"\x09"));
        let mut out = Vec::new();
        h.encode(&mut out, 1).unwrap();
        assert_eq!(out, [0, 0, 0, 7, 1, 3, 1, 9]);
        assert_eq!(out.len(), h.encoded_len(1));
        assert_eq!(ResponseHeader::decode(&mut &out[..], 1).unwrap(), h);
        assert!(
            h.encode(&mut Vec::new(), 0).is_err(),
            "v0 cannot carry tags"
        );
    }
}
