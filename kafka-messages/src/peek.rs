//! The few fields of a request that a proxy or a capture reader needs before
//! (or instead of) decoding it: which API and version it is, and whether it
//! is answered at all.
//!
//! ```
//! use kafka_messages::{ApiKey, ProduceRequest};
//! use kafka_wire::Versioned;
//!
//! let fire_and_forget = ProduceRequest { acks: 0, ..Default::default() };
//! let body = fire_and_forget.encode_to_vec(11)?;
//! assert_eq!(ProduceRequest::peek_acks(&body, 11)?, 0);
//! assert!(!ApiKey::Produce.expects_response(11, &body));
//! assert!(ApiKey::Metadata.expects_response(12, &[]));
//! assert_eq!(ApiKey::peek_request(&[0, 3, 0, 12, 0, 0]), Some((ApiKey::Metadata, 12)));
//! assert_eq!(ApiKey::peek_request(&[0, 3, 0x7f, 0]), None); // no such version
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(feature = "producer")]
use kafka_wire::schema::KafkaType;
#[cfg(feature = "producer")]
use kafka_wire::{codec, DecodeError, KafkaStruct, Versioned};

use crate::ApiKey;
#[cfg(feature = "producer")]
use crate::ProduceRequest;

impl ApiKey {
    /// The API and version a request frame's contents (after the size)
    /// start with, when this crate reads them: a key it has, at one of its
    /// versions ([`all_versions`](Self::all_versions)). Only the first 4
    /// bytes are read, so a frame cut short still says what it is.
    pub fn peek_request(contents: &[u8]) -> Option<(ApiKey, i16)> {
        let [k0, k1, v0, v1, ..] = *contents else {
            return None;
        };
        let (key, version) = (i16::from_be_bytes([k0, k1]), i16::from_be_bytes([v0, v1]));
        ApiKey::from_i16(key)
            .filter(|api| api.all_versions().contains(version))
            .map(|api| (api, version))
    }

    /// Whether a request of this API at `version`, whose body is `body`, is
    /// answered: every request is, but a Produce whose `acks` is 0 (read by
    /// [`ProduceRequest::peek_acks`], at the newest layout this crate knows
    /// for a version newer than it). A Produce body that does not read is
    /// taken as answered: the broker answers it or closes the connection.
    /// Without the `producer` feature every request is taken as answered.
    pub fn expects_response(self, version: i16, body: &[u8]) -> bool {
        #[cfg(feature = "producer")]
        if self == ApiKey::Produce {
            return !matches!(ProduceRequest::peek_acks(body, version), Ok(0));
        }
        let _ = (version, body);
        true
    }
}

#[cfg(feature = "producer")]
impl ProduceRequest {
    /// The `acks` of a Produce request's body at `version`, read without
    /// decoding the rest: the fields before it (the transactional id, from
    /// v3) are stepped over as the schema lays them out at `version`. A
    /// version newer than this crate's is read at the newest layout, which a
    /// proxy needs to know whether to wait for an answer to a Produce it
    /// passes through unread.
    pub fn peek_acks(body: &[u8], version: i16) -> Result<i16, DecodeError> {
        let mut rest = body;
        let flexible = Self::FLEXIBLE.contains(version);
        for field in Self::SCHEMA.fields {
            if field.name == "acks" {
                return bytes::Buf::try_get_i16(&mut rest)
                    .map_err(|e| DecodeError::from(e).in_field("acks"));
            }
            if !field.versions.contains(version) {
                continue;
            }
            match field.kafka_type {
                KafkaType::String => {
                    codec::get_str_slice(&mut rest, field.flexible_at(version, flexible))
                        .map_err(|e| e.in_field(field.name))?;
                }
                // Not in any release's layout: read the whole body.
                _ => break,
            }
        }
        Self::decode(&mut &body[..], version).map(|request| request.acks)
    }
}

#[cfg(all(test, feature = "producer"))]
mod tests {
    use super::*;

    #[test]
    fn acks_is_read_at_every_produce_version() {
        let all = ApiKey::Produce.all_versions();
        for version in all.lowest().unwrap()..=all.highest().unwrap() + 2 {
            for (txn, acks) in [(None, 0), (Some("tx-1"), -1), (Some(""), 1)] {
                if version < 3 && txn.is_some() {
                    continue;
                }
                let request = ProduceRequest {
                    transactional_id: txn.map(Into::into),
                    acks,
                    ..Default::default()
                };
                // A version past this crate's is written at its newest.
                let written = version.min(all.highest().unwrap());
                let body = request.encode_to_vec(written).unwrap();
                assert_eq!(
                    ProduceRequest::peek_acks(&body, version).unwrap(),
                    acks,
                    "v{version} {txn:?}"
                );
                assert_eq!(ApiKey::Produce.expects_response(version, &body), acks != 0);
            }
        }
    }

    #[test]
    fn acks_of_a_cut_body_is_an_error_naming_the_field() {
        assert!(ProduceRequest::peek_acks(&[], 3).is_err());
        let err = ProduceRequest::peek_acks(&[0x05, b'a'], 9).unwrap_err();
        assert!(err.to_string().contains("transactional_id"), "{err}");
        let err = ProduceRequest::peek_acks(&[0xff; 6], 9).unwrap_err();
        assert!(err.to_string().contains("transactional_id"), "{err}");
        let err = ProduceRequest::peek_acks(&[0, 0], 9).unwrap_err();
        assert!(err.to_string().contains("acks"), "{err}");
        // What does not read is answered.
        assert!(ApiKey::Produce.expects_response(9, &[]));
    }
}
