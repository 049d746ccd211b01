//! What the live tests (`live.rs`, `live_apis.rs`, `live_records.rs`) share:
//! the broker's address, a client, names no earlier run used, the versions
//! both sides have, and a send that names what failed.

#![allow(dead_code)]

use std::time::{SystemTime, UNIX_EPOCH};

use kafka_messages::client::Client;
use kafka_wire::{Message, Request};

/// The broker: `KAFKA_BOOTSTRAP`, or `127.0.0.1:9092`.
pub fn bootstrap() -> String {
    std::env::var("KAFKA_BOOTSTRAP").unwrap_or_else(|_| "127.0.0.1:9092".into())
}

/// The port of [`bootstrap`], which the broker advertises for itself.
pub fn bootstrap_port() -> i32 {
    bootstrap()
        .rsplit(':')
        .next()
        .and_then(|port| port.parse().ok())
        .expect("KAFKA_BOOTSTRAP is host:port")
}

/// A client of the broker that names itself `client_id`.
pub fn client(client_id: &str) -> Client {
    let addr = bootstrap();
    Client::connect(addr.as_str(), client_id).unwrap_or_else(|e| {
        panic!(
            "cannot reach a broker at {addr}: {e} (start one with scripts/kafka-broker.sh start)"
        )
    })
}

/// A name no earlier run used, so tests can be re-run against the same broker.
pub fn unique(prefix: &str) -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{prefix}-{:x}", nanos & 0xffff_ffff_ffff)
}

/// Every version of `R` this crate and the broker both have, lowest first.
pub fn versions<R: Message>(c: &mut Client) -> Vec<i16> {
    let theirs = c
        .api_versions()
        .expect("ApiVersions")
        .versions_of(R::API_KEY)
        .unwrap_or_else(|| panic!("the broker lacks API {}", R::API_KEY));
    let both = theirs.intersect(R::VERSIONS);
    let (lo, hi) = (
        both.lowest().expect("a common version"),
        both.highest().unwrap(),
    );
    eprintln!("{}: versions {lo}-{hi}", R::SCHEMA.name);
    (lo..=hi).collect()
}

/// Sends `request` at `version`; a failure panics with the message and version.
pub fn send<R: Request>(c: &mut Client, request: &R, version: i16) -> R::Response {
    c.send(request, version)
        .unwrap_or_else(|e| panic!("{} v{version}: {e}", R::SCHEMA.name))
}
