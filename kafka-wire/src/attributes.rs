//! # `#[derive(KafkaMessage)]` attribute reference
//!
//! This module holds no code: it documents every `#[kafka(...)]` key, where it
//! goes, what it means in Kafka's JSON schema language, and an example that
//! compiles. A message is a plain struct; its fields carry the same facts as the
//! fields of Kafka's JSON schemas.
//!
//! | key | on | Kafka JSON | meaning |
//! |---|---|---|---|
//! | [`api_key = N`](#api_key) | struct | `apiKey` | makes the struct a top-level [`Message`](crate::Message) |
//! | [`versions = "…"`](#versions) | struct, field | `validVersions`, `versions` | versions the struct / field exists in; on a struct without `api_key`, a [header or data schema](#header-and-data-schemas) |
//! | [`flexible = "…"`](#flexible) | struct; string/bytes field | `flexibleVersions` | versions with compact lengths and tagged fields; per-field override |
//! | [`nullable = "…"`](#nullable) | field (`Option<_>`) | `nullableVersions` | versions in which the field may be null |
//! | [`tag = N`, `tagged = "…"`](#tag-and-tagged) | field | `tag`, `taggedVersions` | the field is a tagged field in those versions |
//! | [`default = expr`](#default) | field | `default` | the value when absent, in `Default`, and for the tagged/absent rules |
//! | [`ignorable`](#ignorable) | field | `ignorable` | may be dropped silently in versions that lack it |
//! | [`unknown_tagged_fields`](#unknown_tagged_fields) | field | (`_unknownTaggedFields`) | keeps tags this struct does not declare |
//! | [`name = "…"`](#name-map_key-entity_type) | struct, field | `name` | the name as the JSON writes it, when the Rust name does not say it |
//! | [`map_key`](#name-map_key-entity_type) | field | `mapKey` | the field keys its struct in a map-like array (no wire effect) |
//! | [`entity_type = "…"`](#name-map_key-entity_type) | field | `entityType` | what the value names: `topicName`, `brokerId`, ... (no wire effect) |
//! | [`view`](#view) | struct | — | also derive the borrowed view `<Name>View<'a>`, read in place without allocating |
//! | [`crate = "path"`](#crate) | struct | — | where `kafka_wire` is, when renamed |
//!
//! Written by habit, a JSON key (`nullableVersions`, `apiKey`, `about`, ...) is an
//! error that names the attribute to write instead; so is `default = "null"`
//! (write `default = None`), a quoted number (`default = "-1"`: drop the quotes)
//! and `[u8; 16]` for a uuid (use [`Uuid`](crate::Uuid)).
//!
//! A version range is written as Kafka writes it: `"N+"` (N and later), `"N-M"`,
//! `"N"` or `"none"`. Every mistake in these attributes is a compile error at the
//! offending token, all reported at once.
//!
//! ## Field types
//!
//! The Rust type says the wire type:
//!
//! | Kafka | Rust |
//! |---|---|
//! | `bool`, `int8`, `int16`, `uint16`, `int32`, `uint32`, `int64`, `float64` | `bool`, `i8`, `i16`, `u16`, `i32`, `u32`, `i64`, `f64` |
//! | `string` | [`Str`](crate::Str) (inline when short, else zero-copy from `Bytes`) or `String` |
//! | `bytes` | [`Bytes`](bytes::Bytes) |
//! | `records` | [`Records`](crate::Records) |
//! | `uuid` | [`Uuid`](crate::Uuid) |
//! | `[]T` | `Vec<T>` of any of these, or of a derived struct |
//! | a nested struct | any struct deriving `KafkaMessage` |
//! | nullable string / bytes / records / array / struct | `Option<_>` of the above, with `nullable = "…"` |
//!
//! ## `api_key`
//!
//! On the struct, with `versions` (required) and `flexible` (default `"none"`):
//! the struct becomes a top-level message, implementing [`Message`](crate::Message)
//! with `encode`, `decode` and `encoded_len` that check the version. A struct
//! without `api_key` is a nested struct: it inherits the version and flexibility
//! from the message that contains it.
//!
//! ```
//! use kafka_wire::{KafkaMessage, Message, Versioned};
//!
//! #[derive(Debug, Clone, PartialEq, KafkaMessage)]
//! #[kafka(api_key = 1000, versions = "2-7", flexible = "5+")]
//! pub struct MyRequest {
//!     #[kafka(versions = "0+")]
//!     pub items: Vec<Item>,
//! }
//!
//! /// Nested: no struct attribute.
//! #[derive(Debug, Clone, PartialEq, KafkaMessage)]
//! pub struct Item {
//!     #[kafka(versions = "0+")]
//!     pub id: i32,
//! }
//!
//! assert_eq!(MyRequest::API_KEY, 1000);
//! assert!(MyRequest::VERSIONS.contains(2) && !MyRequest::VERSIONS.contains(8));
//! assert!(MyRequest::FLEXIBLE.contains(5));
//! ```
//!
//! ## Header and data schemas
//!
//! `versions` (and `flexible`) on a struct without `api_key`: one of Kafka's
//! `"type": "header"` or `"type": "data"` schemas (the request and response
//! headers, ConsumerProtocolSubscription, the KRaft snapshot records, ...). It
//! implements [`Versioned`](crate::Versioned): encoded, sized and decoded at a
//! version of its own, for example into the metadata bytes of a JoinGroup.
//! [`Message`](crate::Message) is a `Versioned` struct with an API key.
//!
//! ```
//! use kafka_wire::{KafkaMessage, Str, Versioned};
//!
//! #[derive(Debug, Clone, PartialEq, KafkaMessage)]
//! #[kafka(versions = "0-3", flexible = "none")]
//! struct ConsumerProtocolSubscription {
//!     #[kafka(versions = "0+")]
//!     topics: Vec<Str>,
//!     #[kafka(versions = "0+", nullable = "0+", default = None)]
//!     user_data: Option<kafka_wire::bytes::Bytes>,
//! }
//!
//! let sub = ConsumerProtocolSubscription { topics: vec!["orders".into()], user_data: None };
//! let metadata = sub.encode_to_vec(0)?;
//! assert_eq!(ConsumerProtocolSubscription::decode_exact(&metadata[..], 0)?, sub);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## `versions`
//!
//! On a field: the versions it exists in (default `"0+"`). In other versions it
//! is not on the wire: decoding gives its default, and encoding a non-default
//! value fails (unless [`ignorable`](#ignorable)). Kafka 4.0 removed old message
//! versions but kept the fields' ranges, so `"0+"` in a `"2-7"` message is normal.
//! Kafka also keeps fields that can no longer appear at all (ShareFetchRequest's
//! `PartitionMaxBytes`, versions `"0"` in a `"1-2"` message), and so may a
//! declaration: such a field is never on the wire, by the same rule
//! ([`schema::dead_fields`](crate::schema::dead_fields) lists them).
//!
//! ```
//! use kafka_wire::{KafkaMessage, Versioned};
//!
//! #[derive(Debug, Clone, PartialEq, KafkaMessage)]
//! #[kafka(api_key = 1000, versions = "0-1")]
//! struct Ping {
//!     #[kafka(versions = "1+")]
//!     nonce: i64,
//! }
//!
//! assert_eq!(Ping { nonce: 0 }.encoded_len(0), 0);
//! assert_eq!(Ping { nonce: 0 }.encoded_len(1), 8);
//! let err = Ping { nonce: 7 }.encode(&mut Vec::new(), 0).unwrap_err();
//! assert_eq!(err.to_string(), "Ping.nonce (version 0): field is absent in this version \
//!     but holds a non-default value (and is not ignorable)");
//! ```
//!
//! ## `flexible`
//!
//! On the struct: the flexible versions, where strings, bytes and arrays have
//! compact (uvarint) lengths and every struct ends with a tagged-field section.
//! On a string or bytes field: an override that narrows it, as Kafka's request
//! header does for `client_id` (`flexible = "none"` keeps the int16 length).
//!
//! ```
//! use kafka_wire::{KafkaMessage, Str, Versioned};
//!
//! #[derive(Debug, Clone, PartialEq, KafkaMessage)]
//! #[kafka(api_key = 1000, versions = "0-1", flexible = "1+")]
//! struct Named {
//!     #[kafka(versions = "0+")]
//!     compact: Str,
//!     #[kafka(versions = "0+", flexible = "none")]
//!     classic: Str,
//! }
//!
//! let m = Named { compact: "a".into(), classic: "b".into() };
//! let mut buf = Vec::new();
//! m.encode(&mut buf, 1)?;
//! assert_eq!(buf, [2, b'a', 0, 1, b'b', 0]); // compact, int16, empty tag section
//! # Ok::<(), kafka_wire::EncodeError>(())
//! ```
//!
//! ## `nullable`
//!
//! The versions in which the field may be null; the field must be an `Option`.
//! `None` in another version is an error in both directions. Without a
//! [`default`](#default), a nullable field defaults to the empty non-null value
//! (`Some("")`, `Some(vec![])`), as Kafka's Java classes do.
//!
//! ```
//! use kafka_wire::{KafkaMessage, Str, Versioned};
//!
//! #[derive(Debug, Clone, PartialEq, KafkaMessage)]
//! #[kafka(api_key = 1000, versions = "0-1")]
//! struct Reply {
//!     #[kafka(versions = "0+", nullable = "1+")]
//!     error_message: Option<Str>,
//! }
//!
//! assert_eq!(Reply::default().error_message.as_deref(), Some(""));
//! let null = Reply { error_message: None };
//! assert!(null.encode(&mut Vec::new(), 0).is_err());
//! let mut buf = Vec::new();
//! null.encode(&mut buf, 1)?;
//! assert_eq!(buf, [0xff, 0xff]);
//! # Ok::<(), kafka_wire::EncodeError>(())
//! ```
//!
//! ## `tag` and `tagged`
//!
//! Always together: the tag number and the versions in which the field is a
//! tagged field (they must be flexible versions of the message, and inside the
//! field's `versions`). A tagged field is written only when it is not its
//! default, in ascending tag order, merged with kept unknown tags. Decoding
//! rejects tags out of order, duplicated, or whose value does not fill its size.
//!
//! ```
//! use kafka_wire::{KafkaMessage, Versioned};
//!
//! #[derive(Debug, Clone, PartialEq, KafkaMessage)]
//! #[kafka(api_key = 1000, versions = "0", flexible = "0+")]
//! struct Status {
//!     #[kafka(versions = "0+")]
//!     code: i16,
//!     #[kafka(versions = "0+", tag = 0, tagged = "0+", default = -1)]
//!     epoch: i64,
//! }
//!
//! let mut buf = Vec::new();
//! Status { code: 1, epoch: -1 }.encode(&mut buf, 0)?;
//! assert_eq!(buf, [0, 1, 0]); // epoch at its default: no tagged field
//! buf.clear();
//! Status { code: 1, epoch: 5 }.encode(&mut buf, 0)?;
//! assert_eq!(buf, [0, 1, 1, 0, 8, 0, 0, 0, 0, 0, 0, 0, 5]);
//! # Ok::<(), kafka_wire::EncodeError>(())
//! ```
//!
//! ## `default`
//!
//! Any expression of the field's type (string literals are converted with
//! `From`, so `default = "x"` works for `Str` and `String`); `default = None`
//! makes null the default of a nullable field, which must then be nullable in
//! all of its versions (else the default could not be encoded; Kafka's own
//! generator has the same rule). It is used by the generated
//! `impl Default` (do not also derive std's `Default`), by decoding when the
//! field is absent, by the absent-field rule, and to decide whether a tagged
//! field is written.
//!
//! ```
//! use kafka_wire::{KafkaMessage, Str};
//!
//! #[derive(Debug, Clone, PartialEq, KafkaMessage)]
//! struct Settings {
//!     #[kafka(versions = "0+", default = 60000)]
//!     timeout_ms: i32,
//!     #[kafka(versions = "0+", default = "all")]
//!     acks: Str,
//!     #[kafka(versions = "0+", nullable = "0+", default = None)]
//!     rack: Option<Str>,
//! }
//!
//! let s = Settings::default();
//! assert_eq!((s.timeout_ms, s.acks.as_str(), s.rack), (60000, "all", None));
//! ```
//!
//! An `Option` field takes `default = Some(x)` or, the same, `default = x`.
//!
//! ## `ignorable`
//!
//! The field may be dropped silently when encoding a version that lacks it (it
//! is informational, like a throttle time or a topic id). Without it, a
//! non-default value there is an error naming the field and version, so nothing
//! is lost without notice.
//!
//! ```
//! use kafka_wire::{KafkaMessage, Versioned};
//!
//! #[derive(Debug, Clone, PartialEq, KafkaMessage)]
//! #[kafka(api_key = 1000, versions = "0-1")]
//! struct Answer {
//!     #[kafka(versions = "1+", ignorable)]
//!     throttle_time_ms: i32,
//! }
//!
//! assert!(Answer { throttle_time_ms: 100 }.encode(&mut Vec::new(), 0).is_ok());
//! ```
//!
//! ## `unknown_tagged_fields`
//!
//! On one field of type [`UnknownTaggedFields`](crate::UnknownTaggedFields): tags
//! this struct does not declare are kept there when decoding and written back
//! when encoding, so a decode → encode round trip loses nothing. A kept tag
//! equal to a declared one is an encode error. Without such a field, unknown
//! tags are skipped, as Kafka's protocol allows.
//!
//! ```
//! use kafka_wire::{KafkaMessage, UnknownTaggedFields, Versioned};
//!
//! #[derive(Debug, Clone, PartialEq, KafkaMessage)]
//! #[kafka(api_key = 1000, versions = "0", flexible = "0+")]
//! struct Forward {
//!     #[kafka(unknown_tagged_fields)]
//!     unknown: UnknownTaggedFields,
//! }
//!
//! let wire = [1, 42, 1, 0xaa]; // one tagged field: tag 42, 1 byte
//! let m = Forward::decode(&mut &wire[..], 0)?;
//! assert_eq!(m.unknown.get(42).map(|b| &b[..]), Some(&[0xaa][..]));
//! let mut again = Vec::new();
//! m.encode(&mut again, 0)?;
//! assert_eq!(again, wire);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## `name`, `map_key`, `entity_type`
//!
//! Facts of Kafka's JSON with no effect on the wire, kept in
//! [`KafkaStruct::SCHEMA`](crate::KafkaStruct::SCHEMA) for tools (wire pages,
//! map lookups, conformance tests). `name` is the name as the JSON writes it,
//! where the Rust name in UpperCamelCase (`timeout_ms` → `TimeoutMs`) is not it:
//! Kafka mixes `Topics`, `timeoutMs` and `validateOnly`.
//!
//! ```
//! use kafka_wire::{KafkaMessage, KafkaStruct, Str};
//!
//! #[derive(Debug, Clone, PartialEq, KafkaMessage)]
//! #[kafka(name = "CreatableTopic")]
//! struct Topic {
//!     #[kafka(versions = "0+", map_key, entity_type = "topicName")]
//!     name: Str,
//!     #[kafka(versions = "0+", name = "timeoutMs")]
//!     timeout_ms: i32,
//! }
//!
//! let schema = Topic::SCHEMA;
//! assert_eq!(schema.json_name, "CreatableTopic");
//! assert_eq!(schema.fields[0].json_name, "Name");
//! assert!(schema.fields[0].map_key);
//! assert_eq!(schema.fields[0].entity_type, Some("topicName"));
//! assert_eq!(schema.json_field("timeoutMs").unwrap().name, "timeout_ms");
//! ```
//!
//! ## Type aliases
//!
//! Where the compiler decides a rule, an alias passes as the type it names: a
//! `flexible` override on `type ClientId = Str;`, and an alias of
//! `UnknownTaggedFields`. Two rules read the spelling and say so in their
//! errors: `Option<…>` (nullable fields) is recognised as written, and the
//! literal checks of `default = …` apply to the built-in type names.
//!
//! ## `view`
//!
//! A flag on the struct: the derive also writes `<Name>View<'a>`, a struct of
//! the same fields (and docs) read in place from the bytes, and implements
//! [`WireView`](crate::WireView) for the struct. A top-level struct is viewed
//! with [`Versioned::view`](crate::Versioned::view); a nested struct is viewed
//! inside the view of the struct around it, so every struct a view reaches
//! needs `view` too (the compiler says which one lacks it). Each field's view
//! type is [`ViewOf<'a, T>`](crate::ViewOf): values for numbers, `&str` for
//! strings, [`ArrayView`](crate::ArrayView) for arrays; a field absent from a
//! version views as its default (a literal `default` is its own view, a
//! string literal on a bytes field its bytes; any other `default` expression
//! must also be a value of the field's view type). See the [`view`](crate::view) module for why
//! views are structs and what they check.
//!
//! ```
//! use kafka_wire::{KafkaMessage, Str, Versioned};
//!
//! #[derive(Debug, Clone, PartialEq, KafkaMessage)]
//! #[kafka(api_key = 1000, versions = "0-1", flexible = "1+", view)]
//! pub struct Produce {
//!     #[kafka(versions = "0+")]
//!     pub topics: Vec<Topic>,
//!     #[kafka(versions = "1+", default = -1)]
//!     pub acks: i16,
//! }
//!
//! #[derive(Debug, Clone, PartialEq, KafkaMessage)]
//! #[kafka(view)]
//! pub struct Topic {
//!     #[kafka(versions = "0+")]
//!     pub name: Str,
//! }
//!
//! let wire = Produce { topics: vec![Topic { name: "orders".into() }], acks: -1 }
//!     .encode_to_vec(0)?;
//! let view: ProduceView<'_> = Produce::view_exact(&wire, 0)?;
//! assert_eq!(view.acks, -1); // not in v0: its default
//! let names: Vec<&str> = view.topics.iter().map(|t| t.name).collect();
//! assert_eq!(names, ["orders"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## `crate`
//!
//! Generated code names the runtime by absolute path, `::kafka_wire`. When the
//! crate is renamed or re-exported, say where it is:
//!
//! ```
//! mod rt {
//!     pub(crate) use ::kafka_wire as wire;
//! }
//!
//! #[derive(Debug, Clone, PartialEq, kafka_wire::KafkaMessage)]
//! #[kafka(crate = "crate::rt::wire")]
//! struct Item {
//!     #[kafka(versions = "0+")]
//!     id: i32,
//! }
//! # fn main() {}
//! ```
//!
//! ## What the derive generates
//!
//! For every struct: [`Wire`](crate::Wire) (encode / size / decode at a
//! [`Ctx`](crate::Ctx); [`Nullable`](crate::Nullable) is the runtime's, for
//! every derived struct), `Default` honouring
//! `default =`, and [`KafkaStruct`](crate::KafkaStruct) with the schema as data.
//! For a struct with `versions`, also [`Versioned`](crate::Versioned), and with
//! `api_key`, [`Message`](crate::Message). All of it
//! inside `const _: () = { ... };`, with absolute paths only, so it cannot
//! collide with the user's names. With `view`, also the struct `<Name>View<'a>`
//! beside it (the one name the derive adds to the user's module), and
//! [`WireView`](crate::WireView).
