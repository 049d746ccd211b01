//! # kafka-messages
//!
//! Every API of Apache Kafka ([`KAFKA_RELEASE`]), declared with `#[derive(KafkaMessage)]`
//! field for field as Kafka's JSON schemas define them, and proven against
//! Kafka's own Java classes (a differential test over every API and version),
//! a live broker, and the `kafka-protocol` crate.
//!
//! - One module per API ([`metadata`], [`produce`], [`fetch`], ...), holding its
//!   request, its response and their nested structs; the request and response
//!   are also at the crate root. Nested structs keep Kafka's names; where a
//!   request and its response both have one of the same name, the response's
//!   is prefixed `Response` (its JSON name kept in the schema).
//! - [`ApiKey`]: every key with its name, versions and header versions;
//!   [`RequestKind`] / [`ResponseKind`] decode any body by its key, for servers
//!   and proxies.
//! - Kafka's `data` schemas ([`ConsumerProtocolSubscription`], the KRaft
//!   snapshot records, ...) are [`kafka_wire::Versioned`] structs.
//!
//! The modules other than CreateTopics, CreateAcls and ApiVersions are written
//! by `cargo xtask generate` from the JSON schemas in `schemas/`; those
//! three are curated by hand, with typed views ([`ResourceType`],
//! [`AclOperation`], ...), [`BrokerIds`] and constructors, and checked against
//! their JSON by the same conformance test.
//!
//! ## Two releases' versions
//!
//! Kafka 4.0 removed the oldest versions of many APIs (KIP-896: Produce v0-2,
//! Fetch v0-3, OffsetCommit v0-1, ListOffsets v0, CreateTopics v0-1, ...) and
//! ZooKeeper's inter-broker APIs (LeaderAndIsr, StopReplica, UpdateMetadata,
//! ControlledShutdown), which brokers of the 3.x line still accept every day.
//! Every message here reads and writes the versions of both
//! [`KAFKA_RELEASE`] and [`OLDER_KAFKA_RELEASE`] (the latter's stable ones):
//! [`ApiKey::all_versions`]. What a server advertises is one release's:
//! [`ApiKey::valid_versions`] is [`KAFKA_RELEASE`]'s, and
//! [`ApiKey::versions_in`] either [`Release`]'s. Each module's docs say which
//! versions came from which release; the generator takes the few fields that
//! only removed versions had from the older release's JSON (`schemas-3.9.1/`),
//! and checks that every version both releases have is the same on the wire.
//! Key 74 is 3.9's ListClientMetricsResources, 4.4's ListConfigResources: its
//! version 0 is one format under both names. The older versions are always
//! compiled: they add about 5% (0.5 s) to this crate's own build, debug or
//! release (`scripts/build-times.sh`'s crate-only measure), less than a
//! feature that made every declaration's versions conditional would cost
//! its readers.
//!
//! ## Features
//!
//! Each API belongs to one feature, by who uses it: `producer`, `consumer`,
//! `group`, `share`, `streams`, `admin` and `controller` (KRaft and
//! inter-broker APIs); `all` turns on every one. ApiVersions, Metadata,
//! SaslHandshake, SaslAuthenticate, CreateTopics, CreateAcls and the data
//! schemas are always there. [`ApiKey`] lists every key in any build
//! ([`ApiKey::is_compiled`] says whether its messages are).
//!
//! Feature `internal` (off by default) adds `internal`: Kafka's own records,
//! what its coordinators and KRaft controller write into `__consumer_offsets`,
//! `__transaction_state`, `__share_group_state` and `__cluster_metadata`.
//!
//! Feature `client` (off by default) adds `client`: a small blocking client
//! on `std::net`, which negotiates versions with ApiVersions.
//!
//! Feature `view` (off by default) adds a borrowed view of every struct
//! (`CreateTopicsRequestView<'a>` beside `CreateTopicsRequest`, in its
//! module), read in place with [`kafka_wire::Versioned::view`] without
//! allocating, and `RequestView` / `ResponseView`, which read any body by its
//! key. It is off by default because checking the views' code adds about a
//! fifth to the crate's build time.
//!
//! Tools that meet any message: [`dynamic`] reads and writes whole frames
//! by their schemas alone, as value trees with the byte span of each value.
//! Feature `json` (off by default) adds `json`: an exchange as one line of
//! the broker's request log, in Kafka's JSON form, and frames back from it.
//!
//! Servers and proxies: [`RequestKind::decode_frame`] reads any request
//! frame header first, so that every error names the correlation id to
//! answer, and [`serve`] writes responses and Kafka's answer to an
//! unsupported ApiVersions version.
//!
//! Strings are [`kafka_wire::Str`]: decoded from `Bytes`, they share the input
//! buffer. Every request implements [`kafka_wire::Request`], naming its
//! response type.
//!
//! ```
//! use bytes::BytesMut;
//! use kafka_messages::{CreatableTopic, CreateTopicsRequest};
//! use kafka_wire::{frame, RequestHeader};
//!
//! let request = CreateTopicsRequest {
//!     topics: vec![CreatableTopic { name: "orders".into(), num_partitions: 3, replication_factor: 1, ..Default::default() }],
//!     ..Default::default()
//! };
//! let header = RequestHeader::new(19, 7, 1, Some("my-client".into()));
//! let mut wire = BytesMut::new();
//! frame::encode_request(&mut wire, &header, &request)?;
//! assert_eq!(&wire[4..8], &[0, 19, 0, 7]); // after the size: api key 19, version 7
//! # Ok::<(), kafka_wire::EncodeError>(())
//! ```
#![deny(missing_docs)]

// What `cargo xtask generate` writes, and nothing else, is in `src/generated/`:
// the tables of APIs and data schemas (`api_table.rs`: `for_each_api!`,
// `for_each_data_schema!`), a module per API that is not curated and per data
// schema, declared here from the tables and re-exported at the root below
// (`kafka_messages::metadata`, ...), and Kafka's own records
// (`generated/internal/`, declared by `internal`). Everything over the tables
// is written by hand: the module lists here and in `internal`, and `apis`
// (ApiKey, RequestKind, ...). (`cargo fmt` does not look inside a macro for
// `mod`; the generator runs rustfmt on what it writes, and its `--check` in CI
// compares.)
#[macro_use]
mod generated {
    #[macro_use]
    pub(crate) mod api_table;

    /// A generated module is declared here, behind its API's feature; a
    /// curated one is declared at the root.
    macro_rules! declare_module {
        (generated, [$($cfg:tt)*], $module:ident) => {
            #[cfg($($cfg)*)]
            pub mod $module;
        };
        (curated, [$($cfg:tt)*], $module:ident) => {};
    }

    /// The generated module of each API.
    macro_rules! declare_api_modules {
        ($((
            $key:literal, $name:ident, $module:ident, $origin:ident, $request:ident, $response:ident,
            $request_view:ident, $response_view:ident, [$($cfg:tt)*],
            $all:literal, $valid:literal, $older:literal, $flexible:literal, $listeners:literal
        )),* $(,)?) => {
            $(declare_module!($origin, [$($cfg)*], $module);)*
        };
    }

    /// The module of each data schema.
    macro_rules! declare_data_modules {
        ($(($name:ident, $module:ident)),* $(,)?) => {
            $(pub mod $module;)*
        };
    }

    for_each_api!(declare_api_modules);
    for_each_data_schema!(declare_data_modules);
}

mod apis;
#[cfg(feature = "client")]
pub mod client;
mod codes;
pub mod consumer_protocol;
pub mod dynamic;
#[cfg(feature = "internal")]
pub mod internal;
#[cfg(feature = "json")]
pub mod json;
pub mod peek;
pub mod serve;
mod throttle;

pub use api_versions::{ApiVersion, FinalizedFeatureKey, SupportedFeatureKey};
pub use apis::{
    schema_by_name, ApiKey, DataSchema, Release, RequestKind, ResponseKind, DATA_SCHEMAS,
};
#[cfg(feature = "view")]
pub use apis::{RequestView, ResponseView};
pub use codes::{
    AclOperation, AclPermissionType, AlterConfigOp, ConfigResourceType, ConfigSource, PatternType,
    ResourceType, TransactionState,
};
pub use create_acls::{AclCreation, AclCreationResult};
pub use create_topics::{
    BrokerIds, CreatableReplicaAssignment, CreatableTopic, CreatableTopicConfig,
    CreatableTopicConfigs, CreatableTopicResult,
};
pub use generated::api_table::{KAFKA_RELEASE, OLDER_KAFKA_RELEASE};

// The curated modules, written by hand (typed views, constructors, docs).
pub mod api_versions;
pub mod create_acls;
pub mod create_topics;

/// An API's module at the root, behind its feature (a generated one
/// re-exported from `generated`), with its request and response.
macro_rules! export_module {
    (generated, [$($cfg:tt)*], $module:ident, $request:ident, $response:ident) => {
        #[cfg($($cfg)*)]
        pub use generated::$module;
        #[cfg($($cfg)*)]
        #[doc(no_inline)]
        pub use $module::{$request, $response};
    };
    (curated, [$($cfg:tt)*], $module:ident, $request:ident, $response:ident) => {
        #[cfg($($cfg)*)]
        pub use $module::{$request, $response};
    };
}

/// One module per API, behind its feature, with its request and response
/// re-exported at the root.
macro_rules! modules {
    ($((
        $key:literal, $name:ident, $module:ident, $origin:ident, $request:ident, $response:ident,
        $request_view:ident, $response_view:ident, [$($cfg:tt)*],
        $all:literal, $valid:literal, $older:literal, $flexible:literal, $listeners:literal
    )),* $(,)?) => {
        $(export_module!($origin, [$($cfg)*], $module, $request, $response);)*
    };
}

/// One module per data schema, its struct re-exported at the root.
macro_rules! data_modules {
    ($(($name:ident, $module:ident)),* $(,)?) => {
        $(
            pub use generated::$module;
            #[doc(no_inline)]
            pub use $module::$name;
        )*
    };
}

for_each_api!(modules);
for_each_data_schema!(data_modules);

/// The README's Rust examples, compiled and run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
