//! The layout of one frame: a tree of [`Node`]s over its bytes, each with its
//! offset, size, wire type, value and doc text.

use core::fmt;

use bytes::{Buf, Bytes};
use kafka_messages::{ApiKey, RequestKind, ResponseKind};
use kafka_wire::dynamic::DynamicMessage;
use kafka_wire::frame::RequestId;
use kafka_wire::schema::{MessageSchema, StructSchema};
use kafka_wire::{
    frame, DecodeError, DecodeErrorKind, EncodeError, Message, RequestHeader, ResponseHeader,
    VersionRange, Versioned,
};

use crate::render::{Failure, Renderer, Style};
use crate::sample;

/// What a byte belongs to: the colours of a page's byte layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    /// The int32 size prefix.
    Frame,
    /// The request or response header.
    RpcHeader,
    /// A request body's fields.
    RequestBody,
    /// A RecordBatch header (or bytes of a records field that are no batch).
    RecordBatch,
    /// A record inside a batch.
    Record,
    /// A response body's fields.
    ResponseBody,
    /// A tagged-field section: its count and its fields.
    TaggedFields,
}

impl Category {
    /// Every category, in the order of a page's legend.
    pub const ALL: [Category; 7] = [
        Category::Frame,
        Category::RpcHeader,
        Category::RequestBody,
        Category::RecordBatch,
        Category::Record,
        Category::ResponseBody,
        Category::TaggedFields,
    ];

    /// The legend's label: `frame`, `rpc header`, `request body`, ...
    pub const fn label(self) -> &'static str {
        match self {
            Category::Frame => "frame",
            Category::RpcHeader => "rpc header",
            Category::RequestBody => "request body",
            Category::RecordBatch => "RecordBatch",
            Category::Record => "Record",
            Category::ResponseBody => "response body",
            Category::TaggedFields => "tagged_fields",
        }
    }

    /// A one-word identifier (CSS class, JSON value): `frame`, `header`,
    /// `request`, `batch`, `record`, `response`, `tagged`.
    pub const fn id(self) -> &'static str {
        match self {
            Category::Frame => "frame",
            Category::RpcHeader => "header",
            Category::RequestBody => "request",
            Category::RecordBatch => "batch",
            Category::Record => "record",
            Category::ResponseBody => "response",
            Category::TaggedFields => "tagged",
        }
    }
}

/// A request or a response.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// A request: request header, then the request body.
    Request,
    /// A response: response header, then the response body.
    Response,
}

impl Direction {
    /// `Request` or `Response`.
    pub const fn title(self) -> &'static str {
        match self {
            Direction::Request => "Request",
            Direction::Response => "Response",
        }
    }

    /// `request` or `response`.
    pub const fn word(self) -> &'static str {
        match self {
            Direction::Request => "request",
            Direction::Response => "response",
        }
    }

    /// The category of this direction's body fields.
    pub const fn body_category(self) -> Category {
        match self {
            Direction::Request => Category::RequestBody,
            Direction::Response => Category::ResponseBody,
        }
    }
}

/// One node of the object tree: a field, an array element, a length prefix, a
/// tagged-field section, a header or the frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// The name as Kafka's JSON schema writes it (`Topics`, `timeoutMs`); for
    /// header fields the protocol's snake_case (`request_api_key`); for
    /// elements `Type[i]`.
    pub name: String,
    /// The wire type (`int32`, `[]CreatableTopic`, `uvarint`), or what the
    /// node is (`message v7`, `struct`, `v2`); may be empty (the frame).
    pub type_name: String,
    /// The value as text (`0`, `"" (compact, len+1=1)`, `1 element`), when
    /// the node has one.
    pub value: Option<String>,
    /// Where the node starts, from the first byte of the input.
    pub offset: usize,
    /// How many bytes it covers.
    pub size: usize,
    /// Its doc text, whole (renderings may shorten it).
    pub doc: String,
    /// What its bytes belong to.
    pub category: Category,
    /// True when decoding failed inside this node (or at it).
    pub failed: bool,
    /// The nodes inside it, in wire order.
    pub children: Vec<Node>,
}

impl Node {
    /// A node with no children.
    pub fn new(
        name: impl Into<String>,
        type_name: impl Into<String>,
        value: Option<String>,
        offset: usize,
        size: usize,
        doc: impl Into<String>,
        category: Category,
    ) -> Self {
        Node {
            name: name.into(),
            type_name: type_name.into(),
            value,
            offset,
            size,
            doc: doc.into(),
            category,
            failed: false,
            children: Vec::new(),
        }
    }

    /// This node and every node below it, depth first, each with its depth
    /// (0 for `self`).
    pub fn walk(&self) -> Vec<(usize, &Node)> {
        let mut out = Vec::new();
        fn visit<'a>(node: &'a Node, depth: usize, out: &mut Vec<(usize, &'a Node)>) {
            out.push((depth, node));
            for child in &node.children {
                visit(child, depth + 1, out);
            }
        }
        visit(self, 0, &mut out);
        out
    }

    /// The bytes `offset..offset + size`.
    pub fn range(&self) -> core::ops::Range<usize> {
        self.offset..self.offset + self.size
    }
}

/// Which message a frame holds: its schema, API key, versions and direction.
/// [`MessageSpec::of`] describes any derived message; [`MessageSpec::kafka`]
/// one of Kafka's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MessageSpec {
    /// The body's schema.
    pub schema: &'static StructSchema,
    /// The API key.
    pub api_key: i16,
    /// The valid versions.
    pub versions: VersionRange,
    /// The flexible versions.
    pub flexible: VersionRange,
    /// Request or response.
    pub direction: Direction,
}

impl MessageSpec {
    /// The spec of a derived message type.
    pub fn of<M: Message>(direction: Direction) -> Self {
        MessageSpec {
            schema: &M::SCHEMA,
            api_key: M::API_KEY,
            versions: M::VERSIONS,
            flexible: M::FLEXIBLE,
            direction,
        }
    }

    /// The request or response of one of Kafka's APIs, when this build of
    /// kafka-messages has it.
    pub fn kafka(api: ApiKey, direction: Direction) -> Option<Self> {
        let schema = match direction {
            Direction::Request => api.request_schema(),
            Direction::Response => api.response_schema(),
        }?;
        Some(MessageSpec {
            schema,
            api_key: api.key(),
            versions: api.all_versions(),
            flexible: api.flexible_versions(),
            direction,
        })
    }

    /// The Kafka API of this spec's key, when the spec is exactly that API's
    /// message (so a message of one's own that reuses a key is not taken for
    /// Kafka's).
    pub fn kafka_api(&self) -> Option<ApiKey> {
        let api = ApiKey::from_i16(self.api_key)?;
        (MessageSpec::kafka(api, self.direction).as_ref() == Some(self)).then_some(api)
    }

    /// The message as [`kafka_wire::dynamic`] reads and writes it.
    pub fn message_schema(&self) -> MessageSchema {
        MessageSchema {
            body: self.schema,
            versions: self.versions,
            flexible: self.flexible,
            api_key: Some(self.api_key),
        }
    }

    /// The header version this message uses at `version`.
    pub fn header_version(&self, version: i16) -> i16 {
        let flexible = self.flexible.contains(version);
        match self.direction {
            Direction::Request => {
                kafka_wire::request_header_version(self.api_key, version, flexible)
            }
            Direction::Response => kafka_wire::response_header_version(self.api_key, flexible),
        }
    }
}

/// Whether a captured frame starts with its int32 size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SizePrefix {
    /// It does.
    Present,
    /// It does not: the bytes start with the header.
    Absent,
    /// It does when its first four bytes, as an int32, count exactly the
    /// bytes after them; or, for a request, when they count more (a frame
    /// cut short) and a known API key and version follow them but do not
    /// start the bytes.
    #[default]
    Detect,
}

impl SizePrefix {
    pub(crate) fn applies(self, bytes: &[u8], request: bool) -> bool {
        let Some(size) = bytes
            .first_chunk::<4>()
            .map(|b| i64::from(i32::from_be_bytes(*b)))
        else {
            return self == SizePrefix::Present;
        };
        let rest = bytes.len() as i64 - 4;
        match self {
            SizePrefix::Present => true,
            SizePrefix::Absent => false,
            SizePrefix::Detect => {
                size == rest
                    || (request
                        && size > rest
                        && starts_request(&bytes[4..])
                        && !starts_request(bytes))
            }
        }
    }
}

/// Whether `bytes` start with a known API key and one of its versions.
fn starts_request(bytes: &[u8]) -> bool {
    ApiKey::peek_request(bytes).is_some()
}

/// Where decoding failed: the offset of the value that could not be read and
/// the decoder's error, whose path names the field
/// (`CreateTopicsRequest.topics[0].name`).
#[derive(Debug, thiserror::Error)]
#[error("at 0x{offset:04x}: {error}")]
pub struct LayoutError {
    /// The offset of the failing value, from the first byte of the input.
    pub offset: usize,
    /// What failed, with its field path and version.
    pub error: DecodeError,
}

/// The layout of one frame: its bytes, its object tree, and where decoding
/// stopped if it did.
///
/// ```
/// use kafka_wire_pages::{Layout, SizePrefix};
///
/// let bytes = kafka_wire_pages::parse_hex("00000015001e00030000000000000002000100010100000000")?;
/// let layout = Layout::decode_request(&bytes, SizePrefix::Detect);
/// assert!(layout.error.is_none());
/// assert_eq!(layout.root.name, "CreateAclsRequest");
/// assert_eq!(layout.root.size, 25);
/// assert!(layout.to_text().contains("+-- request_api_key int16 = 30 (CreateAcls) [0x0004, 2B]"));
/// assert!(matches!(layout.codec, Some(Ok(())))); // the codec decodes it too
/// # Ok::<(), kafka_wire_pages::PageError>(())
/// ```
#[derive(Debug)]
pub struct Layout {
    /// The message, when the header named one this crate knows.
    pub spec: Option<MessageSpec>,
    /// The message version.
    pub version: i16,
    /// The header version, once it is known.
    pub header_version: Option<i16>,
    /// The bytes laid out (the whole input).
    pub bytes: Vec<u8>,
    /// The tree: the message, then the frame, the header and the body.
    pub root: Node,
    /// Where decoding stopped, if it did.
    pub error: Option<LayoutError>,
    /// What the typed decoder (`kafka_wire`, through the message type or
    /// the all-API dispatch) says of the same bytes, when it was run: `Ok`
    /// when it decoded them whole. The tests hold the layout to it: on every
    /// input they try, [`error`](Layout::error) is `None` exactly when this
    /// is `Ok`.
    pub codec: Option<Result<(), DecodeError>>,
}

impl Layout {
    /// The layout of a request `body` with its `header`, as
    /// [`frame::encode_request`] writes them, read back by the interpreted
    /// codec.
    pub fn of_request<M: Message>(header: &RequestHeader, body: &M) -> Result<Layout, EncodeError> {
        let mut bytes = Vec::new();
        frame::encode_request(&mut bytes, header, body)?;
        let spec = MessageSpec::of::<M>(Direction::Request);
        let mut layout = read_frame(&bytes, true, Target::Spec(spec, header.api_version), false);
        layout.codec = Some(codec_check::<M>(&layout));
        Ok(layout)
    }

    /// The layout of a response `body` at `version` with its `header`, as
    /// [`frame::encode_response`] writes them, read back by the interpreted
    /// codec.
    pub fn of_response<M: Message>(
        header: &ResponseHeader,
        version: i16,
        body: &M,
    ) -> Result<Layout, EncodeError> {
        let mut bytes = Vec::new();
        frame::encode_response(&mut bytes, header, version, body)?;
        let spec = MessageSpec::of::<M>(Direction::Response);
        let mut layout = read_frame(&bytes, true, Target::Spec(spec, version), false);
        layout.codec = Some(codec_check::<M>(&layout));
        Ok(layout)
    }

    /// The layout of the sample instance of `spec` at `version` (see
    /// [`sample_frame`](crate::sample_frame)): numbers zero, strings and bytes
    /// empty, one element per array, one empty RecordBatch per records field,
    /// as [`DynamicMessage::sample`] builds it.
    pub fn sample(spec: MessageSpec, version: i16) -> Result<Layout, crate::PageError> {
        let bytes = sample::sample_frame(spec, version)?;
        let mut layout = read_frame(&bytes, true, Target::Spec(spec, version), true);
        if spec.kafka_api().is_some() {
            layout.codec = Some(dispatch_check(&layout));
        }
        Ok(layout)
    }

    /// Lays out a captured request frame of any of Kafka's APIs: the header
    /// first, then the body its API key and version name. Never fails: an
    /// error in the bytes is [`Layout::error`], with the tree up to it.
    pub fn decode_request(bytes: &[u8], prefix: SizePrefix) -> Layout {
        let mut layout = read_frame(
            bytes,
            prefix.applies(bytes, true),
            Target::AnyRequest,
            false,
        );
        if layout.spec.is_some() {
            layout.codec = Some(dispatch_check(&layout));
        }
        layout
    }

    /// Lays out a captured response frame of Kafka's API `api_key` at
    /// `version` (a response does not say which API it answers).
    pub fn decode_response(bytes: &[u8], prefix: SizePrefix, api_key: i16, version: i16) -> Layout {
        let spec =
            ApiKey::from_i16(api_key).and_then(|api| MessageSpec::kafka(api, Direction::Response));
        let target = match spec {
            Some(spec) => Target::Spec(spec, version),
            None => Target::UnknownResponse(api_key, version),
        };
        let mut layout = read_frame(bytes, prefix.applies(bytes, false), target, false);
        if layout.spec.is_some() {
            layout.codec = Some(dispatch_check(&layout));
        }
        layout
    }

    /// Lays out a captured frame of the message `spec` (any derived message):
    /// for a request, `version` must be the one its header names.
    pub fn decode_with(
        spec: MessageSpec,
        version: i16,
        bytes: &[u8],
        prefix: SizePrefix,
    ) -> Layout {
        read_frame(
            bytes,
            prefix.applies(bytes, spec.direction == Direction::Request),
            Target::Spec(spec, version),
            false,
        )
    }

    /// The object tree as text, one node a line, in the seed pages' format;
    /// then, if decoding stopped, the error.
    pub fn to_text(&self) -> String {
        crate::text::layout_text(self)
    }

    /// The layout as JSON, for tools.
    pub fn to_json(&self) -> String {
        crate::json::layout_json(self)
    }
}

/// Which message a frame holds.
#[derive(Clone, Copy)]
enum Target {
    /// A request of whichever of Kafka's APIs its header names.
    AnyRequest,
    /// This message at this version (for a request, the header must agree).
    Spec(MessageSpec, i16),
    /// A response of an API this build does not have.
    UnknownResponse(i16, i16),
}

/// What the read learnt of the message before it stopped.
struct Found {
    spec: Option<MessageSpec>,
    version: i16,
    header_version: Option<i16>,
    name: String,
}

/// The one read behind every layout: size prefix, header, body.
fn read_frame(bytes: &[u8], prefixed: bool, target: Target, sample: bool) -> Layout {
    let mut r = FrameReader::new(bytes, sample);
    let mut children = Vec::new();
    let mut found = Found {
        spec: None,
        version: 0,
        header_version: None,
        name: "Frame".to_string(),
    };
    let result = read_parts(&mut r, prefixed, target, &mut found, &mut children);
    let error = result.err().map(|error| LayoutError {
        offset: r.fail_offset(),
        error,
    });
    let type_name = match (found.spec, found.header_version) {
        (Some(_), _) => format!("message v{}", found.version),
        (None, Some(_)) => format!("unknown message v{}", found.version),
        (None, None) => String::new(),
    };
    let mut root = Node::new(
        found.name,
        type_name,
        None,
        0,
        bytes.len(),
        "",
        Category::Frame,
    );
    root.failed = error.is_some();
    root.children = children;
    Layout {
        spec: found.spec,
        version: found.version,
        header_version: found.header_version,
        bytes: bytes.to_vec(),
        root,
        error,
        codec: None,
    }
}

fn read_parts(
    r: &mut FrameReader,
    prefixed: bool,
    target: Target,
    found: &mut Found,
    out: &mut Vec<Node>,
) -> Result<(), DecodeError> {
    let declared = if prefixed { Some(r.frame(out)?) } else { None };
    let spec = match target {
        Target::Spec(spec, version) if spec.direction == Direction::Response => {
            found.version = version;
            found.name = spec.schema.json_name.to_string();
            let hv = spec.header_version(version);
            found.header_version = Some(hv);
            r.header(Style::ResponseHeader, hv, out)?;
            spec
        }
        Target::UnknownResponse(key, version) => {
            found.version = version;
            found.name = "Response".to_string();
            return Err(DecodeErrorKind::UnknownApiKey(key).into());
        }
        Target::AnyRequest | Target::Spec(..) => {
            let Ok(RequestId {
                api_key: key,
                api_version: version,
                ..
            }) = frame::peek_request_id(r.rest())
            else {
                // Too short for a key, a version and a correlation id: the
                // header's read says where the bytes end.
                found.name = "Request".to_string();
                found.header_version = Some(1);
                r.header(Style::RequestHeader, 1, out)?;
                return Err(DecodeError::truncated(8, 0));
            };
            found.version = version;
            let spec = match target {
                Target::Spec(spec, _) => Some(spec),
                _ => ApiKey::from_i16(key)
                    .and_then(|api| MessageSpec::kafka(api, Direction::Request)),
            };
            // A key this build lacks: read the header in the form its API
            // uses (v1 when even the API is unknown), then stop at the body.
            let hv = match (spec, ApiKey::from_i16(key)) {
                (Some(spec), _) => spec.header_version(version),
                (None, Some(api)) => api.request_header_version(version),
                (None, None) => 1,
            };
            found.header_version = Some(hv);
            found.name = spec.map_or("Request", |s| s.schema.json_name).to_string();
            r.header(Style::RequestHeader, hv, out)?;
            let spec = match spec {
                Some(spec) if spec.api_key == key => spec,
                Some(spec) => {
                    return Err(DecodeErrorKind::ApiKeyMismatch {
                        expected: spec.api_key,
                        found: key,
                    }
                    .into())
                }
                None => return Err(DecodeErrorKind::UnknownApiKey(key).into()),
            };
            if let Target::Spec(_, expected) = target {
                if expected != version {
                    return Err(DecodeErrorKind::UnsupportedVersion {
                        version,
                        supported: VersionRange::exactly(expected),
                    }
                    .into());
                }
            }
            spec
        }
    };
    found.spec = Some(spec);
    r.body(spec, found.version, out)?;
    r.finish(declared)
}

/// A header or body to read: its schema and version, and how its node is
/// written (its style, category, `about` texts, and name, type and doc).
struct Part {
    schema: MessageSchema,
    version: i16,
    style: Style,
    category: Category,
    abouts: Option<&'static [(&'static str, &'static str)]>,
    heading: (String, String, String),
}

/// A frame's bytes read part by part: the size prefix here, the header and
/// the body by [`DynamicMessage::read`], each rendered as it is read.
struct FrameReader {
    input: Bytes,
    pos: usize,
    /// The frame's end: the input's, or where its size prefix says.
    end: usize,
    /// Sample pages say "one sample element follows".
    sample: bool,
    /// Where the value that failed starts.
    fail_at: Option<usize>,
}

impl FrameReader {
    fn new(bytes: &[u8], sample: bool) -> Self {
        FrameReader {
            input: Bytes::copy_from_slice(bytes),
            pos: 0,
            end: bytes.len(),
            sample,
            fail_at: None,
        }
    }

    /// The offset of the value that failed (the position, if none did).
    fn fail_offset(&self) -> usize {
        self.fail_at.unwrap_or(self.pos)
    }

    fn fail<T>(&mut self, error: impl Into<DecodeError>) -> Result<T, DecodeError> {
        self.fail_at.get_or_insert(self.pos);
        Err(error.into())
    }

    /// The size prefix, as the `Frame` node; returns the size it says.
    fn frame(&mut self, out: &mut Vec<Node>) -> Result<i32, DecodeError> {
        let declared = self.input.slice(..).try_get_i32();
        let (value, size) = match &declared {
            Ok(n) => (n.to_string(), 4),
            Err(_) => ("(error)".to_string(), 0),
        };
        let doc = "number of bytes that follow, patched after encoding";
        let mut field = Node::new("size", "int32", Some(value), 0, size, doc, Category::Frame);
        field.failed = declared.is_err();
        let doc = "length-delimited framing";
        let mut node = Node::new("Frame", "", None, 0, size, doc, Category::Frame);
        node.failed = field.failed;
        node.children.push(field);
        out.push(node);
        let declared = match declared {
            Ok(n) => n,
            Err(e) => return self.fail(e),
        };
        self.pos = 4;
        let available = self.input.len() - self.pos;
        match usize::try_from(declared) {
            // A frame cut short is read as far as it goes, so that the error
            // lands on the field its bytes end in.
            Ok(n) => self.end = self.pos + n.min(available),
            Err(_) => {
                return self.fail(DecodeErrorKind::FrameSize {
                    size: i64::from(declared),
                    limit: available,
                })
            }
        }
        Ok(declared)
    }

    /// The bytes not read yet.
    fn rest(&self) -> &[u8] {
        &self.input[self.pos..self.end]
    }

    /// A request or response header at header version `hv`.
    fn header(&mut self, style: Style, hv: i16, out: &mut Vec<Node>) -> Result<(), DecodeError> {
        let (schema, name, doc) = match style {
            Style::ResponseHeader => (
                MessageSchema::of::<ResponseHeader>(),
                "ResponseHeader",
                "common response header",
            ),
            _ => (
                MessageSchema::of::<RequestHeader>(),
                "RequestHeader",
                "common request header",
            ),
        };
        let part = Part {
            schema,
            version: hv,
            style,
            category: Category::RpcHeader,
            abouts: None,
            heading: (name.to_string(), format!("v{hv}"), doc.to_string()),
        };
        self.part(part, out)
    }

    /// The body of `spec` at `version`.
    fn body(
        &mut self,
        spec: MessageSpec,
        version: i16,
        out: &mut Vec<Node>,
    ) -> Result<(), DecodeError> {
        let part = Part {
            schema: spec.message_schema(),
            version,
            style: Style::Body,
            category: spec.direction.body_category(),
            abouts: spec
                .kafka_api()
                .and(crate::page::kafka_abouts(spec.schema.json_name)),
            heading: (
                spec.schema.json_name.to_string(),
                "struct".to_string(),
                format!("message body, version {version}"),
            ),
        };
        self.part(part, out)
    }

    /// Reads one part from the position, within the frame, renders what was
    /// read of it as one node, and moves past it.
    fn part(&mut self, part: Part, out: &mut Vec<Node>) -> Result<(), DecodeError> {
        let read = DynamicMessage::read(
            part.schema,
            part.version,
            &self.input.slice(..self.end),
            self.pos,
        );
        let (message, result) = match read {
            Ok((message, end)) => {
                self.pos = end;
                (message, Ok(()))
            }
            Err(partial) => {
                self.pos = partial.message.body.span.map_or(self.pos, |s| s.end());
                self.fail_at = Some(partial.offset);
                (*partial.message, Err((partial.error, partial.offset)))
            }
        };
        let failure = result.as_ref().err().map(|(error, offset)| Failure {
            path: error.location().segments().copied().collect(),
            kind: error.kind(),
            offset: *offset,
        });
        let (name, type_name, doc) = part.heading;
        let mut renderer = Renderer::new(
            &self.input,
            part.style,
            part.category,
            self.sample,
            part.abouts,
            failure,
        );
        if let Some(node) = renderer.message(&message, &name, type_name, doc) {
            out.push(node);
        }
        result.map_err(|(error, _)| error)
    }

    /// After the body: the frame must end exactly there, and hold as many
    /// bytes as its size said.
    fn finish(&mut self, declared: Option<i32>) -> Result<(), DecodeError> {
        if self.pos < self.end {
            return self.fail(DecodeErrorKind::TrailingBytes(self.end - self.pos));
        }
        if let Some(size) = declared {
            let available = self.input.len() - 4;
            let size = size as usize;
            if size > available {
                return self.fail(DecodeError::truncated(size, available));
            }
        }
        if self.end < self.input.len() {
            return self.fail(DecodeErrorKind::TrailingBytes(self.input.len() - self.end));
        }
        Ok(())
    }
}

/// The codec's verdict on a layout's bytes: the frame read by the codec's
/// [`FrameDecoder`](frame::FrameDecoder) (when it has a size prefix), its
/// header by [`RequestHeader`] / [`ResponseHeader`], its body by `body`, which
/// must use all of it.
fn codec_verdict(
    layout: &Layout,
    body: impl FnOnce(&MessageSpec, &mut &[u8]) -> Result<(), DecodeError>,
) -> Result<(), DecodeError> {
    let spec = layout.spec.ok_or(DecodeErrorKind::UnknownApiKey(-1))?;
    let prefixed = layout
        .root
        .children
        .first()
        .is_some_and(|n| n.category == Category::Frame);
    let contents = if prefixed {
        let mut src = bytes::BytesMut::from(&layout.bytes[..]);
        let frame = frame::FrameDecoder::new(usize::MAX)
            .decode(&mut src)?
            .ok_or_else(|| DecodeError::truncated(layout.bytes.len() + 1, layout.bytes.len()))?;
        if !src.is_empty() {
            return Err(DecodeErrorKind::TrailingBytes(src.len()).into());
        }
        frame
    } else {
        bytes::Bytes::copy_from_slice(&layout.bytes)
    };
    let mut rest = &contents[..];
    let hv = spec.header_version(layout.version);
    match spec.direction {
        Direction::Request => RequestHeader::decode(&mut rest, hv).map(|_| ())?,
        Direction::Response => ResponseHeader::decode(&mut rest, hv).map(|_| ())?,
    }
    body(&spec, &mut rest)?;
    match rest.len() {
        0 => Ok(()),
        n => Err(DecodeErrorKind::TrailingBytes(n).into()),
    }
}

/// The codec's verdict through the all-API dispatch ([`RequestKind`] /
/// [`ResponseKind`]).
fn dispatch_check(layout: &Layout) -> Result<(), DecodeError> {
    let version = layout.version;
    codec_verdict(layout, |spec, rest| match spec.direction {
        Direction::Request => RequestKind::decode(spec.api_key, version, rest).map(|_| ()),
        Direction::Response => ResponseKind::decode(spec.api_key, version, rest).map(|_| ()),
    })
}

/// The codec's verdict through the message type `M`.
fn codec_check<M: Message>(layout: &Layout) -> Result<(), DecodeError> {
    let version = layout.version;
    codec_verdict(layout, |_, rest| M::decode(rest, version).map(|_| ()))
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}
