//! Request headers v0-v2 and response headers v0-v1.
//!
//! Which version a message uses follows from its API's flexible versions; see
//! [`Message::request_header_version`](crate::Message::request_header_version).

use bytes::{Buf, BufMut};

use crate::codec::{self, get_uvarint, put_uvarint};
use crate::tagged::{self, TagWriter};
use crate::{
    Ctx, DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, Nullable, Str,
    UnknownTaggedFields, VersionRange, Wire,
};

/// The header in front of every request.
///
/// `client_id` (v1+) is always a classic int16-prefixed nullable string, even in
/// header v2: the one field Kafka exempts from flexible encoding, so that a broker
/// can read it before it knows the API's versions. Like Kafka's
/// `RequestHeader.json`, it is ignorable: header v0 (only ControlledShutdown v0
/// used it) has no client id, and one set there is not written.
///
/// Header versions outside 0-2 are an unsupported-version error both ways.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RequestHeader {
    /// The API being called.
    pub api_key: i16,
    /// The version of the request body.
    pub api_version: i16,
    /// Echoed in the response so the client can match them.
    pub correlation_id: i32,
    /// The client's id, for the broker's logs and quotas (v1+).
    pub client_id: Option<Str>,
    /// Tagged fields of header v2 this crate does not declare.
    pub unknown_tagged_fields: UnknownTaggedFields,
}

const CLIENT_ID: Ctx = Ctx::new(1, false);

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

    /// Writes the header at `header_version` (0, 1 or 2).
    pub fn encode<B: BufMut>(&self, buf: &mut B, header_version: i16) -> Result<(), EncodeError> {
        check_encode_version(header_version, REQUEST_HEADER_VERSIONS)?;
        buf.put_i16(self.api_key);
        buf.put_i16(self.api_version);
        buf.put_i32(self.correlation_id);
        if header_version >= 1 {
            Str::encode_nullable(self.client_id.as_ref(), buf, CLIENT_ID)
                .map_err(|e| e.in_field("client_id"))?;
        }
        if header_version >= 2 {
            put_uvarint(buf, self.unknown_tagged_fields.len() as u32);
            TagWriter::new(&self.unknown_tagged_fields).finish(buf)?;
        } else {
            self.unknown_tagged_fields.check_empty_for_classic()?;
        }
        Ok(())
    }

    /// Exactly the bytes [`encode`](RequestHeader::encode) writes.
    pub fn encoded_len(&self, header_version: i16) -> usize {
        let mut n = 8;
        if header_version >= 1 {
            n += Str::nullable_len(self.client_id.as_ref(), CLIENT_ID);
        }
        if header_version >= 2 {
            n += codec::uvarint_len(self.unknown_tagged_fields.len() as u32)
                + self.unknown_tagged_fields.wire_len();
        }
        n
    }

    /// Reads a header of `header_version`.
    pub fn decode<B: Buf>(buf: &mut B, header_version: i16) -> Result<Self, DecodeError> {
        check_decode_version(header_version, REQUEST_HEADER_VERSIONS)?;
        let api_key = buf
            .try_get_i16()
            .map_err(|e| DecodeError::from(e).in_field("api_key"))?;
        let api_version = buf
            .try_get_i16()
            .map_err(|e| DecodeError::from(e).in_field("api_version"))?;
        let mut header = Self::decode_rest(buf, api_key, api_version, header_version)?;
        header.api_key = api_key;
        Ok(header)
    }

    /// Reads the rest of a header whose key and version were already read (a
    /// broker reads those two first to learn the header version).
    pub fn decode_rest<B: Buf>(
        buf: &mut B,
        api_key: i16,
        api_version: i16,
        header_version: i16,
    ) -> Result<Self, DecodeError> {
        let correlation_id =
            i32::decode_wire(buf, CLIENT_ID).map_err(|e| e.in_field("correlation_id"))?;
        let client_id = if header_version >= 1 {
            Str::decode_nullable(buf, CLIENT_ID).map_err(|e| e.in_field("client_id"))?
        } else {
            None
        };
        let unknown_tagged_fields = if header_version >= 2 {
            decode_unknown_only(buf)?
        } else {
            UnknownTaggedFields::new()
        };
        Ok(RequestHeader {
            api_key,
            api_version,
            correlation_id,
            client_id,
            unknown_tagged_fields,
        })
    }
}

/// The header in front of every response.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ResponseHeader {
    /// The correlation id of the request this answers.
    pub correlation_id: i32,
    /// Tagged fields of header v1 this crate does not declare.
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

    /// Writes the header at `header_version` (0 or 1).
    pub fn encode<B: BufMut>(&self, buf: &mut B, header_version: i16) -> Result<(), EncodeError> {
        check_encode_version(header_version, RESPONSE_HEADER_VERSIONS)?;
        buf.put_i32(self.correlation_id);
        if header_version >= 1 {
            put_uvarint(buf, self.unknown_tagged_fields.len() as u32);
            TagWriter::new(&self.unknown_tagged_fields).finish(buf)?;
            Ok(())
        } else {
            self.unknown_tagged_fields.check_empty_for_classic()
        }
    }

    /// Exactly the bytes [`encode`](ResponseHeader::encode) writes.
    pub fn encoded_len(&self, header_version: i16) -> usize {
        if header_version >= 1 {
            4 + codec::uvarint_len(self.unknown_tagged_fields.len() as u32)
                + self.unknown_tagged_fields.wire_len()
        } else {
            4
        }
    }

    /// Reads a header of `header_version`.
    pub fn decode<B: Buf>(buf: &mut B, header_version: i16) -> Result<Self, DecodeError> {
        check_decode_version(header_version, RESPONSE_HEADER_VERSIONS)?;
        let correlation_id =
            i32::decode_wire(buf, CLIENT_ID).map_err(|e| e.in_field("correlation_id"))?;
        let unknown_tagged_fields = if header_version >= 1 {
            decode_unknown_only(buf)?
        } else {
            UnknownTaggedFields::new()
        };
        Ok(ResponseHeader {
            correlation_id,
            unknown_tagged_fields,
        })
    }
}

/// A tagged section where no tag is declared: everything is kept as unknown.
fn decode_unknown_only<B: Buf>(buf: &mut B) -> Result<UnknownTaggedFields, DecodeError> {
    let mut unknown = UnknownTaggedFields::new();
    let count = get_uvarint(buf).map_err(|e| e.in_field("tagged_fields"))?;
    let mut previous = None;
    for _ in 0..count {
        let (tag, size) = tagged::get_header(buf, &mut previous)?;
        tagged::keep_unknown(buf, tag, size, Some(&mut unknown));
    }
    Ok(unknown)
}

const REQUEST_HEADER_VERSIONS: VersionRange = VersionRange::new(0, 2);
const RESPONSE_HEADER_VERSIONS: VersionRange = VersionRange::new(0, 1);

fn check_encode_version(version: i16, supported: VersionRange) -> Result<(), EncodeError> {
    if supported.contains(version) {
        Ok(())
    } else {
        Err(EncodeErrorKind::UnsupportedVersion { version, supported }.into())
    }
}

fn check_decode_version(version: i16, supported: VersionRange) -> Result<(), DecodeError> {
    if supported.contains(version) {
        Ok(())
    } else {
        Err(DecodeErrorKind::UnsupportedVersion { version, supported }.into())
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
        let mut v0 = h.clone();
        v0.client_id = None;
        assert_eq!(round_trip_request(&v0, 0), [0, 19, 0, 7, 1, 2, 3, 4]);
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
