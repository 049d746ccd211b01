//! Header-first reading of request frames, for servers and proxies.
//!
//! Kafka's rule: whatever the API and version, a request header starts with
//! its v1 part (API key, API version, correlation id, and the client id as a
//! classic int16 string); v2 only adds a tagged section. So a server can
//! always learn who asked what before it knows whether it speaks the API, and
//! answer (or refuse) by the correlation id.

use bytes::Bytes;

use crate::{DecodeError, Message, RequestHeader, VersionRange, Versioned};

/// A request frame split after its header: the header decoded, the body left
/// as the bytes that follow it, untouched (a proxy can forward them, a server
/// route on the header first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitRequest {
    /// The request header, at the header version the frame was split at.
    pub header: RequestHeader,
    /// The bytes after the header: the request body at `header.api_version`.
    pub body: Bytes,
}

impl SplitRequest {
    /// Reads the body as `M`, which must be the header's API at a version `M`
    /// has. The error carries the header.
    ///
    /// Bytes after the body are ignored, as Kafka's broker ignores them: a
    /// 4.4 broker answers such requests, and librdkafka 2.16 sends three
    /// after its Metadata v13 body. Use [`Versioned::decode_exact`] on
    /// [`body`](SplitRequest::body) to refuse them.
    pub fn decode_body<M: Message>(&self) -> Result<M, RequestFrameError> {
        let header = &self.header;
        if header.api_key != M::API_KEY {
            return Err(RequestFrameError::UnknownApiKey {
                header: header.clone(),
            });
        }
        if !M::VERSIONS.contains(header.api_version) {
            return Err(RequestFrameError::UnsupportedVersion {
                header: header.clone(),
                supported: M::VERSIONS,
            });
        }
        M::decode(&mut self.body.clone(), header.api_version).map_err(|error| {
            RequestFrameError::Body {
                header: header.clone(),
                error,
            }
        })
    }
}

/// Why a request frame could not be read. Every case after the header's v1
/// part carries the header, so a server knows the correlation id to answer
/// and the client to blame.
///
/// What Kafka itself does in each case: for [`UnsupportedVersion`] of
/// ApiVersions (key 18) it answers with an ApiVersions v0 body holding
/// UNSUPPORTED_VERSION (35) and its own range for key 18, under a v0 response
/// header, and the client retries lower; in every other case it closes the
/// connection without an answer.
///
/// [`UnsupportedVersion`]: RequestFrameError::UnsupportedVersion
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RequestFrameError {
    /// Not even the header's v1 part could be read: there is no correlation
    /// id to answer.
    #[error("request header: {0}")]
    Header(DecodeError),
    /// An API key the reader does not serve (unknown to it, or not compiled in).
    #[error(
        "API key {} is not served (correlation id {}, client {:?})",
        header.api_key,
        header.correlation_id,
        header.client_id.as_deref().unwrap_or("-")
    )]
    UnknownApiKey {
        /// The header's v1 part.
        header: RequestHeader,
    },
    /// The API is served, but not at the header's version.
    #[error(
        "API key {} version {} is not supported (supported: {supported}; correlation id {}, client {:?})",
        header.api_key,
        header.api_version,
        header.correlation_id,
        header.client_id.as_deref().unwrap_or("-")
    )]
    UnsupportedVersion {
        /// The header's v1 part.
        header: RequestHeader,
        /// The versions the reader serves for the API.
        supported: VersionRange,
    },
    /// The header's tagged section (v2) or the body could not be decoded.
    #[error(
        "API key {} version {} (correlation id {}): {error}",
        header.api_key,
        header.api_version,
        header.correlation_id
    )]
    Body {
        /// The header (its v1 part when the tagged section failed).
        header: RequestHeader,
        /// What failed, with the field path.
        error: DecodeError,
    },
}

impl RequestFrameError {
    /// The request's header, unless not even its v1 part could be read.
    pub fn header(&self) -> Option<&RequestHeader> {
        match self {
            RequestFrameError::Header(_) => None,
            RequestFrameError::UnknownApiKey { header }
            | RequestFrameError::UnsupportedVersion { header, .. }
            | RequestFrameError::Body { header, .. } => Some(header),
        }
    }

    /// The correlation id to answer with, when the header could be read.
    pub fn correlation_id(&self) -> Option<i32> {
        self.header().map(|h| h.correlation_id)
    }
}

/// Reads the part every request header version starts with (v1: API key,
/// API version, correlation id, client id; v0, which only ControlledShutdown
/// v0 uses, has no client id) from a frame's contents (after the size),
/// without consuming the frame. This works for any key and any version,
/// known or not.
///
/// ```
/// use bytes::Bytes;
/// use kafka_wire::frame;
///
/// // ApiVersions v127, correlation id 7, client "me", then bytes we cannot know.
/// let frame = Bytes::from_static(&[0, 18, 0, 127, 0, 0, 0, 7, 0, 2, b'm', b'e', 0xde, 0xad]);
/// let header = frame::peek_request_header(&frame)?;
/// assert_eq!((header.api_key, header.api_version, header.correlation_id), (18, 127, 7));
/// assert_eq!(header.client_id.as_deref(), Some("me"));
/// # Ok::<(), kafka_wire::DecodeError>(())
/// ```
pub fn peek_request_header(frame: &Bytes) -> Result<RequestHeader, DecodeError> {
    let (key, version) = match frame.get(..4) {
        Some(&[k0, k1, v0, v1]) => (i16::from_be_bytes([k0, k1]), i16::from_be_bytes([v0, v1])),
        _ => (0, 0), // too short: the decode below says where it ends
    };
    let header_version = crate::request_header_version(key, version, false).min(1);
    RequestHeader::decode(&mut frame.clone(), header_version)
}

/// Splits a request frame's contents (after the size) after its header, read
/// at `header_version` (1, or 2 where the API's version is flexible; see
/// [`request_header_version`](crate::request_header_version)). The body is
/// left untouched.
pub fn decode_request_header(
    mut frame: Bytes,
    header_version: i16,
) -> Result<SplitRequest, DecodeError> {
    let header = RequestHeader::decode(&mut frame, header_version)?;
    Ok(SplitRequest {
        header,
        body: frame,
    })
}

/// Reads a request frame's contents (after the size) header first, then a
/// body of type `M`: like [`decode_request`](super::decode_request), but
/// every error after the header's v1 part carries the header, so that the
/// caller can answer by its correlation id (see [`RequestFrameError`]), and,
/// as a broker does, bytes after the body are ignored (see
/// [`SplitRequest::decode_body`]).
///
/// ```
/// use bytes::BytesMut;
/// use kafka_wire::frame::{self, RequestFrameError};
/// use kafka_wire::{KafkaMessage, RequestHeader, Str};
///
/// #[derive(Debug, Clone, PartialEq, KafkaMessage)]
/// #[kafka(api_key = 1000, versions = "0-1", flexible = "1+")]
/// struct Ping {
///     #[kafka(versions = "0+")]
///     text: Str,
/// }
///
/// // A newer client sends Ping v2, which this server does not know.
/// let frame = bytes::Bytes::from_static(&[0x03, 0xe8, 0, 2, 0, 0, 0, 9, 0xff, 0xff, 0, 1, 0]);
/// match frame::decode_request_frame::<Ping>(frame) {
///     Err(RequestFrameError::UnsupportedVersion { header, supported }) => {
///         assert_eq!((header.correlation_id, supported.to_string().as_str()), (9, "0-1"));
///     }
///     other => panic!("{other:?}"),
/// }
/// ```
pub fn decode_request_frame<M: Message>(
    frame: Bytes,
) -> Result<(RequestHeader, M), RequestFrameError> {
    let header = peek_request_header(&frame).map_err(RequestFrameError::Header)?;
    if header.api_key != M::API_KEY {
        return Err(RequestFrameError::UnknownApiKey { header });
    }
    if !M::VERSIONS.contains(header.api_version) {
        return Err(RequestFrameError::UnsupportedVersion {
            header,
            supported: M::VERSIONS,
        });
    }
    let split = match decode_request_header(frame, M::request_header_version(header.api_version)) {
        Ok(split) => split,
        Err(error) => return Err(RequestFrameError::Body { header, error }),
    };
    let body = split.decode_body::<M>()?;
    Ok((split.header, body))
}
