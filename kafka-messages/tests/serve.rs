//! Serving: any request frame read header first, each UNSUPPORTED_VERSION
//! path answered (or refused) the way Kafka 4.4 does, responses framed in
//! the header version their API uses.

use bytes::{Bytes, BytesMut};
use kafka_messages::{
    serve, ApiKey, ApiVersionsRequest, ApiVersionsResponse, CreatableTopic, CreateTopicsRequest,
    MetadataResponse, RequestKind, ResponseKind,
};
use kafka_wire::frame::{self, RequestFrameError};
use kafka_wire::{ErrorCode, RequestHeader, ResponseHeader, VersionRange};

fn contents<M: kafka_wire::Message>(
    key: i16,
    version: i16,
    correlation_id: i32,
    body: &M,
) -> Bytes {
    let mut wire = BytesMut::new();
    let header = RequestHeader::new(key, version, correlation_id, Some("serve-test".into()));
    frame::encode_request_contents(&mut wire, &header, body).unwrap();
    wire.freeze()
}

/// A v1 header for `key` at `version`, then `rest` (for versions no
/// message of this crate can write).
fn raw(key: i16, version: i16, correlation_id: i32, rest: &[u8]) -> Bytes {
    let mut v = Vec::new();
    v.extend_from_slice(&key.to_be_bytes());
    v.extend_from_slice(&version.to_be_bytes());
    v.extend_from_slice(&correlation_id.to_be_bytes());
    v.extend_from_slice(&[0xff, 0xff]); // null client id
    v.extend_from_slice(rest);
    v.into()
}

#[test]
fn every_api_versions_version_decodes_header_first() {
    for version in 0..=5 {
        let request = ApiVersionsRequest {
            client_software_name: if version >= 3 { "t".into() } else { "".into() },
            client_software_version: if version >= 3 { "1".into() } else { "".into() },
            ..Default::default()
        };
        let (header, kind) =
            RequestKind::decode_frame(contents(18, version, 100 + i32::from(version), &request))
                .unwrap();
        assert_eq!(header.correlation_id, 100 + i32::from(version));
        assert_eq!(kind.api_key(), ApiKey::ApiVersions);
        assert_eq!(kind, RequestKind::ApiVersions(request));
    }
}

#[test]
fn api_versions_too_high_is_answered_with_a_v0_error_35_body() {
    // Java's AdminClient 4.4 opens with v5; a real 4.4 broker was asked v127.
    for (version, served_max) in [(127, 5), (5, 4), (5, 3), (4, 0)] {
        // Header v2 (ApiVersions is flexible from 3 on, an open range), with a
        // tagged section and a body this server cannot read: never touched.
        let frame = raw(18, version, 4242, &[0, 0xde, 0xad]);
        let err =
            RequestKind::decode_frame_within(frame, |_| Some(VersionRange::new(0, served_max)))
                .unwrap_err();
        let (header, supported) = match err {
            RequestFrameError::UnsupportedVersion { header, supported } => (header, supported),
            other => panic!("v{version}: {other:?}"),
        };
        assert_eq!(
            (header.api_key, header.api_version, header.correlation_id),
            (18, version, 4242)
        );
        assert_eq!(supported, VersionRange::new(0, served_max));

        let mut out = BytesMut::new();
        let n = serve::encode_api_versions_unsupported(&mut out, header.correlation_id, supported)
            .unwrap();
        // What Kafka 4.4 writes: size 16, header v0 (correlation id only),
        // error 35, one entry [18: 0-max], no throttle time (v0).
        let mut expected = vec![
            0, 0, 0, 16, 0, 0, 0x10, 0x92, 0, 35, 0, 0, 0, 1, 0, 18, 0, 0, 0,
        ];
        expected.push(served_max as u8);
        assert_eq!(&out[..], &expected[..], "v{version}");
        assert_eq!(n, 20);
        // And this crate's own client reads it back as such.
        let (h, r) =
            frame::decode_response::<ApiVersionsResponse>(out.split_off(4).freeze(), 0).unwrap();
        assert_eq!(h.correlation_id, 4242);
        assert_eq!(
            ErrorCode::from_code(r.error_code),
            ErrorCode::UnsupportedVersion
        );
        assert_eq!(r.versions_of(18), Some(VersionRange::new(0, served_max)));
    }
}

#[test]
fn another_api_too_high_is_an_error_carrying_the_header() {
    // CreateTopics v8 does not exist in Kafka 4.4 (2-7): Kafka closes the
    // connection; the error still says whom and what.
    let err = RequestKind::decode_frame(raw(19, 8, 9, &[0])).unwrap_err();
    match &err {
        RequestFrameError::UnsupportedVersion { header, supported } => {
            assert_eq!((header.api_key, header.api_version), (19, 8));
            assert_eq!(*supported, ApiKey::CreateTopics.valid_versions());
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(err.correlation_id(), Some(9));
    // Below the range too (CreateTopics v1 went in Kafka 4.0).
    let err = RequestKind::decode_frame(raw(19, 1, 10, &[])).unwrap_err();
    assert!(
        matches!(err, RequestFrameError::UnsupportedVersion { .. }),
        "{err:?}"
    );
    // And above what a server advertises, though the crate has it.
    let request = CreateTopicsRequest::default();
    let err = RequestKind::decode_frame_within(contents(19, 7, 11, &request), |k| {
        (k == ApiKey::CreateTopics).then_some(VersionRange::new(2, 4))
    })
    .unwrap_err();
    assert!(
        matches!(&err, RequestFrameError::UnsupportedVersion { header, supported }
            if header.correlation_id == 11 && *supported == VersionRange::new(2, 4)),
        "{err:?}"
    );
}

#[test]
fn an_unknown_or_unserved_key_is_an_error_carrying_the_header() {
    for key in [4i16, 95, -1, i16::MAX] {
        let err = RequestKind::decode_frame(raw(key, 0, 12, &[1, 2, 3])).unwrap_err();
        assert!(
            matches!(&err, RequestFrameError::UnknownApiKey { header } if header.api_key == key),
            "{key}: {err:?}"
        );
        assert_eq!(err.correlation_id(), Some(12));
    }
    let err = RequestKind::decode_frame_within(raw(3, 12, 13, &[]), |k| {
        (k != ApiKey::Metadata).then_some(k.valid_versions())
    })
    .unwrap_err();
    assert!(
        matches!(err, RequestFrameError::UnknownApiKey { .. }),
        "{err:?}"
    );
}

#[test]
fn a_bad_body_is_an_error_carrying_the_header_and_path() {
    let request = CreateTopicsRequest {
        topics: vec![CreatableTopic {
            name: "orders".into(),
            num_partitions: 1,
            replication_factor: 1,
            ..Default::default()
        }],
        ..Default::default()
    };
    let whole = contents(19, 7, 14, &request);
    let err = RequestKind::decode_frame(whole.slice(..whole.len() - 3)).unwrap_err();
    match &err {
        RequestFrameError::Body { header, error } => {
            assert_eq!(header.correlation_id, 14);
            assert!(
                error.path().starts_with("CreateTopicsRequest"),
                "{}",
                error.path()
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn bytes_after_the_body_are_ignored_as_kafka_does() {
    // librdkafka 2.16's Metadata v13 request, as it reached kafka-fake:
    // header v2, a v13 body (all topics), then 01 00 00, which Kafka 4.4
    // ignores (it answers the request).
    let frame = Bytes::from_static(&[
        0, 3, 0, 13, 0, 0, 0, 3, 0, 7, b'c', b'f', b'-', b't', b'e', b's', b't', 0, // header
        0, 0, 0, 0, // topics null, no auto-creation, no authorized operations, no tags
        1, 0, 0,
    ]);
    let (header, request) = RequestKind::decode_frame(frame).unwrap();
    assert_eq!(header.client_id.as_deref(), Some("cf-test"));
    match request {
        RequestKind::Metadata(m) => assert_eq!(m.topics, None),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_cut_header_has_no_correlation_id() {
    let err = RequestKind::decode_frame(Bytes::from_static(&[0, 18, 0])).unwrap_err();
    assert!(matches!(err, RequestFrameError::Header(_)), "{err:?}");
    assert_eq!(err.correlation_id(), None);
}

#[test]
fn responses_are_framed_in_their_apis_header_version() {
    // ApiVersions v3+: flexible body, but header v0.
    let r = ResponseKind::ApiVersions(ApiVersionsResponse::default());
    let mut out = BytesMut::new();
    let n = r.encode_frame(&mut out, 5, 3).unwrap();
    assert_eq!(n, out.len());
    let (h, back) =
        frame::decode_response::<ApiVersionsResponse>(out.split_off(4).freeze(), 3).unwrap();
    assert_eq!(
        (h, ResponseKind::ApiVersions(back)),
        (ResponseHeader::new(5), r)
    );
    // Metadata v12: header v1 (a tagged section after the correlation id).
    let r = ResponseKind::Metadata(MetadataResponse::default());
    out.clear();
    let n = r.encode_frame(&mut out, 6, 12).unwrap();
    assert_eq!(&out[4..9], &[0, 0, 0, 6, 0]);
    assert_eq!(
        i32::from_be_bytes([out[0], out[1], out[2], out[3]]) as usize,
        n - 4
    );
    let (_, back) =
        frame::decode_response::<MetadataResponse>(out.split_off(4).freeze(), 12).unwrap();
    assert_eq!(ResponseKind::Metadata(back), r);
    // A version the body lacks: an error, and nothing left in the buffer.
    out.clear();
    out.extend_from_slice(b"kept");
    assert!(r.encode_frame(&mut out, 7, 99).is_err());
    assert_eq!(&out[..], b"kept");
}
