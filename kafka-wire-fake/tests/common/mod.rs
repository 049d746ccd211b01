//! What the cluster's tests share: a cluster on a runtime of its own with a
//! topic `t` for blocking clients, sending a request on a tokio stream and
//! reading its answer, and the CreateTopics request of a test's topic.
//! Each test file uses a part of it.
#![allow(dead_code)]

use std::net::SocketAddr;

use bytes::BytesMut;
use kafka_messages::client::Client;
use kafka_messages::{CreatableTopic, CreateTopicsRequest};
use kafka_wire::{frame, ErrorCode, Request, RequestHeader, Uuid};
use kafka_wire_fake::Cluster;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Sends `request` at `version` on `stream` (client id `fake-test`, correlation id 7) and reads
/// its response.
pub async fn send<R: Request>(stream: &mut TcpStream, request: &R, version: i16) -> R::Response {
    send_as(stream, "fake-test", request, version).await.0
}

/// Sends `request` at `version` on `stream` as `client_id` (correlation id 7) and reads its
/// response; also the request's size (header and body: what Kafka's produce quota counts).
pub async fn send_as<R: Request>(
    stream: &mut TcpStream,
    client_id: &str,
    request: &R,
    version: i16,
) -> (R::Response, usize) {
    let header = RequestHeader::new(R::API_KEY, version, 7, Some(client_id.into()));
    let mut out = BytesMut::new();
    frame::encode_request(&mut out, &header, request).unwrap();
    stream.write_all(&out).await.unwrap();
    let size = stream.read_i32().await.unwrap();
    let mut body = vec![0; usize::try_from(size).unwrap()];
    stream.read_exact(&mut body).await.unwrap();
    let (header, response) = frame::decode_response::<R::Response>(body.into(), version).unwrap();
    assert_eq!(header.correlation_id, 7);
    (response, out.len() - 4)
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

/// A one-node cluster on a runtime of its own (two worker threads), for
/// tests that drive it with the blocking client, with topic `t` of two
/// partitions.
pub struct Fake {
    /// Where the node listens.
    pub addr: SocketAddr,
    /// The cluster, for its hooks.
    pub cluster: Cluster,
    /// The id of topic `t`.
    pub topic_id: Uuid,
    _runtime: tokio::runtime::Runtime,
}

impl Fake {
    /// Starts the cluster and creates `t`.
    pub fn start() -> Fake {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let cluster = runtime.block_on(Cluster::builder().start()).unwrap();
        let addr = cluster.bootstrap_addrs()[0];
        let created = Client::connect(addr, "setup")
            .unwrap()
            .send(&create_topic("t", 2, &[]), 7)
            .unwrap();
        assert_eq!(created.topics[0].error(), ErrorCode::None);
        Fake {
            addr,
            cluster,
            topic_id: created.topics[0].topic_id,
            _runtime: runtime,
        }
    }

    /// A blocking client connected to the node, as `client_id`.
    pub fn client(&self, client_id: &str) -> Client {
        Client::connect(self.addr, client_id).unwrap()
    }
}
