//! The cluster as a test starts it: where it listens, what it refuses to
//! start with, the request hook, and stopping it by `shutdown` and by drop.

use std::io::ErrorKind;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::BytesMut;
use kafka_messages::metadata::MetadataRequestTopic;
use kafka_messages::*;
use kafka_wire::{frame, ErrorCode, RequestHeader, VersionRange};
use kafka_wire_fake::{Cluster, Outcome, StartError, SERVED_APIS};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

mod common;
use common::send;

/// CreateTopics of `name` with two partitions.
fn create_topic(name: &str) -> CreateTopicsRequest {
    common::create_topic(name, 2, &[])
}

/// The names Metadata v12 lists.
async fn topic_names(stream: &mut TcpStream) -> Vec<String> {
    let all = MetadataRequest {
        topics: None,
        ..Default::default()
    };
    let response = send(stream, &all, 12).await;
    let names = response.topics.iter().filter_map(|t| t.name.as_deref());
    names.map(str::to_owned).collect()
}

#[tokio::test]
async fn it_listens_on_127_0_0_1_at_a_free_port_and_metadata_names_it() {
    let cluster = Cluster::builder().start().await.unwrap();
    let addrs = cluster.bootstrap_addrs();
    assert_eq!(addrs.len(), 1);
    assert_eq!(addrs[0].ip().to_string(), "127.0.0.1");
    assert_ne!(addrs[0].port(), 0);
    assert_eq!(cluster.bootstrap(), addrs[0].to_string());

    let mut stream = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    let request = MetadataRequest {
        topics: Some(vec![MetadataRequestTopic {
            name: Some("missing".into()),
            ..Default::default()
        }]),
        ..Default::default()
    };
    let response = send(&mut stream, &request, 12).await;
    assert_eq!(response.brokers.len(), 1);
    assert_eq!(response.brokers[0].node_id, 1);
    assert_eq!(response.brokers[0].host, "127.0.0.1");
    assert_eq!(response.brokers[0].port, i32::from(addrs[0].port()));
    assert_eq!(response.controller_id, 1);
    assert_eq!(response.cluster_id.as_deref(), Some("kafka-wire-mock"));
    assert_eq!(
        response.topics[0].error_code,
        ErrorCode::UnknownTopicOrPartition.code()
    );
}

#[tokio::test]
async fn clusters_started_side_by_side_share_nothing() {
    let one = Cluster::builder().cluster_id("one").start().await.unwrap();
    let two = Cluster::builder().start().await.unwrap();
    assert_ne!(one.bootstrap(), two.bootstrap());
    let mut to_one = TcpStream::connect(one.bootstrap()).await.unwrap();
    let mut to_two = TcpStream::connect(two.bootstrap()).await.unwrap();
    let created = send(&mut to_one, &create_topic("orders"), 7).await;
    assert_eq!(created.topics[0].error(), ErrorCode::None);
    assert_eq!(topic_names(&mut to_one).await, ["orders"]);
    assert!(topic_names(&mut to_two).await.is_empty());
    let metadata = send(&mut to_one, &MetadataRequest::default(), 12).await;
    assert_eq!(metadata.cluster_id.as_deref(), Some("one"));
}

#[tokio::test]
async fn versions_are_the_releases_below_the_max_versions() {
    let cluster = Cluster::builder()
        .release(Release::Older)
        .max_version(ApiKey::Metadata, 9)
        .max_version(ApiKey::CreateTopics, 4)
        .max_version(ApiKey::CreateTopics, 3)
        .start()
        .await
        .unwrap();
    assert_eq!(
        cluster.versions(ApiKey::Metadata),
        Some(VersionRange::new(0, 9))
    );
    // The last call for an API holds.
    assert_eq!(
        cluster.versions(ApiKey::CreateTopics),
        Some(VersionRange::new(0, 3))
    );
    assert_eq!(
        cluster.versions(ApiKey::DeleteTopics),
        Some(ApiKey::DeleteTopics.versions_in(Release::Older))
    );
    assert_eq!(cluster.versions(ApiKey::DescribeLogDirs), None);

    // Below the release's lowest version: an empty range, left out of ApiVersions.
    let cluster = Cluster::builder()
        .max_version(ApiKey::CreateTopics, 1)
        .start()
        .await
        .unwrap();
    let empty = cluster.versions(ApiKey::CreateTopics).unwrap();
    assert!(empty.is_empty(), "{empty}");
    let mut stream = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    let advertised = send(&mut stream, &ApiVersionsRequest::default(), 3).await;
    assert_eq!(advertised.api_keys.len(), SERVED_APIS.len() - 1);
    assert_eq!(advertised.versions_of(ApiKey::CreateTopics.key()), None);
}

#[tokio::test]
async fn start_refuses_what_no_cluster_could_serve() {
    let err = Cluster::builder()
        .max_version(ApiKey::DescribeLogDirs, 2)
        .start()
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            StartError::NotServed {
                api: ApiKey::DescribeLogDirs
            }
        ),
        "{err}"
    );
    assert!(
        err.to_string()
            .starts_with("DescribeLogDirs is not an API the cluster serves: Produce, Fetch,"),
        "{err}"
    );

    let err = Cluster::builder()
        .max_version(ApiKey::CreateTopics, 99)
        .start()
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            StartError::NoSuchVersion {
                api: ApiKey::CreateTopics,
                version: 99
            }
        ),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "CreateTopics has no version 99 (it has 0-7)"
    );

    let unspecified: SocketAddr = "0.0.0.0:0".parse().unwrap();
    let err = Cluster::builder()
        .listen(unspecified)
        .start()
        .await
        .unwrap_err();
    assert!(
        matches!(err, StartError::UnspecifiedAddress { .. }),
        "{err}"
    );

    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap();
    let err = Cluster::builder().listen(addr).start().await.unwrap_err();
    match &err {
        StartError::Listen { addr: at, source } => {
            assert_eq!(*at, addr);
            assert_eq!(source.kind(), ErrorKind::AddrInUse);
        }
        other => panic!("{other}"),
    }
    assert!(
        err.to_string()
            .starts_with(&format!("cannot listen on {addr}: ")),
        "{err}"
    );
}

#[tokio::test]
async fn on_request_sees_each_request_and_how_it_was_answered() {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let outcomes = Arc::new(Mutex::new(Vec::new()));
    let cluster = Cluster::builder()
        .max_version(ApiKey::ApiVersions, 2)
        .on_request({
            let (lines, outcomes) = (Arc::clone(&lines), Arc::clone(&outcomes));
            move |r| {
                assert_eq!(r.node, 1);
                lines.lock().unwrap().push(r.to_string());
                outcomes.lock().unwrap().push(r.outcome.clone());
            }
        })
        .start()
        .await
        .unwrap();
    let mut stream = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    let local = stream.local_addr().unwrap();
    send(&mut stream, &create_topic("orders"), 7).await;
    send(&mut stream, &create_topic("orders"), 7).await;
    // ApiVersions above the served 0-2: the v0 answer, read as v0.
    let header = RequestHeader::new(ApiKey::ApiVersions.key(), 3, 7, None);
    let mut out = BytesMut::new();
    frame::encode_request(&mut out, &header, &ApiVersionsRequest::default()).unwrap();
    stream.write_all(&out).await.unwrap();
    let mut answer = vec![0; usize::try_from(stream.read_i32().await.unwrap()).unwrap()];
    stream.read_exact(&mut answer).await.unwrap();
    // DescribeLogDirs, not served: the connection closes.
    let header = RequestHeader::new(ApiKey::DescribeLogDirs.key(), 4, 8, None);
    let mut out = BytesMut::new();
    frame::encode_request(&mut out, &header, &DescribeLogDirsRequest::default()).unwrap();
    stream.write_all(&out).await.unwrap();
    assert_eq!(stream.read(&mut [0; 1]).await.unwrap(), 0);

    let lines = lines.lock().unwrap().clone();
    assert_eq!(
        lines[..3],
        [
            format!("REQ\t1\t{local}\tfake-test\tCreateTopics\t7\t7\tok\t"),
            format!("REQ\t1\t{local}\tfake-test\tCreateTopics\t7\t7\tok\tTOPIC_ALREADY_EXISTS"),
            format!(
                "REQ\t1\t{local}\t-\tApiVersions\t3\t7\tunsupported\tanswered v0 error 35, 18:0-2"
            ),
        ]
    );
    assert!(
        lines[3].starts_with(&format!(
            "REQ\t1\t{local}\t-\tDescribeLogDirs\t4\t8\trefused\t"
        )),
        "{}",
        lines[3]
    );
    let outcomes = outcomes.lock().unwrap().clone();
    assert_eq!(
        outcomes[..3],
        [
            Outcome::Answered { errors: vec![] },
            Outcome::Answered {
                errors: vec![ErrorCode::TopicAlreadyExists]
            },
            Outcome::Unsupported {
                supported: VersionRange::new(0, 2)
            },
        ]
    );
    assert!(matches!(outcomes[3], Outcome::Refused { .. }));
}

/// An answer the fake cannot encode (CreateTopics v4's error message
/// quoting a 32,700-character name, past its string's i16 length) closes the
/// connection and tells the hook the API, the version and why.
#[tokio::test]
async fn an_answer_that_does_not_encode_is_reported_with_its_api_and_version() {
    let outcomes = Arc::new(Mutex::new(Vec::new()));
    let cluster = Cluster::builder()
        .on_request({
            let outcomes = Arc::clone(&outcomes);
            move |r| outcomes.lock().unwrap().push(r.to_string())
        })
        .start()
        .await
        .unwrap();
    let mut stream = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    let header = RequestHeader::new(ApiKey::CreateTopics.key(), 4, 9, None);
    let mut out = BytesMut::new();
    let long = "x".repeat(32_700);
    frame::encode_request(&mut out, &header, &create_topic(&long)).unwrap();
    stream.write_all(&out).await.unwrap();
    assert_eq!(stream.read(&mut [0; 1]).await.unwrap(), 0);
    let lines = outcomes.lock().unwrap().clone();
    let local = stream.local_addr().unwrap();
    let expected = format!(
        "REQ\t1\t{local}\t-\tCreateTopics\t4\t9\trefused\tanswer not encoded: CreateTopics v4: "
    );
    assert_eq!(lines.len(), 1);
    assert!(lines[0].starts_with(&expected), "{}", lines[0]);
    assert!(
        lines[0].contains("exceeds the maximum of 32767"),
        "{}",
        lines[0]
    );
}

#[tokio::test]
async fn shutdown_closes_the_listener_and_every_connection() {
    let cluster = Cluster::builder().start().await.unwrap();
    let addr = cluster.bootstrap_addrs()[0];
    let mut stream = TcpStream::connect(addr).await.unwrap();
    send(&mut stream, &ApiVersionsRequest::default(), 4).await;
    cluster.shutdown().await;
    assert_eq!(stream.read(&mut [0; 1]).await.unwrap(), 0);
    let refused = TcpStream::connect(addr).await.unwrap_err();
    assert_eq!(refused.kind(), ErrorKind::ConnectionRefused);
}

#[tokio::test]
async fn dropping_the_cluster_stops_it() {
    let cluster = Cluster::builder().start().await.unwrap();
    let addr = cluster.bootstrap_addrs()[0];
    let mut stream = TcpStream::connect(addr).await.unwrap();
    send(&mut stream, &ApiVersionsRequest::default(), 4).await;
    drop(cluster);
    // The node's task closes its connections and listener when it next runs.
    let closed = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut [0; 1])).await;
    assert_eq!(closed.unwrap().unwrap(), 0);
    let refused = TcpStream::connect(addr).await.unwrap_err();
    assert_eq!(refused.kind(), ErrorKind::ConnectionRefused);
}

#[test]
fn a_cluster_and_its_start_can_move_between_threads() {
    fn send_and_sync<T: Send + Sync>(_: &T) {}
    fn send<T: Send>(_: &T) {}
    let start = Cluster::builder().on_request(|_| {}).start();
    send(&start);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let cluster = runtime.block_on(start).unwrap();
    send_and_sync(&cluster);
}
