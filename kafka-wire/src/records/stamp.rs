//! A broker's rewrite of a stored magic 2 batch's header for a topic whose
//! `message.timestamp.type` is `LogAppendTime`: the timestamp-type bit set,
//! the max timestamp the append time, the CRC-32C computed again (Kafka's
//! `DefaultRecordBatch.setMaxTimestamp`).

use crate::records::batch::{attr, batch_crc};
use crate::records::{header as at, RecordsError, RecordsErrorKind, BATCH_HEADER_LEN, MAGIC};

/// Marks the magic 2 batch in `batch` (its whole bytes, from the base
/// offset) as stamped at `timestamp` by the log it is appended to: its
/// attributes say log-append time, its max timestamp is `timestamp` (which
/// every record reads as), and its CRC-32C covers the new header. The
/// records are left as they are.
///
/// # Errors
///
/// [`RecordsErrorKind::Truncated`] when `batch` is shorter than a batch
/// header, [`RecordsErrorKind::InvalidMagic`] when it is not magic 2.
///
/// ```
/// use kafka_wire::records::{
///     stamp_log_append_time, NewRecord, RecordBatch, RecordBatchBuilder, TimestampType,
/// };
///
/// let mut builder = RecordBatchBuilder::new();
/// builder.append(NewRecord::new(1_000).value(b"v"))?;
/// let mut bytes = builder.build()?.into_bytes().to_vec();
/// stamp_log_append_time(&mut bytes, 5_000)?;
/// let batch = RecordBatch::parse(bytes.into(), Default::default())?;
/// assert_eq!(batch.timestamp_type(), TimestampType::LogAppendTime);
/// assert_eq!(batch.max_timestamp(), 5_000);
/// # Ok::<(), kafka_wire::records::RecordsError>(())
/// ```
pub fn stamp_log_append_time(batch: &mut [u8], timestamp: i64) -> Result<(), RecordsError> {
    if batch.len() < BATCH_HEADER_LEN {
        return Err(RecordsError::new(RecordsErrorKind::Truncated {
            field: "batch header",
            needed: BATCH_HEADER_LEN,
            remaining: batch.len(),
        }));
    }
    let magic = batch[at::MAGIC] as i8;
    if magic != MAGIC {
        return Err(RecordsError::new(RecordsErrorKind::InvalidMagic { magic }));
    }
    let attributes = i16::from_be_bytes([batch[at::ATTRIBUTES], batch[at::ATTRIBUTES + 1]])
        | attr::LOG_APPEND_TIME;
    batch[at::ATTRIBUTES..at::ATTRIBUTES + 2].copy_from_slice(&attributes.to_be_bytes());
    batch[at::MAX_TIMESTAMP..at::MAX_TIMESTAMP + 8].copy_from_slice(&timestamp.to_be_bytes());
    let crc = batch_crc(batch);
    batch[at::CRC..at::CRC + 4].copy_from_slice(&crc.to_be_bytes());
    Ok(())
}
