//! Where a flexible body's own tagged fields begin, found while the body
//! arrives: for a proxy that passes a large response on part by part and
//! must change only what its tagged fields say (a Fetch response's leader
//! endpoints, KIP-951).

use crate::codec::{self, LengthForm};
use crate::schema::{KafkaType, MessageSchema, StructSchema};
use crate::{tagged, DecodeError, DecodeErrorKind};

/// Reads a body by its schema as its bytes arrive, keeping none of them,
/// until it reaches the body's own tagged fields (the last thing in a
/// flexible body). Strings, bytes and records are passed over by their
/// length, so a fetch's megabytes of records cost nothing but counting.
/// Each value's length, nulls and counts are checked as
/// [`DynamicMessage::decode`] checks them; what is passed over is not read
/// (a string's text is not checked for UTF-8, nor a nested struct's tagged
/// fields but for their order and sizes).
///
/// [`DynamicMessage::decode`]: super::DynamicMessage::decode
///
/// ```
/// use kafka_wire::dynamic::{TailScan, TailScanner};
/// use kafka_wire::schema::MessageSchema;
/// use kafka_wire::{KafkaMessage, Versioned};
///
/// #[derive(Debug, Clone, PartialEq, KafkaMessage)]
/// #[kafka(api_key = 1000, versions = "0", flexible = "0+")]
/// struct Chunk {
///     #[kafka(versions = "0+")]
///     data: bytes::Bytes,
///     #[kafka(versions = "0+", tag = 0, tagged = "0+")]
///     note: kafka_wire::Str,
/// }
///
/// let chunk = Chunk { data: vec![7; 1000].into(), note: "end".into() };
/// let wire = chunk.encode_to_vec(0)?;
/// let mut scanner = TailScanner::new(MessageSchema::of_message::<Chunk>(), 0, wire.len())?;
/// // The first 600 bytes: all before the tail.
/// assert_eq!(scanner.scan(&wire[..600])?, TailScan::Before(600));
/// // The rest: the tail starts after the data's last byte.
/// assert_eq!(scanner.scan(&wire[600..])?, TailScan::Tail(1002 - 600));
/// assert_eq!(scanner.tail_at(), Some(1002));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct TailScanner {
    schema: MessageSchema,
    version: i16,
    /// The body's length.
    len: usize,
    /// The bytes of the body read so far.
    read: usize,
    /// Bytes of a value to pass over before the next one.
    skip: usize,
    /// Where the reading is: the body's struct first.
    levels: Vec<Level>,
    tail_at: Option<usize>,
}

/// How far [`TailScanner::scan`] read its input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TailScan {
    /// The first this many bytes of the input were read, all before the
    /// tail; scan the rest again with the bytes that follow it.
    Before(usize),
    /// The tail starts this many bytes into the input: it is the rest of
    /// the body.
    Tail(usize),
}

#[derive(Debug, Clone, Copy)]
enum Level {
    /// A struct's fields from `next` on, then (when flexible) its tagged
    /// fields.
    Fields {
        schema: &'static StructSchema,
        flexible: bool,
        next: usize,
    },
    /// A nested struct's tagged fields: `left` still to pass over.
    Tags { left: u32, previous: Option<u32> },
    /// An array's elements: `left` of `count` still to read.
    Elements {
        ty: &'static KafkaType,
        flexible: bool,
        count: usize,
        left: usize,
    },
}

/// The most bytes one step reads at once: a uuid, or a tag and a size.
const STEP: usize = 16;

impl TailScanner {
    /// A scanner for a body of `len` bytes at `version`, which must be one
    /// of the schema's flexible versions (only those have tagged fields).
    pub fn new(schema: MessageSchema, version: i16, len: usize) -> Result<Self, DecodeError> {
        if !schema.versions.contains(version) || !schema.flexible.contains(version) {
            let supported = schema.versions.intersect(schema.flexible);
            return Err(DecodeError::new(DecodeErrorKind::UnsupportedVersion {
                version,
                supported,
            })
            .in_message(schema.body.name, version));
        }
        Ok(TailScanner {
            schema,
            version,
            len,
            read: 0,
            skip: 0,
            levels: vec![Level::Fields {
                schema: schema.body,
                flexible: true,
                next: 0,
            }],
            tail_at: None,
        })
    }

    /// Where the body's tagged fields start, once the scanner has reached
    /// them.
    pub fn tail_at(&self) -> Option<usize> {
        self.tail_at
    }

    /// Reads the body's next bytes: `input` starts where the last scan's
    /// [`TailScan::Before`] stopped. A value cut at the end of `input` is
    /// left unread, and read when it is given again with what follows it.
    /// Fails as a decoder would, naming the field, on a value that cannot
    /// be read or that claims more bytes than the body has left.
    pub fn scan(&mut self, input: &[u8]) -> Result<TailScan, DecodeError> {
        if self.tail_at.is_some() {
            return Ok(TailScan::Tail(0));
        }
        let mut pos = 0;
        let result = self.run(input, &mut pos);
        self.read += pos;
        result.map_err(|e| self.located(e))
    }

    fn run(&mut self, input: &[u8], pos: &mut usize) -> Result<TailScan, DecodeError> {
        loop {
            let passed = self.skip.min(input.len() - *pos);
            self.skip -= passed;
            *pos += passed;
            if self.skip > 0 {
                return Ok(TailScan::Before(*pos));
            }
            let rest = &input[*pos..];
            // What is left of the body; all of it is here when equal.
            let left = self.len - (self.read + *pos);
            let mut cur = &rest[..rest.len().min(left)];
            // A step cut short is taken again from here.
            let (depth, top) = (self.levels.len(), self.levels[self.levels.len() - 1]);
            match self.step(&mut cur, left) {
                Ok(true) => {
                    self.tail_at = Some(self.read + *pos);
                    return Ok(TailScan::Tail(*pos));
                }
                Ok(false) => *pos += rest.len().min(left) - cur.len(),
                // A value cut at the input's end: read with what follows.
                Err(_) if rest.len() < left && rest.len() < STEP => {
                    self.levels.truncate(depth - 1);
                    self.levels.push(top);
                    self.skip = 0;
                    return Ok(TailScan::Before(*pos));
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// One step at the innermost level, reading from `cur` (at most the
    /// `left` bytes the body has left): whether it reached the tail.
    fn step(&mut self, cur: &mut &[u8], left: usize) -> Result<bool, DecodeError> {
        let v = self.version;
        let start = cur.len();
        match self.levels.last_mut().expect("the tail ends the scan") {
            Level::Fields {
                schema,
                flexible,
                next,
            } => {
                let (schema, flexible) = (*schema, *flexible);
                let found = schema.fields[*next..]
                    .iter()
                    .position(|f| f.versions.contains(v) && !f.tagged.contains(v));
                let Some(i) = found else {
                    if self.levels.len() == 1 {
                        return Ok(true);
                    }
                    self.levels.pop();
                    if flexible {
                        let left = tagged::get_count(cur)?;
                        self.levels.push(Level::Tags {
                            left,
                            previous: None,
                        });
                    }
                    return Ok(false);
                };
                *next += i + 1;
                let field = &schema.fields[*next - 1];
                let (nullable, flexible) =
                    (field.nullable.contains(v), field.flexible_at(v, flexible));
                self.value(cur, left, &field.kafka_type, nullable, flexible)?;
            }
            Level::Tags { left: 0, .. } | Level::Elements { left: 0, .. } => {
                self.levels.pop();
            }
            Level::Tags {
                left: tags,
                previous,
            } => {
                let tag = codec::get_uvarint(cur)?;
                tagged::check_order(tag, previous)?;
                let size = codec::get_uvarint(cur)? as usize;
                *tags -= 1;
                let after = left - (start - cur.len());
                self.pass_over(size, after).map_err(|e| e.in_tag(tag))?;
            }
            Level::Elements {
                ty,
                flexible,
                left: elements,
                ..
            } => {
                let (ty, flexible) = (*ty, *flexible);
                *elements -= 1;
                self.value(cur, left, ty, false, flexible)?;
            }
        }
        Ok(false)
    }

    /// Starts reading one value of type `ty`: what it holds is passed over
    /// or read by the levels it opens.
    fn value(
        &mut self,
        cur: &mut &[u8],
        left: usize,
        ty: &'static KafkaType,
        nullable: bool,
        flexible: bool,
    ) -> Result<(), DecodeError> {
        let start = cur.len();
        if let Some(width) = ty.fixed_size() {
            return self.pass_over(width, left);
        }
        let form = match ty {
            KafkaType::String => LengthForm::string(flexible),
            KafkaType::Struct(schema) => {
                if nullable && !crate::wire::read_struct_marker(cur, false)? {
                    return Ok(());
                }
                self.levels.push(Level::Fields {
                    schema,
                    flexible,
                    next: 0,
                });
                return Ok(());
            }
            _ => LengthForm::array(flexible),
        };
        let len = match codec::get_length(cur, form)? {
            Some(len) => len,
            None if nullable => return Ok(()),
            None => return Err(DecodeErrorKind::UnexpectedNull.into()),
        };
        let after = left - (start - cur.len());
        let KafkaType::Array(inner) = ty else {
            return self.pass_over(len, after);
        };
        super::decode::check_count(len, inner, after)?;
        match inner.fixed_size() {
            // Checked above: the elements fit in what is left.
            Some(width) => self.skip = len * width,
            None => self.levels.push(Level::Elements {
                ty: inner,
                flexible,
                count: len,
                left: len,
            }),
        }
        Ok(())
    }

    /// Passes over the next `n` bytes, of the `left` the body has left.
    fn pass_over(&mut self, n: usize, left: usize) -> Result<(), DecodeError> {
        if n > left {
            return Err(DecodeError::truncated(n, left));
        }
        self.skip = n;
        Ok(())
    }

    /// An error at the field (and element) being read, in the message.
    fn located(&self, mut error: DecodeError) -> DecodeError {
        for level in self.levels.iter().rev() {
            match *level {
                Level::Fields { schema, next, .. } if next > 0 => {
                    error = error.in_field(schema.fields[next - 1].name);
                }
                Level::Elements { count, left, .. } if left < count => {
                    error = error.at_index(count - left - 1);
                }
                _ => {}
            }
        }
        error.in_message(self.schema.body.name, self.version)
    }
}
