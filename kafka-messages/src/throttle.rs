//! When clients wait out a throttle themselves (KIP-219): from these
//! versions a broker over a client's quota answers at once, with
//! `throttle_time_ms`, and then reads nothing more from the connection for
//! that long; before them it holds the response back instead.
//!
//! ```
//! use kafka_messages::ApiKey;
//!
//! assert!(ApiKey::Produce.client_waits_out_throttle(6) == Some(true));
//! assert!(ApiKey::Fetch.client_waits_out_throttle(7) == Some(false));
//! assert_eq!(ApiKey::Metadata.client_waits_out_throttle(12), None);
//!
//! // Where the response says it: first in a Fetch body from v1 (so that it
//! // can be written in place), last in a Produce body.
//! assert!(ApiKey::Fetch.throttle_time_first(17));
//! assert!(!ApiKey::Fetch.throttle_time_first(0));
//! assert!(!ApiKey::Produce.throttle_time_first(9));
//! ```

use crate::ApiKey;

impl ApiKey {
    /// The first version of this API whose clients wait out a response's
    /// `throttle_time_ms` themselves (KIP-219): Produce v6 and Fetch v8, the
    /// APIs that byte-rate quotas measure. `None` for the other APIs, whose
    /// thresholds this crate does not record.
    pub const fn client_throttle_since(self) -> Option<i16> {
        match self {
            ApiKey::Produce => Some(6),
            ApiKey::Fetch => Some(8),
            _ => None,
        }
    }

    /// Whether a client of this API at `version` waits out a response's
    /// `throttle_time_ms` itself, so that a proxy or broker answers at once
    /// and mutes the connection rather than holding the response back
    /// ([`client_throttle_since`](Self::client_throttle_since); `None` where
    /// that is not recorded).
    pub const fn client_waits_out_throttle(self, version: i16) -> Option<bool> {
        match self.client_throttle_since() {
            Some(since) => Some(version >= since),
            None => None,
        }
    }

    /// Whether this API's response body begins with `throttle_time_ms` at
    /// `version` (an `int32` in its first 4 bytes, where a proxy that
    /// throttles a response it passes on as it arrives writes it in
    /// place). From the response's schema: true for most APIs from the
    /// version that added the field, false for Produce (which ends with
    /// it) and for versions and APIs without it.
    pub fn throttle_time_first(self, version: i16) -> bool {
        self.response_schema()
            .and_then(|body| body.fields.iter().find(|f| f.versions.contains(version)))
            .is_some_and(|first| {
                first.json_name == "ThrottleTimeMs"
                    && !first.tagged.contains(version)
                    && matches!(first.kafka_type, kafka_wire::schema::KafkaType::Int32)
            })
    }
}
