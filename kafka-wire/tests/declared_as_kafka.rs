//! Declarations written as Kafka's JSON schemas write them: versioned header
//! and data schemas without an API key, fields kept from removed versions,
//! `default = Some(x)`, the JSON facts with no wire effect, and type aliases.

use kafka_wire::schema::{self, KafkaType};
use kafka_wire::{
    EncodeErrorKind, KafkaMessage, KafkaStruct, Message, Str, UnknownTaggedFields, VersionRange,
    Versioned, WireView,
};

/// Like Kafka's `ConsumerProtocolSubscription`: `"type": "data"`, versioned,
/// no API key.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0-3", flexible = "none")]
pub struct Subscription {
    #[kafka(versions = "0+")]
    pub topics: Vec<Str>,
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub user_data: Option<bytes::Bytes>,
    #[kafka(versions = "2+", default = -1, ignorable)]
    pub generation_id: i32,
    #[kafka(versions = "3+", nullable = "3+", default = None, ignorable)]
    pub rack_id: Option<Str>,
}

#[test]
fn a_data_schema_encodes_and_decodes_at_its_own_versions() {
    assert_eq!(Subscription::VERSIONS, VersionRange::new(0, 3));
    assert_eq!(Subscription::FLEXIBLE, VersionRange::NONE);
    let sub = Subscription {
        topics: vec!["t".into()],
        user_data: None,
        generation_id: 9,
        rack_id: Some("r1".into()),
    };
    let v3 = sub.encode_to_vec(3).unwrap();
    assert_eq!(
        v3,
        [0, 0, 0, 1, 0, 1, b't', 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 9, 0, 2, b'r', b'1']
    );
    assert_eq!(Subscription::decode_exact(&v3[..], 3).unwrap(), sub);
    // Ignorable fields are dropped in versions without them.
    let v0 = sub.encode_to_vec(0).unwrap();
    assert_eq!(v0, [0, 0, 0, 1, 0, 1, b't', 0xff, 0xff, 0xff, 0xff]);
    let back = Subscription::decode_exact(&v0[..], 0).unwrap();
    assert_eq!((back.generation_id, back.rack_id), (-1, None));
    let err = sub.encode_to_vec(4).unwrap_err();
    assert!(
        matches!(
            err.kind(),
            EncodeErrorKind::UnsupportedVersion { version: 4, .. }
        ),
        "{err}"
    );
}

/// Like ShareFetchRequest's `PartitionMaxBytes`: versions "0" in a "1-2"
/// message, kept by Kafka after version 0 went.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
pub struct Partition {
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    #[kafka(versions = "0")]
    pub partition_max_bytes: i32,
    #[kafka(versions = "0", ignorable)]
    pub old_hint: i32,
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1000, versions = "1-2", flexible = "1+")]
pub struct Fetchish {
    #[kafka(versions = "0+")]
    pub partitions: Vec<Partition>,
    #[kafka(versions = "0", default = 5)]
    pub removed_top_level: i32,
}

#[test]
fn fields_of_removed_versions_are_never_on_the_wire() {
    assert_eq!(
        schema::dead_fields(&Fetchish::SCHEMA, Fetchish::VERSIONS),
        [
            "Partition.partition_max_bytes",
            "Partition.old_hint",
            "Fetchish.removed_top_level"
        ]
    );
    let msg = Fetchish {
        partitions: vec![Partition {
            partition_index: 3,
            ..Default::default()
        }],
        ..Default::default()
    };
    let bytes = msg.encode_to_vec(1).unwrap();
    // compact array of 1, the index, the partition's and the message's empty tagged sections.
    assert_eq!(bytes, [2, 0, 0, 0, 3, 0, 0]);
    let back = Fetchish::decode_exact(&bytes[..], 1).unwrap();
    assert_eq!(back, msg);
    assert_eq!(back.removed_top_level, 5, "decoding gives the default");

    // A non-default value cannot be written, unless the field is ignorable.
    let mut refused = msg.clone();
    refused.partitions[0].partition_max_bytes = 1;
    let err = refused.encode_to_vec(2).unwrap_err();
    assert!(
        matches!(err.kind(), EncodeErrorKind::NonDefaultAbsent),
        "{err}"
    );
    assert!(
        err.to_string().contains("partition_max_bytes"),
        "names the field: {err}"
    );
    let mut dropped = msg.clone();
    dropped.partitions[0].old_hint = 1;
    assert_eq!(dropped.encode_to_vec(2).unwrap(), bytes);
}

/// Kafka's JSON names, map keys and entity types, kept in the schema.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(name = "CreatableTopic")]
pub struct Topic {
    #[kafka(versions = "0+", map_key, entity_type = "topicName")]
    pub name: Str,
    #[kafka(versions = "0+", name = "timeoutMs")]
    pub timeout_ms: i32,
    #[kafka(versions = "0+")]
    pub r#type: i8,
}

#[test]
fn json_facts_without_wire_effect_are_in_the_schema() {
    let s = Topic::SCHEMA;
    assert_eq!((s.name, s.json_name), ("Topic", "CreatableTopic"));
    let names: Vec<_> = s.fields.iter().map(|f| (f.name, f.json_name)).collect();
    assert_eq!(
        names,
        [
            ("name", "Name"),
            ("timeout_ms", "timeoutMs"),
            ("type", "Type")
        ]
    );
    assert!(s.fields[0].map_key && !s.fields[1].map_key);
    assert_eq!(s.fields[0].entity_type, Some("topicName"));
    assert_eq!(s.fields[1].entity_type, None);
    assert_eq!(
        s.json_field("timeoutMs").map(|f| f.name),
        Some("timeout_ms")
    );
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0-1", flexible = "1+")]
pub struct Defaults {
    #[kafka(versions = "0+", nullable = "0+", default = Some("x"))]
    pub with_some: Option<Str>,
    #[kafka(versions = "0+", nullable = "0+", default = "x")]
    pub without_some: Option<Str>,
    #[kafka(versions = "0+", nullable = "0+", default = Some(kafka_wire::bytes::Bytes::new()))]
    pub some_expr: Option<kafka_wire::bytes::Bytes>,
}

#[test]
fn default_some_x_and_x_mean_the_same() {
    let d = Defaults::default();
    assert_eq!(d.with_some, Some("x".into()));
    assert_eq!(d.with_some, d.without_some);
    assert_eq!(d.some_expr, Some(bytes::Bytes::new()));
    let f = &Defaults::SCHEMA.fields;
    assert_eq!((f[0].default, f[1].default), (Some("x"), Some("x")));
}

type Name = Str;
type Kept = UnknownTaggedFields;

/// Aliases pass as the types they name, where the compiler decides.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0-2", flexible = "1+")]
pub struct Aliased {
    #[kafka(versions = "0+", flexible = "none")]
    pub client: Name,
    #[kafka(unknown_tagged_fields)]
    pub kept: Kept,
}

#[test]
fn type_aliases_are_seen_through() {
    let a = Aliased {
        client: "ab".into(),
        kept: Kept::new(),
    };
    // A classic int16 string even in a flexible version, then the tag section.
    assert_eq!(a.encode_to_vec(1).unwrap(), [0, 2, b'a', b'b', 0]);
    assert_eq!(Aliased::SCHEMA.fields[0].kafka_type, KafkaType::String);
    let schema = Aliased::SCHEMA;
    assert!(schema.keeps_unknown_tags);
}

#[test]
fn the_runtime_headers_are_declared_as_kafka_declares_them() {
    use kafka_wire::{RequestHeader, ResponseHeader};
    assert_eq!(RequestHeader::VERSIONS, VersionRange::new(0, 2)); // v0: Kafka 3.9's ControlledShutdown v0
    assert_eq!(RequestHeader::FLEXIBLE, VersionRange::from_lowest(2));
    assert_eq!(ResponseHeader::VERSIONS, VersionRange::new(0, 1));
    let json: Vec<_> = RequestHeader::SCHEMA
        .fields
        .iter()
        .map(|f| f.json_name)
        .collect();
    assert_eq!(
        json,
        [
            "RequestApiKey",
            "RequestApiVersion",
            "CorrelationId",
            "ClientId"
        ]
    );
    let client_id = RequestHeader::SCHEMA.json_field("ClientId").unwrap();
    assert_eq!(client_id.flexible, Some(VersionRange::NONE));
    // A Message is Versioned too.
    fn api_key<M: Message>() -> i16 {
        M::API_KEY
    }
    assert_eq!(api_key::<Fetchish>(), 1000);
}

/// Like the `ClassicMemberMetadata` of Kafka's `ConsumerGroupMemberMetadataValue`:
/// a nullable struct in a tagged field, whose default is the empty struct.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+", view)]
pub struct Member {
    #[kafka(versions = "0+", nullable = "0+", tag = 0, tagged = "0+")]
    pub classic: Option<Classic>,
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+", view)]
pub struct Classic {
    #[kafka(versions = "0+")]
    pub session_timeout_ms: i32,
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// In a tagged field, a nullable struct's null marker is an unsigned varint
/// (0 null, 1 present), where a regular field's is an int8 (-1, 1): Kafka's
/// generator writes and reads it so. The typed codec, the views and the
/// interpreted codec agree.
#[test]
fn a_tagged_nullable_struct_is_marked_by_a_varint() {
    let null = Member {
        classic: None,
        unknown_tagged_fields: UnknownTaggedFields::new(),
    };
    // One tagged field: tag 0, size 1, marker 0 (null); the struct's own
    // empty tagged section came first.
    let bytes = null.encode_to_vec(0).unwrap();
    assert_eq!(bytes, [1, 0, 1, 0]);
    assert_eq!(null.encoded_len(0), bytes.len());
    assert_eq!(Member::decode_exact(&bytes[..], 0).unwrap(), null);
    let present = Member {
        classic: Some(Classic {
            session_timeout_ms: 7,
            unknown_tagged_fields: UnknownTaggedFields::new(),
        }),
        ..null.clone()
    };
    let bytes = present.encode_to_vec(0).unwrap();
    assert_eq!(bytes, [1, 0, 6, 1, 0, 0, 0, 7, 0]);
    assert_eq!(Member::decode_exact(&bytes[..], 0).unwrap(), present);
    // The empty struct is the default: not written.
    let empty = Member {
        classic: Some(Classic {
            session_timeout_ms: 0,
            unknown_tagged_fields: UnknownTaggedFields::new(),
        }),
        ..null.clone()
    };
    assert_eq!(empty.encode_to_vec(0).unwrap(), [0]);
    // Views and the interpreted codec read both alike.
    for m in [&null, &present] {
        let bytes = m.encode_to_vec(0).unwrap();
        let view = Member::view(&mut &bytes[..], 0).unwrap();
        assert_eq!(Member::from_view(view), *m);
        let schema = kafka_wire::schema::MessageSchema {
            body: &Member::SCHEMA,
            versions: Member::VERSIONS,
            flexible: Member::FLEXIBLE,
            api_key: None,
        };
        let dynamic =
            kafka_wire::dynamic::DynamicMessage::decode_exact(schema, 0, bytes.clone().into())
                .unwrap();
        assert_eq!(dynamic.encode_to_vec().unwrap(), bytes);
    }
    // An int8 null marker (0xff) is not a varint Kafka writes there.
    assert!(Member::decode_exact(&[1, 0, 1, 0xff][..], 0).is_err());
}
