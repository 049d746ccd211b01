//! For servers: read any request frame header first, answer in the header
//! version its API uses, and refuse a version by Kafka's rules.
//!
//! ```
//! use bytes::BytesMut;
//! use kafka_messages::{serve, ApiKey, RequestKind};
//! use kafka_wire::frame::{self, RequestFrameError};
//! use kafka_wire::{RequestHeader, VersionRange};
//!
//! // What Java's AdminClient 4.4 sends first: ApiVersions v5. This server speaks 0-3.
//! let request = kafka_messages::ApiVersionsRequest::default();
//! let mut wire = BytesMut::new();
//! frame::encode_request_contents(&mut wire, &RequestHeader::new(18, 5, 1, Some("java".into())), &request)?;
//! let contents = wire.freeze();
//!
//! let mut out = BytesMut::new();
//! let served = |key: ApiKey| Some(key.valid_versions().intersect(VersionRange::new(0, 3)));
//! match RequestKind::decode_frame_within(contents, served) {
//!     Ok((header, request)) => { /* route by request.api_key() */ }
//!     Err(RequestFrameError::UnsupportedVersion { header, supported }) if header.api_key == 18 => {
//!         // Kafka's answer: a v0 body, UNSUPPORTED_VERSION, our range for key 18.
//!         serve::encode_api_versions_unsupported(&mut out, header.correlation_id, supported)?;
//!     }
//!     Err(e) => { /* Kafka closes the connection; log e, with e.correlation_id() */ }
//! }
//! assert_eq!(&out[..], &[0, 0, 0, 16, 0, 0, 0, 1, 0, 35, 0, 0, 0, 1, 0, 18, 0, 0, 0, 3]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use bytes::{BufMut, Bytes, BytesMut};
use kafka_wire::frame::{self, RequestFrameError, SplitRequest};
use kafka_wire::{
    EncodeError, EncodeErrorKind, ErrorCode, RequestHeader, ResponseHeader, VersionRange, Versioned,
};

use crate::{ApiKey, ApiVersion, ApiVersionsResponse, RequestKind, ResponseKind};

impl RequestKind {
    /// Reads a request frame's contents (after the size) header first, then
    /// its body, for any API this build has, at any version of Kafka's
    /// release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE).
    /// Every error after the header's v1 part carries the header (see
    /// [`RequestFrameError`] for what Kafka does in each case).
    ///
    /// As Kafka's broker does, bytes after the body are ignored: a 4.4 broker
    /// answers such requests, and librdkafka 2.16 sends three after its
    /// Metadata v13 body. (To refuse them, split the frame with
    /// [`frame::decode_request_header`] and decode the body exactly.)
    // Inline, as every dispatch over the APIs: compiled where it is called.
    #[inline]
    pub fn decode_frame(frame: Bytes) -> Result<(RequestHeader, RequestKind), RequestFrameError> {
        RequestKind::decode_frame_within(frame, |key| Some(key.valid_versions()))
    }

    /// [`decode_frame`](RequestKind::decode_frame) for a server that serves
    /// other APIs or versions than [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)'s:
    /// `served` gives the versions it serves of an API (intersected with
    /// [`ApiKey::all_versions`], so that a server may serve the older release's,
    /// `|key| Some(key.versions_in(Release::Older))`), or `None` for an API it
    /// does not serve ([`RequestFrameError::UnknownApiKey`], as for an empty
    /// range: a Kafka 4 broker does not know ZooKeeper's APIs).
    #[inline]
    pub fn decode_frame_within(
        frame: Bytes,
        served: impl FnOnce(ApiKey) -> Option<VersionRange>,
    ) -> Result<(RequestHeader, RequestKind), RequestFrameError> {
        let peeked = frame::peek_request_header(&frame).map_err(RequestFrameError::Header)?;
        let key = ApiKey::from_i16(peeked.api_key).filter(|k| k.is_compiled());
        let Some((key, supported)) = key.and_then(|k| {
            Some((
                k,
                served(k)
                    .filter(|s| !s.is_empty())?
                    .intersect(k.all_versions()),
            ))
        }) else {
            return Err(RequestFrameError::UnknownApiKey { header: peeked });
        };
        let version = peeked.api_version;
        if !supported.contains(version) {
            return Err(RequestFrameError::UnsupportedVersion {
                header: peeked,
                supported,
            });
        }
        let SplitRequest { header, mut body } =
            match frame::decode_request_header(frame, key.request_header_version(version)) {
                Ok(split) => split,
                Err(error) => {
                    return Err(RequestFrameError::Body {
                        header: peeked,
                        error,
                    })
                }
            };
        match RequestKind::decode(key.key(), version, &mut body) {
            Ok(request) => Ok((header, request)),
            Err(error) => Err(RequestFrameError::Body { header, error }),
        }
    }
}

impl ResponseKind {
    /// Appends a whole response frame to `buf`: size, the response header the
    /// API uses at `version` (v0 for ApiVersions, v1 in flexible versions),
    /// then the body at `version`, the version of the request it answers.
    /// Returns the bytes written; on error `buf` is left as it was.
    #[inline]
    pub fn encode_frame(
        &self,
        buf: &mut BytesMut,
        correlation_id: i32,
        version: i16,
    ) -> Result<usize, EncodeError> {
        self.frame_into(buf, correlation_id, version, true)
    }

    /// [`encode_frame`](ResponseKind::encode_frame) without the size: the
    /// frame's contents, header then body, as
    /// [`FrameCodec`](kafka_wire::frame) takes them.
    #[inline]
    pub fn encode_frame_contents(
        &self,
        buf: &mut BytesMut,
        correlation_id: i32,
        version: i16,
    ) -> Result<usize, EncodeError> {
        self.frame_into(buf, correlation_id, version, false)
    }

    #[inline]
    fn frame_into(
        &self,
        buf: &mut BytesMut,
        correlation_id: i32,
        version: i16,
        sized: bool,
    ) -> Result<usize, EncodeError> {
        let start = buf.len();
        let written = self.write_frame(buf, correlation_id, version, sized);
        if written.is_err() {
            buf.truncate(start);
        }
        written
    }

    #[inline]
    fn write_frame(
        &self,
        buf: &mut BytesMut,
        correlation_id: i32,
        version: i16,
        sized: bool,
    ) -> Result<usize, EncodeError> {
        let header = ResponseHeader::new(correlation_id);
        let header_version = self.api_key().response_header_version(version);
        let size = header.encoded_len(header_version) + self.encoded_len(version);
        let prefix = i32::try_from(size).map_err(|_| {
            EncodeError::from(EncodeErrorKind::TooLong {
                length: size,
                max: i32::MAX as usize,
            })
        })?;
        let prefix_len = if sized { 4 } else { 0 };
        buf.reserve(prefix_len + size);
        if sized {
            buf.put_i32(prefix);
        }
        header.encode(buf, header_version)?;
        self.encode(buf, version)?;
        Ok(prefix_len + size)
    }
}

impl ApiVersionsResponse {
    /// Kafka's answer to an ApiVersions request at a version it does not
    /// support: UNSUPPORTED_VERSION (35) and only the server's own range for
    /// ApiVersions (key 18), to be written at **version 0** under a v0
    /// response header (the client cannot be assumed to read anything newer);
    /// the client then retries at a version in that range.
    /// [`encode_api_versions_unsupported`] writes the whole frame.
    pub fn unsupported_version(supported: VersionRange) -> Self {
        ApiVersionsResponse {
            error_code: ErrorCode::UnsupportedVersion.code(),
            api_keys: vec![ApiVersion {
                api_key: ApiKey::ApiVersions.key(),
                min_version: supported.lowest().unwrap_or(0),
                max_version: supported.highest().unwrap_or(0),
                ..Default::default()
            }],
            ..Default::default()
        }
    }
}

/// Writes the whole frame of Kafka's answer to an ApiVersions request at an
/// unsupported version (see [`ApiVersionsResponse::unsupported_version`]):
/// size, response header v0 with `correlation_id`, the v0 body. `supported`
/// is the server's own ApiVersions range. Returns the bytes written (20).
pub fn encode_api_versions_unsupported<B: BufMut>(
    buf: &mut B,
    correlation_id: i32,
    supported: VersionRange,
) -> Result<usize, EncodeError> {
    frame::encode_response(
        buf,
        &ResponseHeader::new(correlation_id),
        0,
        &ApiVersionsResponse::unsupported_version(supported),
    )
}

/// [`encode_api_versions_unsupported`] without the size: the frame's
/// contents (16 bytes), as [`FrameCodec`](kafka_wire::frame) takes them.
pub fn encode_api_versions_unsupported_contents<B: BufMut>(
    buf: &mut B,
    correlation_id: i32,
    supported: VersionRange,
) -> Result<usize, EncodeError> {
    frame::encode_response_contents(
        buf,
        &ResponseHeader::new(correlation_id),
        0,
        &ApiVersionsResponse::unsupported_version(supported),
    )
}
