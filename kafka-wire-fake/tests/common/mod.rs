//! What the cluster's tests share: sending a request on a tokio stream and
//! reading its answer, and the CreateTopics request of a test's topic.
//! Each test file uses a part of it.
#![allow(dead_code)]

use bytes::BytesMut;
use kafka_messages::{CreatableTopic, CreateTopicsRequest};
use kafka_wire::{frame, Request, RequestHeader};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Sends `request` at `version` on `stream` (correlation id 7) and reads
/// its response.
pub async fn send<R: Request>(stream: &mut TcpStream, request: &R, version: i16) -> R::Response {
    let header = RequestHeader::new(R::API_KEY, version, 7, Some("fake-test".into()));
    let mut out = BytesMut::new();
    frame::encode_request(&mut out, &header, request).unwrap();
    stream.write_all(&out).await.unwrap();
    let size = stream.read_i32().await.unwrap();
    let mut body = vec![0; usize::try_from(size).unwrap()];
    stream.read_exact(&mut body).await.unwrap();
    frame::decode_response::<R::Response>(body.into(), version)
        .unwrap()
        .1
}

/// CreateTopics of `name` with `partitions` partitions, replication 1, and
/// `configs` set on it.
pub fn create_topic(name: &str, partitions: i32, configs: &[(&str, &str)]) -> CreateTopicsRequest {
    CreateTopicsRequest {
        topics: vec![CreatableTopic {
            name: name.into(),
            num_partitions: partitions,
            replication_factor: 1,
            configs: configs
                .iter()
                .map(
                    |&(name, value)| kafka_messages::create_topics::CreatableTopicConfig {
                        name: name.into(),
                        value: Some(value.into()),
                        ..Default::default()
                    },
                )
                .collect(),
            ..Default::default()
        }],
        timeout_ms: 5_000,
        ..Default::default()
    }
}
