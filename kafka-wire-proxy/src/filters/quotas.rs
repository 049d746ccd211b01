//! [`Quotas`]: per-tenant produce and fetch byte rates, enforced as Kafka's
//! brokers enforce client quotas: `throttle_time_ms` in the response, and
//! the client slowed for that long.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use kafka_messages::ApiKey;
use tokio::time::Instant;

use crate::filter::{ClientConnection, Filter, FilterError, RequestInfo, ResponseSize};

/// A tenant's byte rates, in bytes a second; `None` is no limit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ByteRates {
    /// Produce requests' bytes (Kafka's `producer_byte_rate`).
    pub produce: Option<u64>,
    /// Fetch responses' bytes (Kafka's `consumer_byte_rate`).
    pub fetch: Option<u64>,
}

/// What names a connection's tenant.
type TenantFn = dyn Fn(&ClientConnection) -> Option<String> + Send + Sync;

/// Per-tenant produce and fetch byte-rate quotas, measured and answered as
/// Kafka's brokers measure and answer client quotas:
///
/// - **The rate** is Kafka's sampled rate: the bytes of the last `samples`
///   windows of `window` each (Kafka's `quota.window.num`, 11, and
///   `quota.window.size.seconds`, 1 s), over the time they span, counted as
///   at least `samples - 1` windows. Produce counts each request's size,
///   Fetch each response's. Every connection of a tenant counts toward the
///   same rate (the filter's clones share it).
/// - **The throttle**, when the rate is over the quota, is Kafka's
///   `(rate - quota) / quota * span`: the time after which the tenant's
///   bytes over the longer span come to the quota. It is capped at the span
///   of all the samples.
/// - **The answer** (KIP-219): the response's `throttle_time_ms` says it
///   (the larger of the broker's and the proxy's). A client of Produce v6+
///   or Fetch v8+ waits that long itself, and the proxy reads none of its
///   requests meanwhile (Kafka's muted channel); an older client gets the
///   response held back for that long, as brokers did before KIP-219.
///
/// The filter counts responses by their size alone
/// ([`Filter::counts_response`]), so a large Fetch response still passes on
/// as it arrives, its `throttle_time_ms` (the body's first field) written in
/// place.
///
/// Unlike a broker, the proxy does not empty a throttled Fetch response:
/// the broker's fetch session has already counted those records as sent,
/// and dropping them would stall an incremental fetch. The client gets
/// them and waits after, which bounds its rate the same way over the span.
///
/// ```
/// use kafka_wire_proxy::filters::{ByteRates, Quotas};
///
/// let quotas = Quotas::new(|c| c.principal.as_ref().map(|p| p.name.clone()))
///     .tenant("alice", ByteRates { produce: Some(1 << 20), fetch: Some(4 << 20) });
/// assert_eq!(quotas.rates_of("alice").produce, Some(1 << 20));
/// ```
#[derive(Clone)]
pub struct Quotas {
    tenant_of: Arc<TenantFn>,
    limits: Arc<HashMap<String, ByteRates>>,
    window: Duration,
    samples: usize,
    /// Each tenant's measured rates, shared by every connection.
    rates: Arc<Mutex<HashMap<(String, ApiKey), SampledRate>>>,
}

impl std::fmt::Debug for Quotas {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Quotas")
            .field("limits", &self.limits)
            .field("window", &self.window)
            .field("samples", &self.samples)
            .finish_non_exhaustive()
    }
}

impl Quotas {
    /// Quotas with no tenant limited yet; `tenant_of` names each
    /// connection's tenant (a fixed prefix, or
    /// [`TenantsByPrincipal::prefix_of`](super::TenantsByPrincipal::prefix_of)
    /// its principal). A connection without one is not limited.
    pub fn new(
        tenant_of: impl Fn(&ClientConnection) -> Option<String> + Send + Sync + 'static,
    ) -> Self {
        Quotas {
            tenant_of: Arc::new(tenant_of),
            limits: Arc::default(),
            window: Duration::from_secs(1),
            samples: 11,
            rates: Arc::default(),
        }
    }

    /// Limits `tenant` to `rates`.
    pub fn tenant(mut self, tenant: impl Into<String>, rates: ByteRates) -> Self {
        Arc::make_mut(&mut self.limits).insert(tenant.into(), rates);
        self
    }

    /// Measures rates over `samples` windows of `window` each (Kafka's
    /// defaults: 11 of 1 s). At least 2 samples and 1 ms.
    pub fn window(mut self, window: Duration, samples: usize) -> Self {
        self.window = window.max(Duration::from_millis(1));
        self.samples = samples.max(2);
        self
    }

    /// The rates `tenant` is limited to.
    pub fn rates_of(&self, tenant: &str) -> ByteRates {
        self.limits.get(tenant).copied().unwrap_or_default()
    }

    /// Records `bytes` of `api_key` for `tenant` at `now`: the throttle, if
    /// the tenant is over its quota.
    fn record(&self, tenant: &str, api_key: ApiKey, bytes: u64, now: Instant) -> Option<Duration> {
        let rates = self.rates_of(tenant);
        let quota = match api_key {
            ApiKey::Produce => rates.produce,
            _ => rates.fetch,
        }?;
        let mut all = self.rates.lock().unwrap_or_else(|e| e.into_inner());
        let rate = all.entry((tenant.to_owned(), api_key)).or_default();
        rate.record(now, bytes, self.window, self.samples);
        rate.throttle(now, quota, self.window, self.samples)
    }
}

/// One sample of a [`SampledRate`]: the bytes recorded from `start` for a
/// window.
#[derive(Debug, Clone, Copy)]
struct Sample {
    start: Instant,
    bytes: u64,
}

/// Kafka's `Rate` over a `SampledStat` of sums: the bytes of the samples
/// not yet expired, over the time since the oldest began.
#[derive(Debug, Clone, Default)]
struct SampledRate {
    samples: VecDeque<Sample>,
}

impl SampledRate {
    /// Adds `bytes` at `now`: to the current sample while its window lasts,
    /// else to a new one; samples older than all the windows are dropped.
    fn record(&mut self, now: Instant, bytes: u64, window: Duration, samples: usize) {
        self.expire(now, window, samples);
        match self.samples.back_mut() {
            Some(current) if now.duration_since(current.start) < window => {
                current.bytes = current.bytes.saturating_add(bytes)
            }
            _ => {
                if self.samples.len() == samples {
                    self.samples.pop_front();
                }
                self.samples.push_back(Sample { start: now, bytes });
            }
        }
    }

    fn expire(&mut self, now: Instant, window: Duration, samples: usize) {
        let age = window.saturating_mul(samples as u32);
        while let Some(oldest) = self.samples.front() {
            if now.duration_since(oldest.start) < age {
                break;
            }
            self.samples.pop_front();
        }
    }

    /// The span the rate is measured over at `now`: since the oldest
    /// sample began, and at least `samples - 1` whole windows (Kafka's
    /// `Rate.windowSize`).
    fn span(&self, now: Instant, window: Duration, samples: usize) -> Duration {
        let elapsed = self
            .samples
            .front()
            .map_or(Duration::ZERO, |s| now.duration_since(s.start));
        elapsed.max(window.saturating_mul(samples.saturating_sub(1) as u32))
    }

    /// How long the client waits for the rate to come to `quota` bytes a
    /// second, when it is over: Kafka's `(rate - quota) / quota * span`,
    /// rounded to the millisecond, capped at all the samples' span.
    fn throttle(
        &mut self,
        now: Instant,
        quota: u64,
        window: Duration,
        samples: usize,
    ) -> Option<Duration> {
        self.expire(now, window, samples);
        let span = self.span(now, window, samples).as_secs_f64();
        let bytes: u64 = self.samples.iter().map(|s| s.bytes).sum();
        let rate = bytes as f64 / span;
        let quota = quota.max(1) as f64;
        if rate <= quota {
            return None;
        }
        let ms = ((rate - quota) / quota * span * 1000.0).round();
        let cap = window.saturating_mul(samples as u32);
        Some(Duration::from_millis(ms as u64).min(cap))
    }
}

impl Filter for Quotas {
    fn counts_response(&self, api_key: ApiKey, _: i16) -> bool {
        match api_key {
            ApiKey::Produce => self.limits.values().any(|r| r.produce.is_some()),
            ApiKey::Fetch => self.limits.values().any(|r| r.fetch.is_some()),
            _ => false,
        }
    }

    fn on_response_size(
        &mut self,
        connection: &ClientConnection,
        request: &RequestInfo,
        response: &mut ResponseSize,
    ) -> Result<(), FilterError> {
        let Some(tenant) = (self.tenant_of)(connection) else {
            return Ok(());
        };
        let api_key = response.api_key();
        let bytes = match api_key {
            ApiKey::Produce => request.size,
            _ => response.size(),
        };
        if let Some(throttle) = self.record(&tenant, api_key, bytes as u64, Instant::now()) {
            response.throttle_client(throttle);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::Listener;
    use crate::identity::Authentication;
    use kafka_wire::RequestHeader;

    const SECOND: Duration = Duration::from_secs(1);

    #[tokio::test(start_paused = true)]
    async fn the_rate_is_kafkas_sampled_rate_and_the_throttle_kafkas() {
        let mut rate = SampledRate::default();
        let start = Instant::now();
        // 20,000 bytes at once, over a quota of 1,000 a second: measured over
        // at least 10 windows, 2,000 a second; (2000 - 1000) / 1000 * 10 s.
        rate.record(start, 20_000, SECOND, 11);
        assert_eq!(
            rate.throttle(start, 1_000, SECOND, 11),
            Some(Duration::from_secs(10))
        );
        // At the quota or under it, none.
        assert_eq!(rate.throttle(start, 2_000, SECOND, 11), None);
        // 5 s on, within the same span: the same.
        tokio::time::advance(5 * SECOND).await;
        let now = Instant::now();
        assert_eq!(
            rate.throttle(now, 1_000, SECOND, 11),
            Some(Duration::from_secs(10))
        );
        // 15 s on, the sample is older than the 11 windows: expired.
        tokio::time::advance(10 * SECOND).await;
        let now = Instant::now();
        assert_eq!(
            rate.throttle(now, 1_000, SECOND, 11),
            None,
            "expired at 11 s"
        );
        rate.record(now, 0, SECOND, 11);
        assert_eq!(rate.samples.len(), 1);
        // Bytes spread over windows: each window its own sample, the
        // oldest dropped after 11.
        let mut rate = SampledRate::default();
        for _ in 0..15 {
            rate.record(Instant::now(), 1_000, SECOND, 11);
            tokio::time::advance(SECOND).await;
        }
        assert_eq!(rate.samples.len(), 11);
        // The oldest expired: 10,000 bytes over 10 s, exactly the quota.
        assert_eq!(rate.throttle(Instant::now(), 1_000, SECOND, 11), None);
        // A burst on top: (15000/10 - 1000) / 1000 * 10 s = 5 s.
        rate.record(Instant::now(), 5_000, SECOND, 11);
        assert_eq!(
            rate.throttle(Instant::now(), 1_000, SECOND, 11),
            Some(Duration::from_secs(5))
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_throttle_is_capped_at_all_the_samples_span() {
        let mut rate = SampledRate::default();
        rate.record(Instant::now(), u64::MAX, SECOND, 11);
        assert_eq!(
            rate.throttle(Instant::now(), 1, SECOND, 11),
            Some(11 * SECOND)
        );
    }

    fn connection(principal: &str) -> ClientConnection {
        ClientConnection {
            id: 1,
            client: "127.0.0.1:5000".parse().unwrap(),
            listener: Listener::Bootstrap,
            upstream: "127.0.0.1:9092".parse().unwrap(),
            tls: false,
            principal: Some(crate::identity::Principal {
                name: principal.into(),
                source: crate::identity::PrincipalSource::Certificate,
            }),
            authentication: Authentication::None,
        }
    }

    fn produce_exchange(version: i16, size: usize) -> (RequestInfo, ResponseSize) {
        let info = RequestInfo {
            header: RequestHeader::new(ApiKey::Produce.key(), version, 7, None),
            received: std::time::Instant::now(),
            size,
        };
        (info, ResponseSize::new(ApiKey::Produce, version, 40))
    }

    #[tokio::test(start_paused = true)]
    async fn a_tenant_over_its_quota_is_throttled_by_its_rate_on_every_connection() {
        let shared = Quotas::new(|c| c.principal.as_ref().map(|p| p.name.clone()))
            .tenant(
                "alice",
                ByteRates {
                    produce: Some(1_000),
                    fetch: None,
                },
            )
            .window(Duration::from_millis(100), 4);
        let mut one = shared.clone();
        let mut two = shared.clone();
        assert!(one.counts_response(ApiKey::Produce, 9));
        assert!(!one.counts_response(ApiKey::Fetch, 12));
        assert!(!one.wants_response(ApiKey::Produce, 9), "counted, not read");

        // Measured over at least 3 windows of 100 ms. 50 bytes: 167 a
        // second, under the quota. A produce counts its request's size.
        let (info, mut response) = produce_exchange(9, 50);
        one.on_response_size(&connection("alice"), &info, &mut response)
            .unwrap();
        assert_eq!(response.throttle(), None);

        // 350 more on another connection of the tenant: 400 bytes over
        // 300 ms, 1,333 a second, (1333 - 1000) / 1000 * 300 ms = 100 ms.
        let (info, mut response) = produce_exchange(9, 350);
        two.on_response_size(&connection("alice"), &info, &mut response)
            .unwrap();
        assert_eq!(response.throttle(), Some(Duration::from_millis(100)));

        // 150 ms on, in a second sample, 600 bytes over 300 ms: 2,000 a
        // second, 300 ms.
        tokio::time::advance(Duration::from_millis(150)).await;
        let (info, mut response) = produce_exchange(5, 200);
        one.on_response_size(&connection("alice"), &info, &mut response)
            .unwrap();
        assert_eq!(response.throttle(), Some(Duration::from_millis(300)));
        // Far over: capped at the 4 samples' 400 ms.
        let (info, mut response) = produce_exchange(5, 100_000);
        one.on_response_size(&connection("alice"), &info, &mut response)
            .unwrap();
        assert_eq!(response.throttle(), Some(Duration::from_millis(400)));

        // Another tenant, and a connection without one, are not limited.
        let (info, mut response) = produce_exchange(9, 1 << 20);
        one.on_response_size(&connection("bob"), &info, &mut response)
            .unwrap();
        assert_eq!(response.throttle(), None);
        let mut anonymous = connection("x");
        anonymous.principal = None;
        one.on_response_size(&anonymous, &info, &mut response)
            .unwrap();
        assert_eq!(response.throttle(), None);
    }
}
