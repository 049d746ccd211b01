//! Whole frames read and written by the interpreted codec
//! ([`kafka_wire::dynamic`]): a request frame's header picks its body's
//! schema through [`ApiKey`]; a response frame's body is read at the API key
//! and version of the request it answers.
//!
//! ```
//! use bytes::{Bytes, BytesMut};
//! use kafka_messages::dynamic::DynamicFrame;
//! use kafka_messages::{CreatableTopic, CreateTopicsRequest};
//! use kafka_wire::dynamic::Value;
//! use kafka_wire::{frame, RequestHeader};
//!
//! // A frame from the wire (here, the typed encoder's), without its size.
//! let request = CreateTopicsRequest {
//!     topics: vec![CreatableTopic { name: "orders".into(), num_partitions: 3, ..Default::default() }],
//!     ..Default::default()
//! };
//! let mut wire = BytesMut::new();
//! frame::encode_request(&mut wire, &RequestHeader::new(19, 7, 42, Some("cli".into())), &request)?;
//! let frame = wire.freeze().slice(4..);
//!
//! // Read it knowing nothing in advance; rename the topic; write it back.
//! let mut read = DynamicFrame::decode_request(frame.clone())?;
//! assert_eq!(read.api_key.name(), "CreateTopics");
//! assert_eq!(read.header.body.get("CorrelationId"), Some(&Value::Int32(42)));
//! let topics = read.body.body.get_mut("Topics").and_then(Value::as_array_mut).unwrap();
//! let topic = topics[0].value.as_struct_mut().unwrap();
//! topic.set("Name", Value::String("payments".into()))?;
//! let mut out = BytesMut::new();
//! read.encode(&mut out)?;
//! let (_, typed) = kafka_messages::RequestKind::decode_frame(out.freeze().slice(4..))?;
//! let kafka_messages::RequestKind::CreateTopics(typed) = typed else { unreachable!() };
//! assert_eq!(typed.topics[0].name, "payments");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use bytes::{BufMut, Bytes};
pub use kafka_wire::dynamic::PartialFrame;
use kafka_wire::dynamic::{self as interpreted, DynamicMessage, DynamicView};
use kafka_wire::frame::{self, RequestId};
use kafka_wire::schema::MessageSchema;
use kafka_wire::{
    DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, RequestHeader, ResponseHeader,
};

use crate::ApiKey;

/// A request or response frame read by its schema: the header, the API,
/// and the body.
#[derive(Debug, Clone, PartialEq)]
pub struct DynamicFrame {
    /// The request or response header, at the API's header version.
    pub header: DynamicMessage,
    /// The API the frame belongs to.
    pub api_key: ApiKey,
    /// The body.
    pub body: DynamicMessage,
}

impl ApiKey {
    /// The schema of this API's request body, if it is compiled in.
    pub fn request_message_schema(self) -> Option<MessageSchema> {
        Some(MessageSchema {
            body: self.request_schema()?,
            versions: self.all_versions(),
            flexible: self.flexible_versions(),
            api_key: Some(self.key()),
        })
    }

    /// The schema of this API's response body, if it is compiled in.
    pub fn response_message_schema(self) -> Option<MessageSchema> {
        Some(MessageSchema {
            body: self.response_schema()?,
            versions: self.all_versions(),
            flexible: self.flexible_versions(),
            api_key: Some(self.key()),
        })
    }
}

impl DynamicFrame {
    /// Reads the request frame at `offset` in `input` (its header, then its
    /// body; no size prefix) and returns it with the offset where its body
    /// ends, which a caller that tolerates bytes after the body (as Kafka's
    /// broker does) compares with the frame's end. Spans are offsets in
    /// `input`.
    pub fn read_request(
        input: &Bytes,
        offset: usize,
    ) -> Result<(DynamicFrame, usize), PartialFrame> {
        let rest = input.get(offset..).unwrap_or_default();
        let Ok(RequestId {
            api_key: key,
            api_version: version,
            ..
        }) = frame::peek_request_id(rest)
        else {
            // Too short for the key, version and correlation id: the header's
            // read says where.
            let schema = MessageSchema::of::<RequestHeader>();
            return match DynamicMessage::read(schema, 0, input, offset) {
                Err(p) => Err(PartialFrame::new(None, p)),
                Ok(_) => Err(PartialFrame::unread(
                    DecodeError::truncated(8, rest.len()),
                    offset,
                )),
            };
        };
        let Some((api_key, schema)) =
            ApiKey::from_i16(key).and_then(|api| Some((api, api.request_message_schema()?)))
        else {
            return Err(PartialFrame::unread(
                DecodeError::new(DecodeErrorKind::UnknownApiKey(key)),
                offset,
            ));
        };
        let header_schema = MessageSchema::of::<RequestHeader>();
        let header_version = api_key.request_header_version(version);
        read_frame(
            input,
            offset,
            api_key,
            (header_schema, header_version),
            (schema, version),
        )
    }

    /// Reads the response frame at `offset` in `input` (its header, then its
    /// body; no size prefix) of the API `api_key` at `version`, the request's.
    pub fn read_response(
        input: &Bytes,
        offset: usize,
        api_key: i16,
        version: i16,
    ) -> Result<(DynamicFrame, usize), PartialFrame> {
        let Some((api, schema)) =
            ApiKey::from_i16(api_key).and_then(|api| Some((api, api.response_message_schema()?)))
        else {
            return Err(PartialFrame::unread(
                DecodeError::new(DecodeErrorKind::UnknownApiKey(api_key)),
                offset,
            ));
        };
        let header_schema = MessageSchema::of::<ResponseHeader>();
        let header_version = api.response_header_version(version);
        read_frame(
            input,
            offset,
            api,
            (header_schema, header_version),
            (schema, version),
        )
    }

    /// [`read_request`](Self::read_request) of a whole frame (no size prefix): bytes after the body
    /// are an error.
    pub fn decode_request(frame: Bytes) -> Result<DynamicFrame, DecodeError> {
        exact(&frame, Self::read_request(&frame, 0))
    }

    /// [`read_response`](Self::read_response) of a whole frame (no size prefix): bytes after the
    /// body are an error.
    pub fn decode_response(
        frame: Bytes,
        api_key: i16,
        version: i16,
    ) -> Result<DynamicFrame, DecodeError> {
        exact(&frame, Self::read_response(&frame, 0, api_key, version))
    }
    /// Appends the whole frame to `buf`: the size, the header, the body.
    /// Returns the bytes written; on error nothing is written.
    pub fn encode<B: BufMut>(&self, buf: &mut B) -> Result<usize, EncodeError> {
        let mut out = self.header.encode_to_vec()?;
        out.extend_from_slice(&self.body.encode_to_vec()?);
        let size = i32::try_from(out.len()).map_err(|_| {
            EncodeError::new(EncodeErrorKind::TooLong {
                length: out.len(),
                max: i32::MAX as usize,
            })
        })?;
        if buf.remaining_mut() < 4 + out.len() {
            return Err(EncodeError::new(EncodeErrorKind::BufferTooSmall {
                needed: 4 + out.len(),
                remaining: buf.remaining_mut(),
            }));
        }
        buf.put_i32(size);
        buf.put_slice(&out);
        Ok(4 + out.len())
    }
}

/// A whole request or response frame (no size prefix) read as views: the
/// header and the body checked whole and read in place, without building
/// trees. What a logger or a capture reader needs; [`DynamicFrame`] is the
/// owned form, to change and encode.
#[derive(Debug, Clone, PartialEq)]
pub struct FrameView {
    /// The API the frame belongs to.
    pub api_key: ApiKey,
    /// The request or response header, at the API's header version.
    pub header: DynamicView,
    /// The body.
    pub body: DynamicView,
}

impl FrameView {
    /// Reads a request frame: its header says the API and version. Bytes
    /// after the body are an error ([`read_request`](Self::read_request)
    /// reads past them, as Kafka's broker does).
    pub fn decode_request(frame: Bytes) -> Result<FrameView, DecodeError> {
        let (view, end) = Self::read_request(frame.clone())?;
        Self::whole(view, end, frame.len())
    }

    /// Reads a request frame as Kafka's broker reads one: its header says
    /// the API and version, and bytes after the body are not read (librdkafka
    /// sends three after its Metadata request). Returns the view and where
    /// the body ends.
    pub fn read_request(frame: Bytes) -> Result<(FrameView, usize), DecodeError> {
        let RequestId {
            api_key: key,
            api_version: version,
            ..
        } = frame::peek_request_id(&frame).map_err(|e| e.in_message("RequestHeader", 0))?;
        let api_key = ApiKey::from_i16(key)
            .ok_or_else(|| DecodeError::new(DecodeErrorKind::UnknownApiKey(key)))?;
        let schema = api_key
            .request_message_schema()
            .ok_or_else(|| DecodeError::new(DecodeErrorKind::UnknownApiKey(key)))?;
        let header = (
            MessageSchema::of::<RequestHeader>(),
            api_key.request_header_version(version),
        );
        Self::read(frame, api_key, header, (schema, version))
    }

    /// Reads a response frame of the API `api_key` at `version`, the
    /// request's; bytes after the body are an error.
    pub fn decode_response(
        frame: Bytes,
        api_key: i16,
        version: i16,
    ) -> Result<FrameView, DecodeError> {
        let unknown = || DecodeError::new(DecodeErrorKind::UnknownApiKey(api_key));
        let api = ApiKey::from_i16(api_key).ok_or_else(unknown)?;
        let schema = api.response_message_schema().ok_or_else(unknown)?;
        let header = (
            MessageSchema::of::<ResponseHeader>(),
            api.response_header_version(version),
        );
        let len = frame.len();
        let (view, end) = Self::read(frame, api, header, (schema, version))?;
        Self::whole(view, end, len)
    }

    /// `view`, if its body (ending at `end`) fills the frame's `len` bytes.
    fn whole(view: FrameView, end: usize, len: usize) -> Result<FrameView, DecodeError> {
        match len - end {
            0 => Ok(view),
            n => Err(DecodeError::new(DecodeErrorKind::TrailingBytes(n))
                .in_message(view.body.schema().body.name, view.body.version())),
        }
    }

    /// The header, then the body; returns where the body ends.
    fn read(
        frame: Bytes,
        api_key: ApiKey,
        (header_schema, header_version): (MessageSchema, i16),
        (schema, version): (MessageSchema, i16),
    ) -> Result<(FrameView, usize), DecodeError> {
        let (header, at) =
            DynamicView::read(header_schema, header_version, &frame, 0).map_err(|p| p.error)?;
        let (body, end) = DynamicView::read(schema, version, &frame, at).map_err(|p| p.error)?;
        Ok((
            FrameView {
                api_key,
                header,
                body,
            },
            end,
        ))
    }
}

fn read_frame(
    input: &Bytes,
    offset: usize,
    api_key: ApiKey,
    header: (MessageSchema, i16),
    body: (MessageSchema, i16),
) -> Result<(DynamicFrame, usize), PartialFrame> {
    let (header, body, end) = interpreted::read_frame(input, offset, header, body)?;
    Ok((
        DynamicFrame {
            header,
            api_key,
            body,
        },
        end,
    ))
}

fn exact(
    frame: &Bytes,
    read: Result<(DynamicFrame, usize), PartialFrame>,
) -> Result<DynamicFrame, DecodeError> {
    let (read, end) = read.map_err(|p| p.error)?;
    match frame.len() - end {
        0 => Ok(read),
        n => Err(DecodeError::new(DecodeErrorKind::TrailingBytes(n))
            .in_message(read.body.schema.body.name, read.body.version)),
    }
}
