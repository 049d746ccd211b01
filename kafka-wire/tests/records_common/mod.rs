//! What the records tests share: a seeded generator of records, an owned
//! record to compare with, and a builder call that writes them.

#![allow(dead_code)]

pub mod java;

use kafka_wire::records::{
    Compression, Header, NewRecord, Record, RecordBatch, RecordBatchBuilder, RecordsError,
};

/// 2023-11-14T22:13:20Z, the timestamp the tests count from.
pub const T0: i64 = 1_700_000_000_000;

/// Every record of a batch; panics on an error (tests only).
pub fn records_of(batch: &RecordBatch) -> Vec<Record> {
    batch
        .records()
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap()
}

/// A record's headers, owned.
pub fn headers_of(r: &Record) -> Vec<(Vec<u8>, Option<Vec<u8>>)> {
    r.headers()
        .map(|h| (h.key.to_vec(), h.value.map(<[u8]>::to_vec)))
        .collect()
}

pub use kafka_wire_test_support::Rng;

/// What the record tests draw, on the workspace's seeded generator.
pub trait RecordDraws {
    /// Up to `max` bytes: compressible half the time, noise the other half.
    fn bytes(&mut self, max: u64) -> Vec<u8>;
    /// [`bytes`](RecordDraws::bytes), or null one time in five.
    fn nullable(&mut self, max: u64) -> Option<Vec<u8>>;
}

impl RecordDraws for Rng {
    fn bytes(&mut self, max: u64) -> Vec<u8> {
        let n = self.below(max + 1) as usize;
        if self.below(2) == 0 {
            (0..n).map(|i| b"kafka records "[i % 14]).collect()
        } else {
            (0..n).map(|_| self.next_u64() as u8).collect()
        }
    }

    fn nullable(&mut self, max: u64) -> Option<Vec<u8>> {
        (self.below(5) != 0).then(|| self.bytes(max))
    }
}

/// An owned record, to compare what was written with what was read.
#[derive(Debug, Clone, PartialEq)]
pub struct Owned {
    pub offset: i64,
    pub timestamp: i64,
    pub key: Option<Vec<u8>>,
    pub value: Option<Vec<u8>>,
    pub headers: Vec<(Vec<u8>, Option<Vec<u8>>)>,
}

impl Owned {
    pub fn read(r: &Record) -> Self {
        Owned {
            offset: r.offset(),
            timestamp: r.timestamp(),
            key: r.key().map(<[u8]>::to_vec),
            value: r.value().map(<[u8]>::to_vec),
            headers: headers_of(r),
        }
    }
}

/// `count` records from `base_offset` on (with some gaps): nulls, headers,
/// timestamps of -1, compressible and random bytes, now and then a large value.
pub fn random_records(rng: &mut Rng, base_offset: i64, count: usize) -> Vec<Owned> {
    let mut offset = base_offset;
    (0..count)
        .map(|_| {
            let max_value = if rng.below(60) == 0 { 70_000 } else { 300 };
            let o = Owned {
                offset,
                timestamp: if rng.below(10) == 0 {
                    -1
                } else {
                    T0 + rng.below(1 << 40) as i64 - (1 << 39)
                },
                key: rng.nullable(40),
                value: rng.nullable(max_value),
                headers: (0..rng.below(4))
                    .map(|_| (rng.bytes(12), rng.nullable(30)))
                    .collect(),
            };
            offset += 1 + rng.below(3) as i64 * (rng.below(2) as i64);
            o
        })
        .collect()
}

/// Appends `records` at their offsets.
pub fn append_all(b: &mut RecordBatchBuilder, records: &[Owned]) -> Result<(), RecordsError> {
    for r in records {
        let headers: Vec<Header<'_>> = r
            .headers
            .iter()
            .map(|(k, v)| Header {
                key: k,
                value: v.as_deref(),
            })
            .collect();
        let rec = NewRecord {
            timestamp: r.timestamp,
            key: r.key.as_deref(),
            value: r.value.as_deref(),
            headers: &headers,
        };
        b.append_with_offset(r.offset, rec)?;
    }
    Ok(())
}

/// A batch of `records` with codec `c`, from an idempotent producer.
pub fn build(
    c: Compression,
    base_offset: i64,
    records: &[Owned],
) -> Result<RecordBatch, RecordsError> {
    let mut b = RecordBatchBuilder::new()
        .compression(c)
        .base_offset(base_offset)
        .producer(77, 3, 12)
        .partition_leader_epoch(9);
    append_all(&mut b, records)?;
    b.build()
}
