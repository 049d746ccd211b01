//! What the proxy itself reads and changes: ApiVersions, and the responses
//! that name brokers.

use std::sync::Arc;

use bytes::{Bytes, BytesMut};
use kafka_messages::{ApiKey, ResponseKind, ResponseView};
use kafka_wire::{ResponseHeader, Str, VersionRange, Versioned};

use crate::error::ConnectionError;
use crate::frame::{FrameError, ResponseFrame};
use crate::proxy::Shared;

/// Whether a response of `api_key` at `version` can name brokers: those
/// the proxy rewrites to name its listeners.
pub(crate) fn names_brokers(api_key: ApiKey, version: i16) -> bool {
    match api_key {
        ApiKey::Metadata | ApiKey::FindCoordinator | ApiKey::DescribeCluster => true,
        ApiKey::ShareFetch | ApiKey::ShareAcknowledge => true,
        // KIP-951: the current leaders' endpoints, with NOT_LEADER_OR_FOLLOWER.
        ApiKey::Produce => version >= 10,
        ApiKey::Fetch => version >= 16,
        _ => false,
    }
}

/// Whether a response of `api_key` at `version` names brokers only in its
/// body's own tagged fields (KIP-951's leader endpoints), the last thing in
/// it: such a response is passed on as it arrives but for those, renamed
/// in place ([`tail`]).
pub(crate) fn names_brokers_in_tail(api_key: ApiKey, version: i16) -> bool {
    matches!(api_key, ApiKey::Produce | ApiKey::Fetch) && names_brokers(api_key, version)
}

/// The tag of the unknown tagged field that keeps a renamed tail as long
/// as the broker's: the largest a two-byte varint holds, far above the
/// tags Kafka's schemas number from 0, which a client skips as any tag it
/// does not know.
pub(crate) const PADDING_TAG: u32 = 0x3fff;

/// A response's tail (its body's own tagged fields, see
/// [`names_brokers_in_tail`]; the body before it was passed on as it
/// arrived) with the brokers it names renamed as [`broker_addresses`]
/// renames them, in exactly as many bytes: a shorter tail is filled with
/// an unknown tagged field ([`PADDING_TAG`]); where the proxy's names do
/// not fit, the endpoints are left out (the client then asks Metadata for
/// the new leader, as before KIP-951) and the rest filled.
pub(crate) fn tail(
    api_key: ApiKey,
    version: i16,
    tail: Bytes,
    shared: &Arc<Shared>,
) -> Result<Bytes, ConnectionError> {
    let failed = |source: FrameError| ConnectionError::Response {
        api_key,
        version,
        source,
    };
    // The tail after an empty body's other fields reads as a whole
    // response whose only values are the tail's.
    let empty = empty_body(api_key, version).map_err(failed)?;
    let before = empty.len() - 1; // the empty body's tag count, 0
    let mut header = BytesMut::new();
    ResponseHeader::new(0)
        .encode(&mut header, api_key.response_header_version(version))
        .map_err(|e| failed(e.into()))?;
    let at = header.len();
    let mut frame = header;
    frame.extend_from_slice(&empty[..before]);
    frame.extend_from_slice(&tail);
    let mut response = ResponseFrame::new(api_key, version, 0, frame.freeze(), at);
    broker_addresses(&mut response, shared)?;
    if !response.is_changed() {
        return Ok(tail);
    }
    let renamed = response.decode().map_err(failed)?.clone();
    let mut dropped = renamed.clone();
    match &mut dropped {
        ResponseKind::Produce(m) => m.node_endpoints.clear(),
        ResponseKind::Fetch(m) => m.node_endpoints.clear(),
        _ => unreachable!("called where names_brokers_in_tail says so"),
    }
    for mut body in [renamed, dropped] {
        if let Some(bytes) = filled(&mut body, version, before + tail.len()).map_err(failed)? {
            return Ok(bytes.slice(before..));
        }
    }
    Err(ConnectionError::TailUnfilled {
        api_key,
        version,
        len: tail.len(),
    })
}

/// An empty body of `api_key` at `version`, written.
fn empty_body(api_key: ApiKey, version: i16) -> Result<Bytes, FrameError> {
    let body = match api_key {
        ApiKey::Produce => ResponseKind::Produce(Default::default()),
        ApiKey::Fetch => ResponseKind::Fetch(Default::default()),
        _ => unreachable!("called where names_brokers_in_tail says so"),
    };
    let mut out = BytesMut::new();
    body.encode(&mut out, version)?;
    Ok(out.freeze())
}

/// `body` written in exactly `len` bytes, an unknown tagged field
/// ([`PADDING_TAG`]) making up the difference: `None` where it is longer,
/// or where no such field fills the difference exactly.
fn filled(body: &mut ResponseKind, version: i16, len: usize) -> Result<Option<Bytes>, FrameError> {
    let unknown = match body {
        ResponseKind::Produce(m) => &mut m.unknown_tagged_fields,
        ResponseKind::Fetch(m) => &mut m.unknown_tagged_fields,
        _ => unreachable!("called where names_brokers_in_tail says so"),
    };
    if unknown.iter().any(|(tag, _)| tag >= PADDING_TAG) {
        return Ok(None);
    }
    let Some(short) = len.checked_sub(body.encoded_len(version)) else {
        return Ok(None);
    };
    // The field's tag takes 2 bytes and its size 1 to 5; the tag count
    // may take one more.
    for header in (short > 0).then_some(3..=8).into_iter().flatten() {
        let Some(fill) = short.checked_sub(header) else {
            break;
        };
        let unknown = match body {
            ResponseKind::Produce(m) => &mut m.unknown_tagged_fields,
            ResponseKind::Fetch(m) => &mut m.unknown_tagged_fields,
            _ => unreachable!("matched above"),
        };
        unknown.insert(PADDING_TAG, Bytes::from(vec![0; fill]));
        if body.encoded_len(version) == len {
            break;
        }
    }
    if body.encoded_len(version) != len {
        return Ok(None);
    }
    let mut out = BytesMut::with_capacity(len);
    body.encode(&mut out, version)?;
    Ok(Some(out.freeze()))
}

/// Whether the proxy reads some version of `api_key` itself, so that it
/// advertises only the versions this crate knows: ApiVersions, Produce
/// (whose `acks` says whether a response comes), the SASL exchange (which
/// names the client) and those whose responses name brokers.
pub(crate) fn read_by_proxy(api_key: ApiKey) -> bool {
    matches!(
        api_key,
        ApiKey::ApiVersions | ApiKey::Produce | ApiKey::SaslHandshake | ApiKey::SaslAuthenticate
    ) || api_key
        .all_versions()
        .highest()
        .is_some_and(|v| names_brokers(api_key, v))
}

/// An ApiVersions response, each API that `capped` says is read by the
/// proxy or a filter limited to the versions this crate reads (and left
/// out where that leaves none). Changed only where a range changes.
pub(crate) fn api_versions(
    response: &mut ResponseFrame,
    capped: impl Fn(ApiKey) -> bool,
) -> Result<(), FrameError> {
    let ResponseKind::ApiVersions(body) = response.decode()? else {
        unreachable!("called with ApiVersions responses only");
    };
    let narrowed = |api_key: i16, min: i16, max: i16| -> Option<Option<VersionRange>> {
        let key = ApiKey::from_i16(api_key).filter(|k| capped(*k))?;
        let ours = if key.is_compiled() {
            key.all_versions()
        } else {
            VersionRange::new(0, -1)
        };
        let theirs = VersionRange::new(min, max);
        let both = theirs.intersect(ours);
        (both != theirs).then_some((!both.is_empty()).then_some(both))
    };
    if !body
        .api_keys
        .iter()
        .any(|a| narrowed(a.api_key, a.min_version, a.max_version).is_some())
    {
        return Ok(());
    }
    let ResponseKind::ApiVersions(body) = response.decode_mut()? else {
        unreachable!("read above");
    };
    body.api_keys.retain_mut(
        |a| match narrowed(a.api_key, a.min_version, a.max_version) {
            None => true,
            Some(None) => false,
            Some(Some(range)) => {
                a.min_version = range.lowest().unwrap_or(a.min_version);
                a.max_version = range.highest().unwrap_or(a.max_version);
                true
            }
        },
    );
    Ok(())
}

/// A response that names brokers, each named by the proxy's listener for
/// it (opened the first time). Produce, Fetch and the share APIs name
/// brokers only along with errors: the view says whether they do before
/// anything is built.
pub(crate) fn broker_addresses(
    response: &mut ResponseFrame,
    shared: &Arc<Shared>,
) -> Result<(), ConnectionError> {
    let (api_key, version) = (response.api_key(), response.version());
    let failed = |source| ConnectionError::Response {
        api_key,
        version,
        source,
    };
    let named = match response.view().map_err(failed)? {
        ResponseView::Produce(v) => v.node_endpoints.len(),
        ResponseView::Fetch(v) => v.node_endpoints.len(),
        ResponseView::ShareFetch(v) => v.node_endpoints.len(),
        ResponseView::ShareAcknowledge(v) => v.node_endpoints.len(),
        _ => 1,
    };
    if named == 0 {
        return Ok(());
    }
    let endpoint = |node: i32, host: &mut Str, port: &mut i32| -> Result<(), ConnectionError> {
        // -1, "" and -1: no broker (a coordinator not available).
        let Ok(p) = u16::try_from(*port) else {
            return Ok(());
        };
        if node < 0 || host.is_empty() || p == 0 {
            return Ok(());
        }
        let listener = shared.node_port(node, host, p)?;
        *host = Str::from(shared.host_of(node));
        *port = i32::from(listener);
        Ok(())
    };
    match response.decode_mut().map_err(failed)? {
        ResponseKind::Metadata(m) => {
            for b in &mut m.brokers {
                endpoint(b.node_id, &mut b.host, &mut b.port)?;
            }
        }
        ResponseKind::FindCoordinator(m) => {
            endpoint(m.node_id, &mut m.host, &mut m.port)?;
            for c in &mut m.coordinators {
                endpoint(c.node_id, &mut c.host, &mut c.port)?;
            }
        }
        ResponseKind::DescribeCluster(m) => {
            for b in &mut m.brokers {
                endpoint(b.broker_id, &mut b.host, &mut b.port)?;
            }
        }
        ResponseKind::Produce(m) => {
            for e in &mut m.node_endpoints {
                endpoint(e.node_id, &mut e.host, &mut e.port)?;
            }
        }
        ResponseKind::Fetch(m) => {
            for e in &mut m.node_endpoints {
                endpoint(e.node_id, &mut e.host, &mut e.port)?;
            }
        }
        ResponseKind::ShareFetch(m) => {
            for e in &mut m.node_endpoints {
                endpoint(e.node_id, &mut e.host, &mut e.port)?;
            }
        }
        ResponseKind::ShareAcknowledge(m) => {
            for e in &mut m.node_endpoints {
                endpoint(e.node_id, &mut e.host, &mut e.port)?;
            }
        }
        _ => unreachable!("called where names_brokers says so"),
    }
    Ok(())
}
