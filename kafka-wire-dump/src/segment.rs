//! A log segment read batch by batch. Memory is bounded by the largest
//! batch: a batch is read whole (its length is in the 12 bytes that frame
//! it), up to a limit; one that declares more is skipped, its length saying
//! where the next one starts.

use std::io::{self, Read, Seek, SeekFrom};

use bytes::Bytes;
use kafka_wire::records::{EntryFrame, LOG_OVERHEAD};

use crate::{Problem, ProblemKind};

/// What the next bytes of a segment hold.
#[derive(Debug)]
pub(crate) enum Entry {
    /// A whole batch at `position`: its bytes from its base offset to its end.
    Batch {
        /// Its byte position in the file.
        position: u64,
        /// Its bytes.
        bytes: Bytes,
    },
    /// A batch not read, whose length says where the next one starts.
    Skipped(Problem),
    /// The end of the segment: clean, or at bytes that are not a whole batch.
    End(Option<Problem>),
}

/// The batches of a log segment, read one at a time: memory holds one batch,
/// of at most the limit it was made with.
pub(crate) struct Segment<R> {
    input: R,
    len: u64,
    position: u64,
    max_batch_bytes: usize,
    done: bool,
}

impl<R: Read + Seek> Segment<R> {
    /// A segment of all of `input` (or of its first `max_bytes`), whose
    /// batches may take at most `max_batch_bytes` each.
    pub(crate) fn new(
        mut input: R,
        max_batch_bytes: usize,
        max_bytes: Option<u64>,
    ) -> io::Result<Self> {
        let len = input.seek(SeekFrom::End(0))?;
        // Kafka's `--max-bytes`: the segment as if it ended there.
        let len = max_bytes.map_or(len, |max| len.min(max));
        input.seek(SeekFrom::Start(0))?;
        Ok(Segment {
            input,
            len,
            position: 0,
            max_batch_bytes,
            done: false,
        })
    }

    /// The segment's size in bytes.
    pub(crate) fn len(&self) -> u64 {
        self.len
    }

    /// Where the next batch starts; after the end, where reading stopped.
    pub(crate) fn position(&self) -> u64 {
        self.position
    }

    /// The next batch, a batch skipped, or the end.
    pub(crate) fn next_entry(&mut self) -> io::Result<Entry> {
        if self.done {
            return Ok(Entry::End(None));
        }
        let at = self.position;
        let remaining = self.len.saturating_sub(at);
        let end = |this: &mut Self, kind| {
            this.done = true;
            Ok(Entry::End(Some(Problem { position: at, kind })))
        };
        if remaining == 0 {
            self.done = true;
            return Ok(Entry::End(None));
        }
        if remaining < LOG_OVERHEAD as u64 {
            return end(self, ProblemKind::TruncatedFrame { remaining });
        }
        let mut frame = [0u8; LOG_OVERHEAD];
        self.input.read_exact(&mut frame)?;
        let Some(entry) = EntryFrame::read(&frame) else {
            return end(self, ProblemKind::TruncatedFrame { remaining });
        };
        let Ok(size) = entry.size() else {
            return end(
                self,
                ProblemKind::InvalidLength {
                    length: entry.length,
                },
            );
        };
        if size > remaining {
            return end(self, ProblemKind::TruncatedBatch { size, remaining });
        }
        self.position = at + size;
        if size > self.max_batch_bytes as u64 {
            self.input.seek(SeekFrom::Start(self.position))?;
            return Ok(Entry::Skipped(Problem {
                position: at,
                kind: ProblemKind::BatchTooLarge {
                    size,
                    max: self.max_batch_bytes,
                },
            }));
        }
        // At most `max_batch_bytes`, and no more than the file still holds.
        let mut bytes = Vec::with_capacity(size as usize);
        bytes.extend_from_slice(&frame);
        (&mut self.input)
            .take(size - LOG_OVERHEAD as u64)
            .read_to_end(&mut bytes)?;
        if bytes.len() as u64 != size {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the file shrank while being read",
            ));
        }
        Ok(Entry::Batch {
            position: at,
            bytes: Bytes::from(bytes),
        })
    }
}
