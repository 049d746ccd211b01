//! What [`ClusterBuilder::on_request`](crate::ClusterBuilder::on_request)
//! is told of each request, and its one-line form.

use std::fmt;
use std::net::SocketAddr;

use kafka_messages::ApiKey;
use kafka_wire::{ErrorCode, RequestHeader, VersionRange};

/// One request a node read, and how it answered: what
/// [`ClusterBuilder::on_request`](crate::ClusterBuilder::on_request) is
/// called with.
///
/// Its [`Display`](fmt::Display) form is one tab-separated line,
/// `REQ conn peer client api version correlation outcome detail`, with `-`
/// for what the request did not say (tabs shown as `\t`):
///
/// ```text
/// REQ\t1\t127.0.0.1:50112\tadminclient-1\tCreateTopics\t7\t3\tok\tTOPIC_ALREADY_EXISTS
/// REQ\t2\t127.0.0.1:50114\t-\tApiVersions\t5\t0\tunsupported\tanswered v0 error 35, 18:0-3
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub struct RequestEvent<'a> {
    /// The id of the node that read it.
    pub node: i32,
    /// The connection it came on, numbered from 1 per node in the order
    /// the node accepted them.
    pub connection: u64,
    /// The client's address.
    pub peer: SocketAddr,
    /// The request's header; `None` when the frame did not read that far.
    pub header: Option<&'a RequestHeader>,
    /// How the node answered.
    pub outcome: &'a Outcome,
}

/// How a node answered a request.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Outcome {
    /// Read and answered.
    Answered {
        /// The answer's error codes other than NONE, in the answer's order
        /// (one per topic, partition result or ACL filter).
        errors: Vec<ErrorCode>,
    },
    /// ApiVersions at a version above the served ones, answered as Kafka
    /// answers it: a v0 body holding UNSUPPORTED_VERSION (35) and the
    /// versions served, for the client to retry with.
    Unsupported {
        /// The ApiVersions versions served.
        supported: VersionRange,
    },
    /// Not answerable (an API or version not served, a frame that does not
    /// read): the connection is closed, as Kafka closes it.
    Refused {
        /// Why, with the first 64 bytes of a frame that did not read.
        reason: String,
    },
}

// scripts/client-matrix/table.py reads these lines from `kafka-fake --log`.
impl fmt::Display for RequestEvent<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (client, api, version, correlation) = match self.header {
            Some(h) => (
                h.client_id.as_deref().unwrap_or("-").to_owned(),
                ApiKey::from_i16(h.api_key)
                    .map_or_else(|| format!("key{}", h.api_key), |k| k.name().to_owned()),
                h.api_version.to_string(),
                h.correlation_id.to_string(),
            ),
            None => ("-".into(), "-".into(), "-".into(), "-".into()),
        };
        let (outcome, detail) = match self.outcome {
            Outcome::Answered { errors } => {
                let names: Vec<&str> = errors.iter().map(|e| e.name()).collect();
                ("ok", names.join(","))
            }
            Outcome::Unsupported { supported } => (
                "unsupported",
                format!("answered v0 error 35, 18:{supported}"),
            ),
            Outcome::Refused { reason } => ("refused", reason.replace(['\t', '\n'], " ")),
        };
        let (conn, peer) = (self.connection, self.peer);
        write!(
            f,
            "REQ\t{conn}\t{peer}\t{client}\t{api}\t{version}\t{correlation}\t{outcome}\t{detail}"
        )
    }
}
