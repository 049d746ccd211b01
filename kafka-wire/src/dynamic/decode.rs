//! Reading a body by its schema: the derived decoders' rules, once, into a
//! [`DynamicView`]'s nodes. The owned tree is read through the same nodes.

use core::fmt;

use bytes::Bytes;

use super::view::{DynamicView, Node};
use super::DynamicMessage;
use crate::codec::{self, LengthForm};
use crate::schema::{KafkaType, MessageSchema, StructSchema};
use crate::{tagged, DecodeError, DecodeErrorKind};

/// A decode that failed, with what it read before the failure: for a tool
/// that shows a broken frame as far as it goes.
#[derive(Debug)]
pub struct PartialDecode {
    /// The tree up to the failing value: every value read before it, and the
    /// structs and arrays it is inside, with what they held so far.
    pub message: Box<DynamicMessage>,
    /// What failed, with its field path and version.
    pub error: DecodeError,
    /// Where the failing value starts in the input.
    pub offset: usize,
}

impl fmt::Display for PartialDecode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.error, self.offset)
    }
}

impl std::error::Error for PartialDecode {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Reads a body at `version` from `offset` in `input` into a view, and
/// returns it with the offset where the body ends; on error, the partial
/// tree (materialized from the nodes read so far), the error and where the
/// failing value starts.
pub(super) fn read(
    schema: MessageSchema,
    version: i16,
    input: &Bytes,
    offset: usize,
) -> Result<(DynamicView, usize), PartialDecode> {
    let offset = offset.min(input.len());
    // Node offsets are `u32`s from the body's start: a body reads at most
    // 4 GiB, twice Kafka's largest frame.
    let end = input.len().min(offset.saturating_add(u32::MAX as usize));
    let mut reader = Reader {
        input: &input[..end],
        base: offset,
        pos: offset,
        end,
        version,
        fail_at: None,
        // Room for a node per 16 bytes left, up to 4096 nodes (80 KiB),
        // growing by doubling from there: what a small body needs at once,
        // and no more than a large input (a segment of many bodies) can
        // justify before its bytes are read.
        nodes: Vec::with_capacity(((end - offset) / 16 + 1).min(4096)),
    };
    let root = reader.open(Node::ROOT, 0, offset, 0);
    let result = if schema.versions.contains(version) {
        reader.read_struct(schema.body, schema.flexible.contains(version))
    } else {
        Err(DecodeError::new(DecodeErrorKind::UnsupportedVersion {
            version,
            supported: schema.versions,
        }))
    };
    reader.close(root);
    let end = reader.pos;
    let fail_at = reader.fail_at;
    let view = DynamicView::new(schema, version, input.clone(), offset, reader.nodes);
    match result {
        Ok(()) => Ok((view, end)),
        Err(error) => Err(PartialDecode {
            message: Box::new(view.to_message()),
            error: error.in_message(schema.body.name, version),
            offset: fail_at.unwrap_or(end),
        }),
    }
}

type Read = Result<(), DecodeError>;

/// As the typed decoder does: no more elements of `inner` than the
/// `remaining` bytes could hold, each taking at least its type's fewest
/// bytes.
pub(super) fn check_count(
    n: usize,
    inner: &KafkaType,
    remaining: usize,
) -> Result<(), DecodeError> {
    let min = inner.min_len();
    if n > remaining / min.max(1) {
        return Err(DecodeError::truncated(
            n.saturating_mul(min).max(n),
            remaining,
        ));
    }
    Ok(())
}

struct Reader<'a> {
    /// The input, up to the furthest a body may reach.
    input: &'a [u8],
    /// Where the body starts: node offsets are from here.
    base: usize,
    pos: usize,
    /// Reads stop here: the input's end, or a tagged value's.
    end: usize,
    version: i16,
    /// Where the innermost failing read started.
    fail_at: Option<usize>,
    nodes: Vec<Node>,
}

impl Reader<'_> {
    /// Runs `read` on the bytes left; advances past what it used on
    /// success, and marks the failure's offset on error.
    #[inline(always)]
    fn take<T>(
        &mut self,
        read: impl FnOnce(&mut &[u8]) -> Result<T, DecodeError>,
    ) -> Result<T, DecodeError> {
        let mut cur = &self.input[self.pos..self.end];
        let before = cur.len();
        match read(&mut cur) {
            Ok(v) => {
                self.pos += before - cur.len();
                Ok(v)
            }
            Err(e) => self.fail(e),
        }
    }

    #[cold]
    fn fail<T>(&mut self, error: impl Into<DecodeError>) -> Result<T, DecodeError> {
        self.fail_at.get_or_insert(self.pos);
        Err(error.into())
    }

    /// Skips a fixed-width value, with the typed decoder's error when the
    /// bytes run out.
    #[inline(always)]
    fn skip(&mut self, width: usize) -> Read {
        let left = self.end - self.pos;
        if left < width {
            return self.fail(DecodeError::truncated(width, left));
        }
        self.pos += width;
        Ok(())
    }

    /// The offset of `at` in the input, as a node keeps it.
    #[inline(always)]
    fn rel(&self, at: usize) -> u32 {
        // The reader never goes past `base + u32::MAX`.
        (at - self.base) as u32
    }

    /// Pushes a node for a value read from `start` to here, with its `a`
    /// and `b` (see [`Node`]).
    #[inline(always)]
    fn leaf(&mut self, slot: u16, header: u8, start: usize, (a, b): (u32, u32), flags: u8) {
        let node = Node {
            offset: self.rel(start),
            len: (self.pos - start) as u32,
            a,
            b,
            slot,
            flags,
            header,
        };
        self.nodes.push(node);
    }

    /// Pushes the node of a struct or array whose values follow it; its
    /// length and its subtree's end are set by [`close`](Self::close).
    #[inline(always)]
    fn open(&mut self, slot: u16, header: u8, start: usize, flags: u8) -> usize {
        let node = Node {
            offset: self.rel(start),
            len: 0,
            a: 0,
            b: 0,
            slot,
            flags: flags | Node::SUBTREE,
            header,
        };
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    /// Ends the struct or array opened at `at` here, read whole or not.
    #[inline(always)]
    fn close(&mut self, at: usize) {
        let len = (self.pos - self.base) as u32 - self.nodes[at].offset;
        let end = self.nodes.len() as u32;
        let node = &mut self.nodes[at];
        node.len = len;
        node.a = end;
    }

    /// A struct's fields at this version, then (when flexible) its tagged
    /// section.
    fn read_struct(&mut self, schema: &'static StructSchema, flexible: bool) -> Read {
        let v = self.version;
        for (slot, field) in schema.fields.iter().enumerate() {
            if field.versions.contains(v) && !field.tagged.contains(v) {
                self.read_value(
                    slot as u16,
                    0,
                    &field.kafka_type,
                    field.nullable.contains(v),
                    field.flexible_at(v, flexible),
                )
                .map_err(|e| e.in_field(field.name))?;
            }
        }
        if flexible {
            self.read_tagged_section(schema, flexible)?;
        }
        Ok(())
    }

    /// One value of type `ty`, as the field or element `slot`. A value that
    /// fails leaves no node, unless it is a struct or array, which keeps
    /// what was read of it.
    fn read_value(
        &mut self,
        slot: u16,
        header: u8,
        ty: &'static KafkaType,
        nullable: bool,
        flexible: bool,
    ) -> Read {
        let start = self.pos;
        if let Some(width) = ty.fixed_size() {
            // Any bytes read as a number (and any byte as a bool, as in the
            // typed decoder): only their count is checked.
            self.skip(width)?;
            self.leaf(slot, header, start, (0, 0), 0);
            return Ok(());
        }
        match ty {
            KafkaType::String => {
                let text =
                    self.take(|b| codec::get_str_slice(b, flexible).map(|s| s.map(str::len)))?;
                self.content(slot, header, start, text, nullable)
            }
            KafkaType::Bytes | KafkaType::Records => {
                let bytes =
                    self.take(|b| codec::get_bytes_slice(b, flexible).map(|s| s.map(<[u8]>::len)))?;
                self.content(slot, header, start, bytes, nullable)
            }
            KafkaType::Array(inner) => self.read_array(slot, header, inner, nullable, flexible),
            KafkaType::Struct(schema) => {
                let mut flags = 0;
                if nullable {
                    // A tagged value, the only kind with a header, marks a
                    // null struct with a varint.
                    let tagged = header != 0;
                    if !self.take(|b| crate::wire::read_struct_marker(b, tagged))? {
                        self.leaf(slot, header, start, (0, 0), Node::NULL);
                        return Ok(());
                    }
                    flags = Node::MARKER;
                }
                let at = self.open(slot, header, start, flags);
                let result = self.read_struct(schema, flexible);
                self.close(at);
                result
            }
            _ => unreachable!("fixed-width types are read above"),
        }
    }

    /// The node of a string, bytes or records value of `len` content bytes
    /// that end here, or of its null.
    #[inline(always)]
    fn content(
        &mut self,
        slot: u16,
        header: u8,
        start: usize,
        len: Option<usize>,
        nullable: bool,
    ) -> Read {
        match len {
            Some(len) => self.leaf(
                slot,
                header,
                start,
                (self.rel(self.pos - len), len as u32),
                0,
            ),
            None if nullable => self.leaf(slot, header, start, (0, 0), Node::NULL),
            None => return self.fail(DecodeErrorKind::UnexpectedNull),
        }
        Ok(())
    }

    /// An array: its length, then its elements. An array of fixed-width
    /// values is one node: its elements are where their width puts them.
    fn read_array(
        &mut self,
        slot: u16,
        header: u8,
        inner: &'static KafkaType,
        nullable: bool,
        flexible: bool,
    ) -> Read {
        let start = self.pos;
        let Some(n) = self.take(|b| {
            let n = codec::get_length(b, LengthForm::array(flexible))?;
            match n {
                None if !nullable => Err(DecodeErrorKind::UnexpectedNull.into()),
                n => Ok(n),
            }
        })?
        else {
            self.leaf(slot, header, start, (0, 0), Node::NULL);
            return Ok(());
        };
        if let Err(e) = check_count(n, inner, self.end - self.pos) {
            return self.fail(e);
        }
        if let Some(width) = inner.fixed_size() {
            // Every element is there: the check above is its width each.
            let content = self.pos;
            self.pos += n * width;
            self.leaf(slot, header, start, (self.rel(content), n as u32), 0);
            return Ok(());
        }
        let at = self.open(slot, header, start, 0);
        self.nodes[at].b = n as u32;
        let mut result = Ok(());
        for i in 0..n {
            if let Err(e) = self.read_value(Node::ELEMENT, 0, inner, false, flexible) {
                result = Err(e.at_index(i));
                break;
            }
        }
        self.close(at);
        result
    }

    /// A flexible struct's tagged section: declared fields by their type,
    /// from exactly their size; other tags kept raw.
    fn read_tagged_section(&mut self, schema: &'static StructSchema, flexible: bool) -> Read {
        let v = self.version;
        let count = self.take(|b| tagged::get_count(b))?;
        let mut previous = None;
        for _ in 0..count {
            let header_start = self.pos;
            let (tag, size) = self.take(|b| tagged::get_header(b, &mut previous))?;
            let start = self.pos;
            // A header is two varints of at most five bytes each.
            let header = (start - header_start) as u8;
            let declared = schema
                .fields
                .iter()
                .position(|f| f.tag == Some(tag) && f.tagged.contains(v));
            let Some(slot) = declared else {
                self.pos += size;
                self.leaf(Node::UNKNOWN, header, header_start, (tag, 0), 0);
                continue;
            };
            let field = &schema.fields[slot];
            let outer_end = self.end;
            self.end = start + size;
            let mut result = self.read_value(
                slot as u16,
                header,
                &field.kafka_type,
                field.nullable.contains(v),
                field.flexible_at(v, flexible),
            );
            if result.is_ok() && self.pos != self.end {
                result = self.fail(DecodeErrorKind::TagSizeMismatch {
                    tag,
                    declared: size,
                    used: self.pos - start,
                });
            }
            self.end = outer_end;
            result.map_err(|e| e.in_field(field.name))?;
        }
        Ok(())
    }
}
