//! The `kafka-fake` binary: the lines scripts read from it (where it
//! listens, what it serves, one per request with `--log`), its usage, and
//! the command lines it refuses.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};

use kafka_messages::client::Client;
use kafka_messages::CreateTopicsRequest;

mod common;

const BIN: &str = env!("CARGO_BIN_EXE_kafka-fake");

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

/// Kills the binary when a test ends, passed or not.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn it_prints_where_it_listens_what_it_serves_and_each_request() {
    let child = Command::new(BIN)
        .args(["--port", "0", "--log", "--exit-after-secs", "60"])
        .args(["--release", "3.9.1", "--max-version", "createtopics=4"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut running = Running(child);
    let mut lines = BufReader::new(running.0.stdout.take().unwrap()).lines();
    let mut line = || lines.next().unwrap().unwrap();

    let listening = line();
    let addr = listening
        .strip_prefix("listening on 127.0.0.1:")
        .unwrap_or_else(|| panic!("{listening}"));
    let port: u16 = addr.parse().unwrap();
    assert_ne!(port, 0);
    assert_eq!(
        line(),
        "serving Produce 0-11, Fetch 0-17, ListOffsets 0-9, Metadata 0-12, ApiVersions 0-4, \
         CreateTopics 0-4, DeleteTopics 0-6, DescribeAcls 0-3, CreateAcls 0-3, DeleteAcls 0-3, \
         CreatePartitions 0-3, DescribeConfigs 0-4, AlterConfigs 0-2, \
         IncrementalAlterConfigs 0-1, DeleteRecords 0-2, InitProducerId 0-5, DescribeCluster 0-1, \
         FindCoordinator 0-6, OffsetCommit 0-9, OffsetFetch 0-9, JoinGroup 0-9, SyncGroup 0-5, \
         Heartbeat 0-4, LeaveGroup 0-5, AddPartitionsToTxn 0-5, AddOffsetsToTxn 0-4, EndTxn 0-4, \
         TxnOffsetCommit 0-4, DescribeTransactions 0, ListTransactions 0-1, ListGroups 0-5, \
         DescribeGroups 0-5, DeleteGroups 0-2, OffsetDelete 0, ConsumerGroupHeartbeat 0, \
         ConsumerGroupDescribe 0, DescribeClientQuotas 0-1, AlterClientQuotas 0-1, \
         DescribeTopicPartitions 0, SaslHandshake 0-1, SaslAuthenticate 0-2"
    );

    // The client opens with ApiVersions v5, which Kafka 3.9 does not have,
    // and retries at v4.
    let mut client = Client::connect(("127.0.0.1", port), "cli-test").unwrap();
    assert_eq!(client.negotiate::<CreateTopicsRequest>().unwrap(), 4);
    let expected = [
        [
            "cli-test",
            "ApiVersions",
            "5",
            "1",
            "unsupported",
            "answered v0 error 35, 18:0-4",
        ],
        ["cli-test", "ApiVersions", "4", "2", "ok", ""],
    ];
    for want in expected {
        let request = line();
        let fields: Vec<&str> = request.split('\t').collect();
        assert_eq!(fields[..2], ["REQ", "1"], "{request}");
        assert!(fields[2].starts_with("127.0.0.1:"), "{request}");
        assert_eq!(fields[3..], want, "{request}");
    }
}

#[test]
fn nodes_listen_side_by_side_and_say_where() {
    let child = Command::new(BIN)
        .args(["--port", "0", "--nodes", "3", "--exit-after-secs", "60"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut running = Running(child);
    let mut lines = BufReader::new(running.0.stdout.take().unwrap()).lines();
    let listening = lines.next().unwrap().unwrap();
    let addrs: Vec<&str> = listening
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("{listening}"))
        .split(',')
        .collect();
    assert_eq!(addrs.len(), 3, "{listening}");
    for addr in addrs {
        assert!(std::net::TcpStream::connect(addr).is_ok(), "{addr}");
    }
}

/// `--authorizer` with `--super-user`: the anonymous connection may not
/// create a topic; as `--principal`, the super user may.
#[test]
fn the_authorizer_flags_enforce_acls_for_the_principal_given() {
    let create = common::create_topic("orders", 1, &[]);
    for (principal, expected) in [
        (
            "User:ANONYMOUS",
            kafka_wire::ErrorCode::TopicAuthorizationFailed,
        ),
        ("User:admin", kafka_wire::ErrorCode::None),
    ] {
        let child = Command::new(BIN)
            .args(["--port", "0", "--exit-after-secs", "60", "--authorizer"])
            .args(["--super-user", "User:admin", "--principal", principal])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut running = Running(child);
        let mut lines = BufReader::new(running.0.stdout.take().unwrap()).lines();
        let listening = lines.next().unwrap().unwrap();
        let addr = listening.strip_prefix("listening on ").unwrap().to_owned();
        let mut client = Client::connect(addr.as_str(), "cli-test").unwrap();
        let answer = client.send(&create, 7).unwrap();
        assert_eq!(
            kafka_wire::ErrorCode::from(answer.topics[0].error_code),
            expected,
            "{principal}"
        );
    }
}

#[test]
fn sasl_users_must_authenticate_before_being_served() {
    use kafka_messages::{SaslAuthenticateRequest, SaslHandshakeRequest};
    let child = Command::new(BIN)
        .args(["--port", "0", "--exit-after-secs", "60"])
        .args([
            "--sasl-user",
            "alice:alice:secret",
            "--sasl-max-reauth-ms",
            "60000",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut running = Running(child);
    let mut lines = BufReader::new(running.0.stdout.take().unwrap()).lines();
    let listening = lines.next().unwrap().unwrap();
    let addr = listening.strip_prefix("listening on ").unwrap().to_owned();
    let mut client = Client::connect(addr.as_str(), "cli-test").unwrap();
    let handshake = SaslHandshakeRequest {
        mechanism: "PLAIN".into(),
    };
    assert_eq!(client.send(&handshake, 1).unwrap().error_code, 0);
    // The password is what follows the first colon.
    let round = SaslAuthenticateRequest {
        auth_bytes: bytes::Bytes::from_static(b"\0alice\0alice:secret"),
        ..Default::default()
    };
    let answer = client.send(&round, 2).unwrap();
    assert_eq!((answer.error_code, answer.session_lifetime_ms), (0, 60_000));
    let created = client
        .send(&common::create_topic("orders", 1, &[]), 7)
        .unwrap();
    assert_eq!(created.topics[0].error_code, 0);
    // Without authenticating, a request closes the connection.
    let mut client = Client::connect(addr.as_str(), "cli-test").unwrap();
    assert!(client
        .send(&common::create_topic("other", 1, &[]), 7)
        .is_err());
}

#[test]
fn help_prints_the_usage() {
    let out = run(&["--help"]);
    assert!(out.status.success());
    let usage = String::from_utf8(out.stdout).unwrap();
    assert!(usage.starts_with("usage: kafka-fake [--port N]"), "{usage}");
    assert!(usage.contains("listening on 127.0.0.1:PORT"), "{usage}");
}

#[test]
fn a_command_line_it_cannot_serve_exits_2_with_the_usage() {
    for (args, message) in [
        (
            &["--max-version", "CreateTopics=99"][..],
            "error: --max-version CreateTopics=99: CreateTopics has no version 99 (it has 0-7)",
        ),
        (
            &["--max-version", "DescribeLogDirs=2"],
            "error: \"DescribeLogDirs\" is not an API the cluster serves: Produce, Fetch,",
        ),
        (
            &["--release", "2.8.0"],
            "error: --release 2.8.0: one of 3.9.1, 4.4.0",
        ),
        (&["--port"], "error: --port needs a value"),
        (
            &["--sasl-user", "alice"],
            "error: --sasl-user alice: expected NAME:PASSWORD",
        ),
        (
            &["--sasl-max-reauth-ms", "1000"],
            "error: --sasl-max-reauth-ms needs --sasl-user",
        ),
        (&["--verbose"], "error: unknown argument \"--verbose\""),
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with(message), "{args:?}: {err}");
        assert!(err.contains("\n\nusage: kafka-fake"), "{args:?}: {err}");
    }
}

#[test]
fn a_port_taken_exits_1() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = run(&["--port", &port, "--exit-after-secs", "5"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with(&format!("error: cannot listen on 127.0.0.1:{port}: ")),
        "{err}"
    );
}
