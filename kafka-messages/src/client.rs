//! A small blocking Kafka client on [`std::net::TcpStream`] (feature
//! `client`): one request at a time, correlation ids checked, versions
//! negotiated with ApiVersions (falling back as a broker that does not know
//! this crate's newest ApiVersions asks).
//!
//! It is what the workspace's `admin` example, its live-broker tests and
//! `kafka-wire-fake`'s tests use; it is also a compact illustration of how
//! the `kafka-wire` pieces fit together.
//!
//! ```no_run
//! use kafka_messages::client::Client;
//! use kafka_messages::{CreatableTopic, CreateTopicsRequest};
//!
//! let mut client = Client::connect("127.0.0.1:9092", "my-tool")?;
//! let version = client.negotiate::<CreateTopicsRequest>()?;
//! let request = CreateTopicsRequest {
//!     topics: vec![CreatableTopic { name: "orders".into(), num_partitions: 3, replication_factor: 1, ..Default::default() }],
//!     ..Default::default()
//! };
//! for topic in client.send(&request, version)?.topics {
//!     println!("{}: {}", topic.name, topic.error());
//! }
//! # Ok::<(), kafka_messages::client::ClientError>(())
//! ```

use std::io::{self, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

use bytes::{Bytes, BytesMut};
use kafka_wire::{
    frame, DecodeError, EncodeError, ErrorCode, Message, Request, RequestHeader, ResponseHeader,
    Str, Versioned,
};

use crate::{ApiVersionsRequest, ApiVersionsResponse};

/// Why a request failed.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The connection failed.
    #[error("I/O: {0}")]
    Io(#[from] io::Error),
    /// The broker closed the connection instead of answering (Kafka does so
    /// for a request it cannot read, or an API version it does not support
    /// other than ApiVersions').
    #[error("the broker closed the connection without answering")]
    Closed,
    /// The request could not be encoded.
    #[error("encode: {0}")]
    Encode(#[from] EncodeError),
    /// The response could not be decoded.
    #[error("decode: {0}")]
    Decode(#[from] DecodeError),
    /// The broker answered another request than the one sent.
    #[error("response for correlation id {got}, expected {expected}")]
    CorrelationMismatch {
        /// The id sent.
        expected: i32,
        /// The id received.
        got: i32,
    },
    /// The broker does not speak any version of this API that this crate does.
    #[error("no common version for API key {api_key}")]
    NoCommonVersion {
        /// The API.
        api_key: i16,
    },
    /// The broker refused ApiVersions itself.
    #[error("ApiVersions failed: {0}")]
    ApiVersions(ErrorCode),
}

/// A blocking connection to one broker.
#[derive(Debug)]
pub struct Client {
    stream: TcpStream,
    client_id: Str,
    next_correlation_id: i32,
    max_frame_size: usize,
    versions: Option<ApiVersionsResponse>,
}

impl Client {
    /// Connects, with 30-second read and write timeouts.
    pub fn connect(addr: impl ToSocketAddrs, client_id: &str) -> Result<Self, ClientError> {
        let stream = TcpStream::connect(addr)?;
        stream.set_read_timeout(Some(Duration::from_secs(30)))?;
        stream.set_write_timeout(Some(Duration::from_secs(30)))?;
        stream.set_nodelay(true)?;
        Ok(Client {
            stream,
            client_id: client_id.into(),
            next_correlation_id: 1,
            max_frame_size: 64 << 20,
            versions: None,
        })
    }

    /// Sends `request` at `version` and waits for its response.
    pub fn send<R: Request>(
        &mut self,
        request: &R,
        version: i16,
    ) -> Result<R::Response, ClientError> {
        let body = self.round_trip(request, version)?;
        let (_header, response): (ResponseHeader, R::Response) =
            frame::decode_response(body, version)?;
        Ok(response)
    }

    /// Sends a request frame and returns the response frame, its correlation id checked.
    fn round_trip<R: Request>(&mut self, request: &R, version: i16) -> Result<Bytes, ClientError> {
        let correlation_id = self.next_correlation_id;
        self.next_correlation_id = self.next_correlation_id.wrapping_add(1);
        let header = RequestHeader::new(
            R::API_KEY,
            version,
            correlation_id,
            Some(self.client_id.clone()),
        );
        let mut out = BytesMut::new();
        frame::encode_request(&mut out, &header, request)?;
        self.stream.write_all(&out)?;

        let body =
            frame::read_frame(&mut self.stream, self.max_frame_size)?.ok_or(ClientError::Closed)?;
        // Check the correlation id before reading the body: a response to
        // another request would decode as garbage, or worse, as something valid.
        let got = frame::peek_correlation_id(&body)?;
        if got != correlation_id {
            return Err(ClientError::CorrelationMismatch {
                expected: correlation_id,
                got,
            });
        }
        Ok(body)
    }

    /// Asks the broker which versions it supports (at the highest ApiVersions
    /// version both sides know), and remembers the answer for [`Client::negotiate`].
    pub fn api_versions(&mut self) -> Result<&ApiVersionsResponse, ClientError> {
        let request = ApiVersionsRequest {
            client_software_name: "kafka-wire".into(),
            client_software_version: env!("CARGO_PKG_VERSION").into(),
            ..Default::default()
        };
        let mut version = ApiVersionsRequest::VERSIONS.highest().unwrap_or(0);
        let response = loop {
            let body = self.round_trip(&request, version)?;
            let ((_, response), _) = crate::api_versions::read_response(version, |v| {
                frame::decode_response::<ApiVersionsResponse>(body.clone(), v)
            })?;
            match ErrorCode::from_code(response.error_code) {
                ErrorCode::None => break response,
                ErrorCode::UnsupportedVersion if version > 0 => {
                    let theirs = response.versions_of(ApiVersionsRequest::API_KEY);
                    let common = theirs.map(|r| r.intersect(ApiVersionsRequest::VERSIONS));
                    version = common
                        .and_then(|r| r.highest())
                        .filter(|v| *v < version)
                        .unwrap_or(0);
                }
                other => return Err(ClientError::ApiVersions(other)),
            }
        };
        Ok(self.versions.insert(response))
    }

    /// The highest version of `M` that this crate and the broker both speak.
    /// Calls [`Client::api_versions`] first if it has not been called.
    pub fn negotiate<M: Message>(&mut self) -> Result<i16, ClientError> {
        if self.versions.is_none() {
            self.api_versions()?;
        }
        self.versions
            .as_ref()
            .and_then(|v| v.negotiate::<M>())
            .ok_or(ClientError::NoCommonVersion {
                api_key: M::API_KEY,
            })
    }
}
