//! [`ApiKey`]: every API of Apache Kafka's release [`KAFKA_RELEASE`] with its versions, and
//! [`RequestKind`] / [`ResponseKind`], which decode any body by its key, and
//! (feature `view`) [`RequestView`] / [`ResponseView`], which read one in place.
//!
//! Written by hand, once, over the table of APIs that `cargo xtask generate`
//! writes into `generated/api_table.rs` (`for_each_api!`, one row per API): each item here is a
//! `macro_rules!` arm repeated over every row, its `#[cfg]` the row's feature. Edit
//! here; regenerate the table.

use kafka_wire::bytes::{Buf, BufMut};
use kafka_wire::schema::{MessageSchema, StructSchema};
#[cfg(feature = "view")]
use kafka_wire::WireView;
use kafka_wire::{DecodeError, EncodeError, KafkaStruct, VersionRange};
#[allow(unused_imports)]
use kafka_wire::{Message, Versioned};

#[allow(unused_imports)]
use crate::*;

/// A range in Kafka's notation (`"3-13"`, `"9+"`, `"none"`), read at compile time:
/// a malformed range in the table fails the build.
const fn range(text: &str) -> VersionRange {
    match VersionRange::parse_const(text) {
        Some(range) => range,
        None => panic!("a version range of the API table is malformed"),
    }
}

/// An Apache Kafka release whose protocol versions this crate declares. Each has
/// its own range per API ([`ApiKey::versions_in`]); every version of either is read
/// and written ([`ApiKey::all_versions`]).
///
/// ```
/// use kafka_messages::{ApiKey, Release};
/// use kafka_wire::VersionRange;
///
/// // Produce v0-2 (magic 0 and 1 message sets) are Kafka 3.9's only.
/// assert_eq!(ApiKey::Produce.versions_in(Release::Older), VersionRange::new(0, 11));
/// assert_eq!(ApiKey::Produce.versions_in(Release::Latest), ApiKey::Produce.valid_versions());
/// assert!(ApiKey::Produce.all_versions().contains(0));
/// // ZooKeeper's inter-broker APIs are in 3.9 only.
/// assert!(ApiKey::LeaderAndIsr.valid_versions().is_empty());
/// assert_eq!(Release::Older.version(), kafka_messages::OLDER_KAFKA_RELEASE);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Release {
    /// [`OLDER_KAFKA_RELEASE`]: the last release line with ZooKeeper, whose brokers
    /// still accept the versions that Kafka 4.0 removed (KIP-896) and which most
    /// clusters in production run.
    Older,
    /// [`KAFKA_RELEASE`], whose ranges [`ApiKey::valid_versions`] says.
    Latest,
}

impl Release {
    /// Both releases, oldest first.
    pub const ALL: &'static [Release] = &[Release::Older, Release::Latest];

    /// The release's version (`"4.4.0"`).
    pub const fn version(self) -> &'static str {
        match self {
            Release::Older => OLDER_KAFKA_RELEASE,
            Release::Latest => KAFKA_RELEASE,
        }
    }
}

/// `ApiKey` and its methods, over every row of `for_each_api!`.
macro_rules! api_key {
    ($((
        $key:literal, $name:ident, $module:ident, $origin:ident, $request:ident, $response:ident,
        $request_view:ident, $response_view:ident, [$($cfg:tt)*],
        $all:literal, $valid:literal, $older:literal, $flexible:literal, $listeners:literal
    )),* $(,)?) => {
        /// Every API key of Apache Kafka's releases [`KAFKA_RELEASE`] and [`OLDER_KAFKA_RELEASE`],
        /// whether or not its messages are compiled in (see the crate's features).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        #[repr(i16)]
        pub enum ApiKey {
            $(
                #[doc = concat!(stringify!($name), " (key ", stringify!($key), "), versions ", $all,
                    " (Kafka ", $valid, ", older ", $older, ").")]
                #[doc = ""]
                #[doc = concat!("Listeners: ", $listeners, ".")]
                $name = $key,
            )*
        }

        impl ApiKey {
            /// Every key, in key order.
            pub const ALL: &'static [ApiKey] = &[$(ApiKey::$name),*];

            /// The key numbered `key`, if either release has one.
            pub const fn from_i16(key: i16) -> Option<ApiKey> {
                match key {
                    $($key => Some(ApiKey::$name),)*
                    _ => None,
                }
            }

            /// The key's number.
            pub const fn key(self) -> i16 {
                self as i16
            }

            /// The API's name, as Kafka's schemas write it (`CreateTopics`).
            pub const fn name(self) -> &'static str {
                match self {
                    $(ApiKey::$name => stringify!($name),)*
                }
            }

            /// The versions of the API that Kafka's release [`KAFKA_RELEASE`] accepts: what a
            /// broker of that release, and by default this crate's servers
            /// ([`serve`](crate::serve)), advertise. Empty for the APIs Kafka 4.0 removed.
            /// [`all_versions`](Self::all_versions) are read and written alike.
            ///
            /// One exception: a broker of that release advertises Produce from v0 (for
            /// librdkafka, KAFKA-18659) but closes the connection on v0-2. A client that
            /// picks other than the highest common version should meet the broker's range
            /// with these (or [`versions_in`](Self::versions_in) its release), not with
            /// [`all_versions`](Self::all_versions) alone.
            pub const fn valid_versions(self) -> VersionRange {
                match self {
                    $(ApiKey::$name => const { range($valid) },)*
                }
            }

            /// Every version of the API this crate reads and writes: [`KAFKA_RELEASE`]'s and
            /// those of [`OLDER_KAFKA_RELEASE`] that its brokers accept by default (its stable
            /// versions), which include those Kafka 4.0 removed (KIP-896).
            pub const fn all_versions(self) -> VersionRange {
                match self {
                    $(ApiKey::$name => const { range($all) },)*
                }
            }

            /// The versions of the API that a broker of `release` accepts by default (a
            /// release's unstable versions are not included, except in
            /// [`KAFKA_RELEASE`]'s ranges, which are its schemas' valid versions).
            pub const fn versions_in(self, release: Release) -> VersionRange {
                match release {
                    Release::Latest => self.valid_versions(),
                    Release::Older => match self {
                        $(ApiKey::$name => const { range($older) },)*
                    },
                }
            }

            /// The versions with compact lengths and tagged fields.
            pub const fn flexible_versions(self) -> VersionRange {
                match self {
                    $(ApiKey::$name => const { range($flexible) },)*
                }
            }

            /// The request header version at `version`: 2 in flexible versions, else 1.
            pub const fn request_header_version(self, version: i16) -> i16 {
                kafka_wire::request_header_version(self as i16, version, self.flexible_versions().contains(version))
            }

            /// The response header version at `version`: 1 in flexible versions, else 0,
            /// and always 0 for ApiVersions.
            pub const fn response_header_version(self, version: i16) -> i16 {
                kafka_wire::response_header_version(self as i16, self.flexible_versions().contains(version))
            }

            /// The schema of the API's request, when this build has it.
            pub fn request_schema(self) -> Option<&'static StructSchema> {
                match self {
                    $(
                        #[cfg($($cfg)*)]
                        ApiKey::$name => Some(&<$request as KafkaStruct>::SCHEMA),
                    )*
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }

            /// The schema of the API's response, when this build has it.
            pub fn response_schema(self) -> Option<&'static StructSchema> {
                match self {
                    $(
                        #[cfg($($cfg)*)]
                        ApiKey::$name => Some(&<$response as KafkaStruct>::SCHEMA),
                    )*
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }

            /// True when this build has the API's messages (its feature is on).
            pub const fn is_compiled(self) -> bool {
                match self {
                    $(ApiKey::$name => cfg!($($cfg)*),)*
                }
            }
        }

        dispatch! {
            RequestKind, RequestView, "request",
            $(($key, $name, $module, $request, $request_view, [$($cfg)*])),*
        }
        dispatch! {
            ResponseKind, ResponseView, "response",
            $(($key, $name, $module, $response, $response_view, [$($cfg)*])),*
        }
    };
}

/// `RequestKind` and `RequestView`, or `ResponseKind` and `ResponseView`: the
/// bodies (`$body`) of one side of every API.
macro_rules! dispatch {
    (
        $kind:ident, $view:ident, $side:literal,
        $(($key:literal, $name:ident, $module:ident, $body:ident, $body_view:ident, [$($cfg:tt)*])),*
    ) => {
        #[doc = concat!("A ", $side, " body of any API compiled in, chosen by its API key.")]
        #[derive(Debug, Clone, PartialEq)]
        #[non_exhaustive]
        pub enum $kind {
            $(
                #[cfg($($cfg)*)]
                #[doc = concat!(stringify!($body), ".")]
                $name($body),
            )*
        }

        impl $kind {
            #[doc = concat!("Reads a ", $side, " body of API `key` at `version`, leaving anything after it in `buf`.")]
            ///
            /// A key this build does not have is [`DecodeErrorKind::UnknownApiKey`](kafka_wire::DecodeErrorKind::UnknownApiKey);
            /// a version the API does not have is an unsupported-version error.
            pub fn decode<B: Buf>(key: i16, version: i16, buf: &mut B) -> Result<$kind, DecodeError> {
                match key {
                    $(
                        #[cfg($($cfg)*)]
                        $key => $body::decode(buf, version).map($kind::$name),
                    )*
                    _ => Err(kafka_wire::DecodeErrorKind::UnknownApiKey(key).into()),
                }
            }

            /// The API key of the body's API.
            pub fn api_key(&self) -> ApiKey {
                match self {
                    $(
                        #[cfg($($cfg)*)]
                        $kind::$name(_) => ApiKey::$name,
                    )*
                }
            }

            // Inline: a dispatch over every API is compiled where it is
            // called, not in this crate for every API whether used or not.

            /// Writes the body at `version` (see [`Versioned::encode`]).
            #[inline]
            pub fn encode<B: BufMut>(&self, buf: &mut B, version: i16) -> Result<usize, EncodeError> {
                match self {
                    $(
                        #[cfg($($cfg)*)]
                        $kind::$name(m) => m.encode(buf, version),
                    )*
                }
            }

            /// Exactly the bytes [`encode`](Self::encode) writes at `version`.
            #[inline]
            pub fn encoded_len(&self, version: i16) -> usize {
                match self {
                    $(
                        #[cfg($($cfg)*)]
                        $kind::$name(m) => m.encoded_len(version),
                    )*
                }
            }
        }

        #[cfg(feature = "json")]
        impl $kind {
            #[doc = concat!("Reads a ", $side, " body of API `key` at `version` from Kafka's JSON form")]
            /// (feature `json`; see [`kafka_wire::json`]): the typed form of
            /// what the broker's request log and Kafka's `JsonConverter`
            /// classes write. A key this build does not have is
            /// [`JsonErrorKind::UnknownApiKey`](kafka_wire::json::JsonErrorKind::UnknownApiKey).
            #[inline]
            pub fn from_json(
                key: i16,
                version: i16,
                json: &serde_json::Value,
            ) -> Result<$kind, kafka_wire::json::JsonError> {
                match key {
                    $(
                        #[cfg($($cfg)*)]
                        $key => kafka_wire::json::from_value::<$body>(json, version).map($kind::$name),
                    )*
                    _ => Err(kafka_wire::json::JsonError::new(
                        "$".into(),
                        kafka_wire::json::JsonErrorKind::UnknownApiKey { key: i64::from(key) },
                    )),
                }
            }

            #[doc = concat!("Reads a ", $side, " body of API `key` at `version` from Kafka's JSON text")]
            /// (feature `json`): [`from_json`](Self::from_json) without the
            /// tree, by the reader the derive generates for the body's type
            /// (see [`kafka_wire::json::from_str`]); the same values and errors.
            #[inline]
            pub fn from_json_str(
                key: i16,
                version: i16,
                text: &str,
            ) -> Result<$kind, kafka_wire::json::JsonError> {
                match key {
                    $(
                        #[cfg($($cfg)*)]
                        $key => kafka_wire::json::from_str::<$body>(text, version).map($kind::$name),
                    )*
                    _ => Err(kafka_wire::json::JsonError::new(
                        "$".into(),
                        kafka_wire::json::JsonErrorKind::UnknownApiKey { key: i64::from(key) },
                    )),
                }
            }

            /// The body at `version` in Kafka's JSON form (feature `json`),
            /// as Java's `JsonConverter` writes it, with records as `records`
            /// says.
            #[inline]
            pub fn to_json(
                &self,
                version: i16,
                records: kafka_wire::json::RecordsAs,
            ) -> Result<serde_json::Value, kafka_wire::json::JsonError> {
                match self {
                    $(
                        #[cfg($($cfg)*)]
                        $kind::$name(m) => kafka_wire::json::to_value(m, version, records),
                    )*
                }
            }

            /// Appends the body at `version` in Kafka's JSON form to `out`
            /// (feature `json`): the compact text Java's `JsonConverter` and
            /// Jackson write, by the writer the derive generates for the
            /// body's type (see [`kafka_wire::json::write_message`]).
            #[inline]
            pub fn write_json(
                &self,
                version: i16,
                records: kafka_wire::json::RecordsAs,
                out: &mut Vec<u8>,
            ) -> Result<(), kafka_wire::json::JsonError> {
                match self {
                    $(
                        #[cfg($($cfg)*)]
                        $kind::$name(m) => kafka_wire::json::write_message(m, version, records, out),
                    )*
                }
            }
        }

        #[doc = concat!("The borrowed view of a ", $side, " body of any API compiled in, chosen by its API")]
        #[doc = concat!("key: read in place with [`", stringify!($view), "::view`], allocating nothing (feature `view`).")]
        #[cfg(feature = "view")]
        #[derive(Debug, Clone, Copy)]
        #[non_exhaustive]
        // As large as the largest view: boxing it would be the allocation a view avoids.
        #[allow(clippy::large_enum_variant)]
        pub enum $view<'a> {
            $(
                #[cfg($($cfg)*)]
                #[doc = concat!("[`", stringify!($body), "`]'s view.")]
                $name(crate::$module::$body_view<'a>),
            )*
        }

        #[cfg(feature = "view")]
        impl<'a> $view<'a> {
            #[doc = concat!("Reads the view of a ", $side, " body of API `key` at `version`, leaving anything")]
            /// after it in `buf`: the checks and errors of
            #[doc = concat!("[`", stringify!($kind), "::decode`], with strings and arrays left in `buf`.")]
            #[inline]
            pub fn view(key: i16, version: i16, buf: &mut &'a [u8]) -> Result<$view<'a>, DecodeError> {
                match key {
                    $(
                        #[cfg($($cfg)*)]
                        $key => $body::view(buf, version).map($view::$name),
                    )*
                    _ => Err(kafka_wire::DecodeErrorKind::UnknownApiKey(key).into()),
                }
            }

            /// The API key of the body's API.
            pub fn api_key(&self) -> ApiKey {
                match self {
                    $(
                        #[cfg($($cfg)*)]
                        $view::$name(_) => ApiKey::$name,
                    )*
                }
            }

            #[doc = concat!("The owned body this view stands for, as [`", stringify!($kind), "::decode`] reads it. Copies.")]
            #[inline]
            pub fn to_kind(&self) -> $kind {
                match *self {
                    $(
                        #[cfg($($cfg)*)]
                        $view::$name(v) => $kind::$name($body::from_view(v)),
                    )*
                }
            }
        }
    };
}

for_each_api!(api_key);

/// One of Kafka's `data` schemas: versioned, no API key.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DataSchema {
    /// The struct's schema.
    pub schema: &'static StructSchema,
    /// Its valid versions.
    pub versions: VersionRange,
    /// Its flexible versions.
    pub flexible: VersionRange,
}

impl From<DataSchema> for MessageSchema {
    /// The schema the interpreted codec reads and writes it by.
    fn from(data: DataSchema) -> Self {
        MessageSchema {
            body: data.schema,
            versions: data.versions,
            flexible: data.flexible,
            api_key: None,
        }
    }
}

impl ApiKey {
    /// The API named `name` as Kafka's schemas name it (`CreateTopics`),
    /// ignoring ASCII case; `None` for a name no release has.
    pub fn from_name(name: &str) -> Option<ApiKey> {
        ApiKey::ALL
            .iter()
            .copied()
            .find(|api| api.name().eq_ignore_ascii_case(name))
    }
}

/// The schema of a message by the name Kafka's JSON gives it: a request or
/// response (`FetchRequest`, `FetchResponse`), a header (`RequestHeader`,
/// `ResponseHeader`), a data schema (`ConsumerProtocolSubscription`) and,
/// with feature `internal`, Kafka's own records (`OffsetCommitKey`,
/// `TopicRecord`). `None` for a name this build does not have (an API whose
/// feature is off, say). What a tool that is given a message's name reads
/// and writes it by, with [`kafka_wire::dynamic`].
///
/// ```
/// let fetch = kafka_messages::schema_by_name("FetchRequest").unwrap();
/// assert_eq!((fetch.body.json_name, fetch.api_key), ("FetchRequest", Some(1)));
/// let header = kafka_messages::schema_by_name("RequestHeader").unwrap();
/// assert_eq!(header.versions.to_string(), "0-2");
/// assert!(kafka_messages::schema_by_name("Fetch").is_none());
/// ```
pub fn schema_by_name(name: &str) -> Option<MessageSchema> {
    let api = |suffix: &str| {
        let bare = name.strip_suffix(suffix)?;
        ApiKey::ALL.iter().copied().find(|k| k.name() == bare)
    };
    if let Some(key) = api("Request") {
        return key.request_message_schema();
    }
    if let Some(key) = api("Response") {
        return key.response_message_schema();
    }
    match name {
        "RequestHeader" => return Some(MessageSchema::of::<kafka_wire::RequestHeader>()),
        "ResponseHeader" => return Some(MessageSchema::of::<kafka_wire::ResponseHeader>()),
        _ => {}
    }
    let data = DATA_SCHEMAS.iter().copied();
    #[cfg(feature = "internal")]
    let data = data.chain(crate::internal::data_schemas());
    data.into_iter()
        .find(|d| d.schema.json_name == name)
        .map(MessageSchema::from)
}

/// `DATA_SCHEMAS`, over every row of `for_each_data_schema!`.
macro_rules! data_schemas {
    ($(($name:ident, $module:ident)),* $(,)?) => {
        /// Every data schema of Apache Kafka's release [`KAFKA_RELEASE`], by name.
        pub const DATA_SCHEMAS: &[DataSchema] = &[
            $(
                DataSchema {
                    schema: &<$name as KafkaStruct>::SCHEMA,
                    versions: <$name as Versioned>::VERSIONS,
                    flexible: <$name as Versioned>::FLEXIBLE,
                },
            )*
        ];
    };
}

for_each_data_schema!(data_schemas);
