//! Client quotas: produce and fetch byte rates per user, client id or
//! both (`ClusterBuilder::client_quota`), measured and answered with a
//! throttle time as Kafka's `ClientQuotaManager` does: each request's bytes
//! are recorded in a `Rate` of 11 one-second samples
//! (`quota.window.num`, `quota.window.size.seconds`), and a rate over the
//! bound is throttled for `(rate - bound) / bound * window` ms
//! (`QuotaUtils.throttleTime`), the window being `Rate.windowSize`'s.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use tokio::time::Instant;

/// Kafka's `quota.window.num` and `quota.window.size.seconds`.
const SAMPLES: i64 = 11;
const WINDOW_MS: i64 = 1_000;

/// A byte-rate quota for the clients a user, a client id, or both name, as
/// Kafka's `kafka-configs --alter --entity-type users/clients` sets one
/// (`producer_byte_rate`, `consumer_byte_rate`). The most specific quota
/// that matches a request holds: user and client id, then user, then
/// client id; the clients it matches share its rate, as in Kafka.
#[derive(Debug, Clone, PartialEq)]
pub struct ClientQuota {
    user: Option<String>,
    client_id: Option<String>,
    produce: Option<f64>,
    fetch: Option<f64>,
}

impl ClientQuota {
    /// A quota for the connections of `user` (a principal's name:
    /// `alice` for `User:alice`; `ANONYMOUS` without SASL).
    pub fn user(user: impl Into<String>) -> Self {
        ClientQuota {
            user: Some(user.into()),
            client_id: None,
            produce: None,
            fetch: None,
        }
    }

    /// A quota for the requests whose header names `client_id`.
    pub fn client_id(client_id: impl Into<String>) -> Self {
        ClientQuota {
            user: None,
            client_id: Some(client_id.into()),
            produce: None,
            fetch: None,
        }
    }

    /// A quota for `client_id`'s requests on `user`'s connections.
    pub fn user_and_client_id(user: impl Into<String>, client_id: impl Into<String>) -> Self {
        ClientQuota {
            user: Some(user.into()),
            client_id: Some(client_id.into()),
            produce: None,
            fetch: None,
        }
    }

    /// The produce bytes per second allowed (`producer_byte_rate`): the
    /// size of each Produce request (its header and body) counts.
    pub fn produce_bytes_per_sec(mut self, rate: f64) -> Self {
        self.produce = Some(rate);
        self
    }

    /// The fetch bytes per second allowed (`consumer_byte_rate`): the size
    /// of each consumer's Fetch answer (its header and body) counts.
    pub fn fetch_bytes_per_sec(mut self, rate: f64) -> Self {
        self.fetch = Some(rate);
        self
    }

    /// A rate that is not a positive number, which no quota can be.
    pub(crate) fn invalid_rate(&self) -> Option<f64> {
        [self.produce, self.fetch]
            .into_iter()
            .flatten()
            .find(|r| !(r.is_finite() && *r > 0.0))
    }

    /// How specific the quota is for `user`'s `client_id`: `None` when it
    /// does not match.
    fn rank(&self, user: &str, client_id: &str) -> Option<u8> {
        let user_ok = self.user.as_deref().is_none_or(|u| u == user);
        let client_ok = self.client_id.as_deref().is_none_or(|c| c == client_id);
        if !(user_ok && client_ok) {
            return None;
        }
        Some(match (&self.user, &self.client_id) {
            (Some(_), Some(_)) => 3,
            (Some(_), None) => 2,
            (None, _) => 1,
        })
    }
}

/// Which rate a request counts in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    Produce,
    Fetch,
}

/// One sample of a rate: the bytes recorded from its start.
#[derive(Debug, Clone, Copy)]
struct Sample {
    start_ms: i64,
    total: f64,
}

/// Kafka's `Rate` over a `SampledStat` of [`SAMPLES`] samples of
/// [`WINDOW_MS`].
#[derive(Debug, Default)]
struct Rate {
    samples: VecDeque<Sample>,
}

impl Rate {
    /// Samples older than every window are gone (`purgeObsoleteSamples`).
    fn purge(&mut self, now_ms: i64) {
        self.samples
            .retain(|s| now_ms - s.start_ms < SAMPLES * WINDOW_MS);
    }

    /// Adds `value` at `now_ms` to the current sample, or to a new one
    /// when the current one's window is over (the oldest going when there
    /// are [`SAMPLES`]).
    fn record(&mut self, value: f64, now_ms: i64) {
        self.purge(now_ms);
        match self.samples.back_mut() {
            Some(s) if now_ms - s.start_ms < WINDOW_MS => s.total += value,
            _ => {
                if self.samples.len() as i64 == SAMPLES {
                    self.samples.pop_front();
                }
                self.samples.push_back(Sample {
                    start_ms: now_ms,
                    total: value,
                });
            }
        }
    }

    /// `Rate.windowSize`: from the oldest sample's start, at least
    /// `SAMPLES - 1` whole windows, at least 1 ms.
    fn window_ms(&self, now_ms: i64) -> i64 {
        let oldest = self.samples.front().map_or(now_ms, |s| s.start_ms);
        let mut elapsed = now_ms - oldest;
        let full = elapsed / WINDOW_MS;
        if full < SAMPLES - 1 {
            elapsed += (SAMPLES - 1 - full) * WINDOW_MS;
        }
        elapsed.max(1)
    }

    /// Bytes per second at `now_ms`.
    fn measure(&mut self, now_ms: i64) -> f64 {
        self.purge(now_ms);
        let total: f64 = self.samples.iter().map(|s| s.total).sum();
        total / (self.window_ms(now_ms) as f64 / 1000.0)
    }
}

/// The cluster's quotas and their rates.
#[derive(Debug)]
pub(crate) struct Quotas {
    rules: Vec<ClientQuota>,
    /// The rate of each rule and kind, by the rule's index.
    rates: Mutex<HashMap<(usize, Kind), Rate>>,
    start: Instant,
}

impl Quotas {
    /// The quotas `rules` set, or `None` when there are none.
    pub(crate) fn new(rules: Vec<ClientQuota>) -> Option<Self> {
        (!rules.is_empty()).then(|| Quotas {
            rules,
            rates: Mutex::default(),
            start: Instant::now(),
        })
    }

    /// The rule that holds for `kind` of `user`'s `client_id`, and its bound.
    fn rule(&self, kind: Kind, user: &str, client_id: &str) -> Option<(usize, f64)> {
        self.rules
            .iter()
            .enumerate()
            .filter_map(|(i, q)| {
                let bound = match kind {
                    Kind::Produce => q.produce?,
                    Kind::Fetch => q.fetch?,
                };
                Some((q.rank(user, client_id)?, i, bound))
            })
            .max_by_key(|&(rank, i, _)| (rank, std::cmp::Reverse(i)))
            .map(|(_, i, bound)| (i, bound))
    }

    fn now_ms(&self) -> i64 {
        i64::try_from(self.start.elapsed().as_millis()).unwrap_or(i64::MAX)
    }

    /// Records `bytes` of `kind` for `user`'s `client_id`: the throttle time
    /// Kafka answers (0 within the quota). A throttled fetch is answered
    /// empty, so its bytes are taken back (`unrecordQuotaSensor`) when
    /// `keep_throttled` is false.
    pub(crate) fn record(
        &self,
        kind: Kind,
        user: &str,
        client_id: &str,
        bytes: usize,
        keep_throttled: bool,
    ) -> i32 {
        let Some((rule, bound)) = self.rule(kind, user, client_id) else {
            return 0;
        };
        let now_ms = self.now_ms();
        let mut rates = self.rates.lock().unwrap_or_else(|e| e.into_inner());
        let rate = rates.entry((rule, kind)).or_default();
        let value = bytes as f64;
        rate.record(value, now_ms);
        let measured = rate.measure(now_ms);
        if measured <= bound {
            return 0;
        }
        let throttle = throttle_ms(measured, bound, rate.window_ms(now_ms));
        if !keep_throttled {
            rate.record(-value, now_ms);
        }
        throttle
    }
}

/// `QuotaUtils.throttleTime`: how long until the rate is back at the bound
/// with nothing more recorded.
fn throttle_ms(rate: f64, bound: f64, window_ms: i64) -> i32 {
    let ms = (rate - bound) / bound * window_ms as f64;
    // Java's Math.round, then the int Kafka answers.
    let rounded = (ms + 0.5).floor();
    if rounded >= f64::from(i32::MAX) {
        i32::MAX
    } else {
        rounded as i32
    }
}

/// The user name of a principal, as Kafka's quotas name it (`alice` for
/// `User:alice`).
pub(crate) fn user_of(principal: &str) -> &str {
    principal
        .split_once(':')
        .map_or(principal, |(_, name)| name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_is_ten_seconds_until_eleven_have_passed() {
        let mut rate = Rate::default();
        rate.record(1000.0, 0);
        assert_eq!(rate.window_ms(0), 10_000);
        assert_eq!(rate.measure(0), 100.0);
        // 2.5 s in: two whole windows, and eight more assumed.
        assert_eq!(rate.window_ms(2_500), 10_500);
        rate.record(1000.0, 10_500);
        assert_eq!(rate.window_ms(10_500), 10_500);
        assert_eq!(rate.measure(10_500), 2000.0 / 10.5);
        // At 11 s the first sample is obsolete.
        assert_eq!(rate.measure(11_000), 1000.0 / 10.5);
        assert_eq!(rate.window_ms(11_000), 10_500);
    }

    #[test]
    fn throttle_time_is_kafkas() {
        // 2,000 B in a 10 s window against 100 B/s: 200 B/s, throttled
        // (200 - 100) / 100 * 10,000 ms.
        assert_eq!(throttle_ms(200.0, 100.0, 10_000), 10_000);
        assert_eq!(throttle_ms(100.04, 100.0, 10_000), 4);
        assert_eq!(throttle_ms(1e300, 1.0, 10_000), i32::MAX);
    }

    #[test]
    fn the_most_specific_quota_holds() {
        let quotas = Quotas::new(vec![
            ClientQuota::client_id("app").produce_bytes_per_sec(100.0),
            ClientQuota::user("alice").produce_bytes_per_sec(1e9),
            ClientQuota::client_id("app").fetch_bytes_per_sec(100.0),
        ])
        .unwrap();
        assert_eq!(quotas.rule(Kind::Produce, "bob", "app"), Some((0, 100.0)));
        assert_eq!(quotas.rule(Kind::Produce, "alice", "app"), Some((1, 1e9)));
        assert_eq!(quotas.rule(Kind::Produce, "bob", "other"), None);
        assert_eq!(quotas.rule(Kind::Fetch, "alice", "app"), Some((2, 100.0)));
        assert_eq!(user_of("User:alice"), "alice");
    }
}
