//! What the proxy itself reads and changes: ApiVersions, and the responses
//! that name brokers.

use std::sync::Arc;

use bytes::{Bytes, BytesMut};
use kafka_messages::{ApiKey, ResponseKind, ResponseView};
use kafka_wire::{ResponseHeader, Str, UnknownTaggedFields, VersionRange, Versioned};

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

/// The tags of the unknown tagged field that keeps a renamed tail as long
/// as the broker's: the largest tags a two-byte and a three-byte varint
/// hold (between them they fill every difference of 3 bytes or more), far
/// above the tags Kafka's schemas number from 0; a client skips them as
/// any tag it does not know.
pub(crate) const FILLERS: [u32; 2] = [0x3fff, 0x1f_ffff];

/// A response's tail (its body's own tagged fields, see
/// [`names_brokers_in_tail`]; the body before it was passed on as it
/// arrived) with the brokers it names renamed as [`broker_addresses`]
/// renames them, in exactly as many bytes: a tail shorter by 3 bytes or
/// more is filled with an unknown tagged field ([`FILLERS`]); where the
/// proxy's names do not fit so, the endpoints are left out (the client
/// then asks Metadata for the new leader, as before KIP-951) and the rest
/// filled.
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
/// ([`FILLERS`]) making up the difference (a filler already there, from a
/// proxy in front of this one, is replaced): `None` where it is longer, or
/// where no filler fills the difference exactly.
fn filled(body: &mut ResponseKind, version: i16, len: usize) -> Result<Option<Bytes>, FrameError> {
    for tag in FILLERS {
        unknown_of(body).remove(tag);
    }
    let Some(short) = len.checked_sub(body.encoded_len(version)) else {
        return Ok(None);
    };
    if short > 0 && !fill(body, version, len, short) {
        return Ok(None);
    }
    let mut out = BytesMut::with_capacity(len);
    body.encode(&mut out, version)?;
    Ok((out.len() == len).then(|| out.freeze()))
}

/// Adds the filler that makes `body`, `short` bytes short of `len`, that
/// long: whether one does. A filler is the last tag, so it must be above
/// the broker's own.
fn fill(body: &mut ResponseKind, version: i16, len: usize, short: usize) -> bool {
    for tag in FILLERS {
        if unknown_of(body).iter().any(|(t, _)| t >= tag) {
            continue;
        }
        // Its tag, its size (1 to 5 bytes) and maybe a wider tag count.
        for header in 3..=9 {
            let Some(n) = short.checked_sub(header) else {
                break;
            };
            unknown_of(body).insert(tag, Bytes::from(vec![0; n]));
            if body.encoded_len(version) == len {
                return true;
            }
        }
        unknown_of(body).remove(tag);
    }
    false
}

/// The unknown tagged fields of a body [`names_brokers_in_tail`] names.
fn unknown_of(body: &mut ResponseKind) -> &mut UnknownTaggedFields {
    match body {
        ResponseKind::Produce(m) => &mut m.unknown_tagged_fields,
        ResponseKind::Fetch(m) => &mut m.unknown_tagged_fields,
        _ => unreachable!("called where names_brokers_in_tail says so"),
    }
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

#[cfg(test)]
mod tests {
    use kafka_messages::fetch::NodeEndpoint;
    use kafka_messages::FetchResponse;

    use super::*;

    /// A Fetch v17 body naming node 1 at `host`, with unknown tags.
    fn fetch(host: &str, unknown: &[(u32, usize)]) -> ResponseKind {
        let mut m = FetchResponse {
            node_endpoints: vec![NodeEndpoint {
                node_id: 1,
                host: host.into(),
                port: 9092,
                rack: Some("rack-a".into()),
                ..Default::default()
            }],
            ..Default::default()
        };
        for &(tag, len) in unknown {
            m.unknown_tagged_fields
                .insert(tag, Bytes::from(vec![0; len]));
        }
        ResponseKind::Fetch(m)
    }

    #[test]
    fn every_difference_of_3_bytes_or_more_is_filled_and_1_or_2_are_not() {
        let body = fetch("127.0.0.1", &[]);
        let own = body.encoded_len(17);
        for short in 0..20_000 {
            let mut b = body.clone();
            let out = filled(&mut b, 17, own + short).unwrap();
            match short {
                1 | 2 => assert!(out.is_none(), "{short}"),
                _ => assert_eq!(out.map(|o| o.len()), Some(own + short), "{short}"),
            }
        }
        assert!(filled(&mut body.clone(), 17, own - 1).unwrap().is_none());
    }

    #[test]
    fn a_filler_from_a_proxy_in_front_is_replaced_and_the_broker_s_tags_kept() {
        let mut body = fetch("127.0.0.1", &[(FILLERS[0], 20)]);
        let own = body.encoded_len(17);
        let out = filled(&mut body, 17, own)
            .unwrap()
            .expect("the same length");
        assert_eq!(out.len(), own);
        let mut body = fetch("127.0.0.1", &[(7, 2), (FILLERS[0], 20)]);
        let own = body.encoded_len(17);
        let out = filled(&mut body, 17, own + 30)
            .unwrap()
            .expect("30 bytes more");
        let read = ResponseKind::decode(1, 17, &mut out.clone()).unwrap();
        let ResponseKind::Fetch(read) = read else {
            unreachable!()
        };
        assert_eq!(read.unknown_tagged_fields.get(7).map(|b| b.len()), Some(2));
        // Above a broker's tag of the two-byte filler's, the three-byte one.
        let mut body = fetch("127.0.0.1", &[(FILLERS[0] + 1, 1)]);
        let own = body.encoded_len(17);
        assert!(filled(&mut body, 17, own + 10).unwrap().is_some());
    }

    #[test]
    fn endpoints_left_out_are_filled_at_a_size_varint_s_boundary() {
        // 131 bytes of endpoints: the two-byte filler cannot make them up
        // (2 + 1 + 128 is 131 with a one-byte size, but 128 needs two).
        let host = "h".repeat(110);
        let broker = fetch(&host, &[]);
        let len = broker.encoded_len(17);
        let mut dropped = fetch(&host, &[]);
        if let ResponseKind::Fetch(m) = &mut dropped {
            m.node_endpoints.clear();
        }
        assert_eq!(len - dropped.encoded_len(17), 131);
        assert!(filled(&mut dropped, 17, len).unwrap().is_some());
    }
}
