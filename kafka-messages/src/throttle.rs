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
}
