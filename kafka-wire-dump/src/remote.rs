//! The records of `__remote_log_metadata`, the topic in which a broker with
//! tiered storage (KIP-405) keeps the state of the segments it copied to
//! remote storage: each value is a metadata frame
//! ([`MetadataFrame`]) and one of
//! four records, declared here from the schemas in `kafka-storage`'s jar
//! (`message/*.json`, release 4.4.0), and printed as Kafka's
//! `RemoteLogMetadataSerde` objects print themselves (`toString`), as its
//! `kafka-dump-log --remote-log-metadata-decoder` prints them.

use std::fmt::Write as _;

use kafka_messages::internal::MetadataFrame;
use kafka_wire::bytes::Bytes;
use kafka_wire::{
    DecodeError, DecodeErrorKind, KafkaMessage, Str, UnknownTaggedFields, Uuid, Versioned,
};

use crate::image::uuid_text;

/// A topic partition with its topic's id.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
pub struct TopicIdPartitionEntry {
    /// Topic name.
    #[kafka(versions = "0+")]
    pub name: Str,
    /// Unique identifier of the topic.
    #[kafka(versions = "0+")]
    pub id: Uuid,
    /// Partition number.
    #[kafka(versions = "0+")]
    pub partition: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// A remote log segment's id: its partition and its own id.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
pub struct RemoteLogSegmentIdEntry {
    /// Represents unique topic partition.
    #[kafka(versions = "0+")]
    pub topic_id_partition: TopicIdPartitionEntry,
    /// Unique identifier of the remote log segment.
    #[kafka(versions = "0+")]
    pub id: Uuid,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// A leader epoch and the offset it starts at in a segment.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
pub struct SegmentLeaderEpochEntry {
    /// Leader epoch.
    #[kafka(versions = "0+")]
    pub leader_epoch: i32,
    /// Start offset for the leader epoch.
    #[kafka(versions = "0+")]
    pub offset: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// API key 0: a segment copied (or being copied) to remote storage.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
pub struct RemoteLogSegmentMetadataRecord {
    /// Unique representation of the remote log segment.
    #[kafka(versions = "0+")]
    pub remote_log_segment_id: RemoteLogSegmentIdEntry,
    /// Start offset of the segment.
    #[kafka(versions = "0+")]
    pub start_offset: i64,
    /// End offset of the segment.
    #[kafka(versions = "0+")]
    pub end_offset: i64,
    /// Broker id from which this event is generated.
    #[kafka(versions = "0+")]
    pub broker_id: i32,
    /// Maximum timestamp in milliseconds with in this segment.
    #[kafka(versions = "0+")]
    pub max_timestamp_ms: i64,
    /// Epoch time in milliseconds at which this event is generated.
    #[kafka(versions = "0+")]
    pub event_timestamp_ms: i64,
    /// Leader epoch to start-offset mappings for the records with in this segment.
    #[kafka(versions = "0+")]
    pub segment_leader_epochs: Vec<SegmentLeaderEpochEntry>,
    /// Segment size in bytes.
    #[kafka(versions = "0+")]
    pub segment_size_in_bytes: i32,
    /// Custom metadata.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub custom_metadata: Option<Bytes>,
    /// State identifier of the remote log segment.
    #[kafka(versions = "0+")]
    pub remote_log_segment_state: i8,
    /// Flag to indicate if the transaction index is empty.
    #[kafka(versions = "0+", tag = 0, tagged = "0+")]
    pub txn_index_empty: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// API key 1: a segment's state changed.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
pub struct RemoteLogSegmentMetadataUpdateRecord {
    /// Unique representation of the remote log segment.
    #[kafka(versions = "0+")]
    pub remote_log_segment_id: RemoteLogSegmentIdEntry,
    /// Broker id from which this event is generated.
    #[kafka(versions = "0+")]
    pub broker_id: i32,
    /// Epoch time in milliseconds at which this event is generated.
    #[kafka(versions = "0+")]
    pub event_timestamp_ms: i64,
    /// Custom metadata.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub custom_metadata: Option<Bytes>,
    /// State identifier of the remote log segment.
    #[kafka(versions = "0+")]
    pub remote_log_segment_state: i8,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// API key 2: a partition's remote data being deleted.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
pub struct RemotePartitionDeleteMetadataRecord {
    /// Represents unique topic partition.
    #[kafka(versions = "0+")]
    pub topic_id_partition: TopicIdPartitionEntry,
    /// Broker (controller or leader) id from which this event is created.
    #[kafka(versions = "0+")]
    pub broker_id: i32,
    /// Epoch time in milliseconds at which this event is generated.
    #[kafka(versions = "0+")]
    pub event_timestamp_ms: i64,
    /// Deletion state identifier of the remote partition.
    #[kafka(versions = "0+")]
    pub remote_partition_delete_state: i8,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// API key 3: a segment's entry of a metadata snapshot.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
pub struct RemoteLogSegmentMetadataSnapshotRecord {
    /// Unique identifier of the log segment.
    #[kafka(versions = "0+")]
    pub segment_id: Uuid,
    /// Start offset of the segment.
    #[kafka(versions = "0+")]
    pub start_offset: i64,
    /// End offset of the segment.
    #[kafka(versions = "0+")]
    pub end_offset: i64,
    /// Broker (controller or leader) id from which this event is created or updated.
    #[kafka(versions = "0+")]
    pub broker_id: i32,
    /// Maximum timestamp with in this segment.
    #[kafka(versions = "0+")]
    pub max_timestamp_ms: i64,
    /// Event timestamp of this segment.
    #[kafka(versions = "0+")]
    pub event_timestamp_ms: i64,
    /// Leader epochs of this segment.
    #[kafka(versions = "0+")]
    pub segment_leader_epochs: Vec<SegmentLeaderEpochEntry>,
    /// Segment size in bytes.
    #[kafka(versions = "0+")]
    pub segment_size_in_bytes: i32,
    /// Custom metadata.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub custom_metadata: Option<Bytes>,
    /// State of the remote log segment.
    #[kafka(versions = "0+")]
    pub remote_log_segment_state: i8,
    /// Flag to indicate if the transaction index is empty.
    #[kafka(versions = "0+", tag = 0, tagged = "0+")]
    pub txn_index_empty: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// A record of `__remote_log_metadata`, by its API key.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum RemoteLogMetadata {
    /// API key 0.
    Segment(RemoteLogSegmentMetadataRecord),
    /// API key 1.
    Update(RemoteLogSegmentMetadataUpdateRecord),
    /// API key 2.
    PartitionDelete(RemotePartitionDeleteMetadataRecord),
    /// API key 3.
    Snapshot(RemoteLogSegmentMetadataSnapshotRecord),
}

impl RemoteLogMetadata {
    /// Reads a record's value: the metadata frame (version 1), then the
    /// record of its API key at its version, filling `value` exactly.
    pub fn decode(mut value: Bytes) -> Result<Self, DecodeError> {
        let frame = MetadataFrame::read(&mut value)?;
        if frame.frame_version != 1 {
            return Err(DecodeError::from(DecodeErrorKind::UnsupportedVersion {
                version: frame.frame_version,
                supported: kafka_wire::VersionRange::exactly(1),
            })
            .in_field("frame_version"));
        }
        let v = frame.version;
        Ok(match frame.api_key {
            0 => Self::Segment(RemoteLogSegmentMetadataRecord::decode_exact(value, v)?),
            1 => Self::Update(RemoteLogSegmentMetadataUpdateRecord::decode_exact(
                value, v,
            )?),
            2 => {
                Self::PartitionDelete(RemotePartitionDeleteMetadataRecord::decode_exact(value, v)?)
            }
            3 => Self::Snapshot(RemoteLogSegmentMetadataSnapshotRecord::decode_exact(
                value, v,
            )?),
            other => return Err(DecodeErrorKind::UnknownRecordType(other).into()),
        })
    }

    /// The record as Kafka's object of it prints itself (its `toString`),
    /// as `kafka-dump-log --remote-log-metadata-decoder` prints it.
    pub fn to_kafka_string(&self) -> String {
        let mut out = String::new();
        match self {
            Self::Segment(r) => {
                let _ = write!(
                    out,
                    "RemoteLogSegmentMetadata{{remoteLogSegmentId={}, startOffset={}, endOffset={}, \
                     brokerId={}, maxTimestampMs={}, eventTimestampMs={}, segmentLeaderEpochs={}, \
                     segmentSizeInBytes={}, customMetadata={}, state={}, txnIdxEmpty={}}}",
                    segment_id(&r.remote_log_segment_id),
                    r.start_offset,
                    r.end_offset,
                    r.broker_id,
                    r.max_timestamp_ms,
                    r.event_timestamp_ms,
                    epochs(&r.segment_leader_epochs),
                    r.segment_size_in_bytes,
                    custom(&r.custom_metadata),
                    segment_state(r.remote_log_segment_state),
                    r.txn_index_empty
                );
            }
            Self::Update(r) => {
                let _ = write!(
                    out,
                    "RemoteLogSegmentMetadataUpdate{{remoteLogSegmentId={}, customMetadata={}, \
                     state={}, eventTimestampMs={}, brokerId={}}}",
                    segment_id(&r.remote_log_segment_id),
                    custom(&r.custom_metadata),
                    segment_state(r.remote_log_segment_state),
                    r.event_timestamp_ms,
                    r.broker_id
                );
            }
            Self::PartitionDelete(r) => {
                let _ = write!(
                    out,
                    "RemotePartitionDeleteMetadata{{topicPartition={}, state={}, \
                     eventTimestampMs={}, brokerId={}}}",
                    topic_id_partition(&r.topic_id_partition),
                    delete_state(r.remote_partition_delete_state),
                    r.event_timestamp_ms,
                    r.broker_id
                );
            }
            Self::Snapshot(r) => {
                let _ = write!(
                    out,
                    "RemoteLogSegmentMetadataSnapshot{{segmentId={}, startOffset={}, endOffset={}, \
                     maxTimestampMs={}, segmentLeaderEpochs={}, segmentSizeInBytes={}, \
                     customMetadata={}, state={}, txnIdxEmpty={}}}",
                    uuid_text(&r.segment_id),
                    r.start_offset,
                    r.end_offset,
                    r.max_timestamp_ms,
                    epochs(&r.segment_leader_epochs),
                    r.segment_size_in_bytes,
                    custom(&r.custom_metadata),
                    segment_state(r.remote_log_segment_state),
                    r.txn_index_empty
                );
            }
        }
        out
    }
}

/// Java's `TopicIdPartition.toString`: `id:name-partition`.
fn topic_id_partition(tp: &TopicIdPartitionEntry) -> String {
    format!(
        "{}:{}-{}",
        uuid_text(&tp.id),
        tp.name.as_str(),
        tp.partition
    )
}

fn segment_id(id: &RemoteLogSegmentIdEntry) -> String {
    format!(
        "RemoteLogSegmentId{{topicIdPartition={}, id={}}}",
        topic_id_partition(&id.topic_id_partition),
        uuid_text(&id.id)
    )
}

/// Java's `TreeMap.toString` of epoch to offset: `{0=0, 3=120}`, by epoch;
/// a later entry of the same epoch replaces the earlier one.
fn epochs(entries: &[SegmentLeaderEpochEntry]) -> String {
    let map: std::collections::BTreeMap<i32, i64> =
        entries.iter().map(|e| (e.leader_epoch, e.offset)).collect();
    let inner: Vec<String> = map.iter().map(|(e, o)| format!("{e}={o}")).collect();
    format!("{{{}}}", inner.join(", "))
}

/// Java's `Optional<CustomMetadata>.toString`.
fn custom(bytes: &Option<Bytes>) -> String {
    match bytes {
        None => "Optional.empty".into(),
        Some(b) => format!("Optional[CustomMetadata{{{} bytes}}]", b.len()),
    }
}

/// `RemoteLogSegmentState`'s name by id; Kafka has no name for another id
/// (its `forId` returns null).
fn segment_state(id: i8) -> &'static str {
    match id {
        0 => "COPY_SEGMENT_STARTED",
        1 => "COPY_SEGMENT_FINISHED",
        2 => "DELETE_SEGMENT_STARTED",
        3 => "DELETE_SEGMENT_FINISHED",
        _ => "null",
    }
}

/// `RemotePartitionDeleteState`'s name by id.
fn delete_state(id: i8) -> &'static str {
    match id {
        0 => "DELETE_PARTITION_MARKED",
        1 => "DELETE_PARTITION_STARTED",
        2 => "DELETE_PARTITION_FINISHED",
        _ => "null",
    }
}
