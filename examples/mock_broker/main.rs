//! A mock Kafka broker, in memory, for testing Kafka tooling without a JVM.
//!
//! It serves ApiVersions, Metadata, CreateTopics, DeleteTopics,
//! CreatePartitions, CreateAcls, DescribeAcls and DeleteAcls at every version
//! Kafka 4.4 has (or Kafka 3.9's, with `--release 3.9.1`; or lower maxima, to
//! make clients negotiate older versions), answers errors as Kafka 4.4 does (TOPIC_ALREADY_EXISTS,
//! UNKNOWN_TOPIC_OR_PARTITION, INVALID_PARTITIONS, INVALID_REPLICATION_FACTOR,
//! INVALID_REQUEST for a bad ACL, ...), and refuses an ApiVersions version it
//! does not serve with Kafka's v0 UNSUPPORTED_VERSION answer. It is one node
//! (id 1, broker and controller) that listens on 127.0.0.1 only.
//!
//! ```text
//! cargo run --example mock_broker -- --port 9092
//! cargo run --example mock_broker -- --port 0 --max-version CreateTopics=4 --max-version ApiVersions=3 --log
//! cargo run --example mock_broker -- --release 3.9.1   # CreateTopics 0-7, Metadata 0-12, ...
//! ```
//!
//! Built only from what the published crates offer: `kafka-messages`
//! (`RequestKind::decode_frame_within`, `serve`) and `kafka-wire` with its
//! `tokio` feature (`frame::FrameCodec`).

use std::collections::BTreeMap;
use std::net::{Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use kafka_messages::{ApiKey, Release};

mod broker;

const USAGE: &str = "\
usage: mock_broker [--port N] [--release V] [--max-version API=N]... [--exit-after-secs N] [--log]

  --port N              listen on 127.0.0.1:N; 0 picks a free port (default 9092)
  --release V           serve and advertise the versions of Kafka release V: 4.4.0
                        (the default) or 3.9.1, whose brokers still accept the
                        versions Kafka 4.0 removed
  --max-version API=N   serve and advertise API (name or key, e.g. CreateTopics or 19)
                        up to version N only
  --exit-after-secs N   stop after N seconds (it also stops on Ctrl-C)
  --log                 print one tab-separated line per request:
                        REQ conn peer client api version correlation outcome detail

On start it prints `listening on 127.0.0.1:PORT` on stdout.";

struct Args {
    port: u16,
    config: broker::Config,
    exit_after: Option<Duration>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        port: 9092,
        config: broker::Config::default(),
        exit_after: None,
    };
    let mut max_versions = BTreeMap::new();
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--port" => args.port = value()?.parse().map_err(|e| format!("--port: {e}"))?,
            "--release" => {
                let v = value()?;
                args.config.release = Release::ALL
                    .iter()
                    .copied()
                    .find(|r| r.version() == v)
                    .ok_or_else(|| {
                        let known: Vec<&str> = Release::ALL.iter().map(|r| r.version()).collect();
                        format!("--release {v}: one of {}", known.join(", "))
                    })?;
            }
            "--max-version" => {
                let v = value()?;
                let (api, max) = v
                    .split_once('=')
                    .ok_or(format!("--max-version {v}: expected API=N"))?;
                let key = api_by_name(api)?;
                let max: i16 = max.parse().map_err(|e| format!("--max-version {v}: {e}"))?;
                let served = key.all_versions();
                if !served.contains(max) {
                    return Err(format!(
                        "--max-version {v}: {} has versions {served}",
                        key.name()
                    ));
                }
                max_versions.insert(key, max);
            }
            "--exit-after-secs" => {
                let secs = value()?
                    .parse()
                    .map_err(|e| format!("--exit-after-secs: {e}"))?;
                args.exit_after = Some(Duration::from_secs(secs));
            }
            "--log" => args.config.log = true,
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    args.config.max_versions = max_versions;
    Ok(args)
}

/// An API the mock serves, by name (any case) or key.
fn api_by_name(text: &str) -> Result<ApiKey, String> {
    let key = match text.parse::<i16>() {
        Ok(n) => ApiKey::from_i16(n),
        Err(_) => ApiKey::ALL
            .iter()
            .copied()
            .find(|k| k.name().eq_ignore_ascii_case(text)),
    };
    key.filter(|k| broker::SERVED.contains(k)).ok_or_else(|| {
        let names: Vec<&str> = broker::SERVED.iter().map(|k| k.name()).collect();
        format!(
            "{text:?} is not an API the mock serves: {}",
            names.join(", ")
        )
    })
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("error: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let listener =
        match tokio::net::TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, args.port)))
            .await
        {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: cannot listen on 127.0.0.1:{}: {e}", args.port);
                return ExitCode::from(1);
            }
        };
    let addr = match listener.local_addr() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let broker = broker::Broker::new(args.config, addr);
    let served: Vec<String> = broker::SERVED
        .iter()
        .filter_map(|&k| Some(format!("{} {}", k.name(), broker.served(k)?)))
        .collect();
    println!("listening on {addr}");
    println!("serving {}", served.join(", "));
    let exit_after = async {
        match args.exit_after {
            Some(d) => tokio::time::sleep(d).await,
            None => std::future::pending().await,
        }
    };
    tokio::select! {
        () = broker.serve(listener) => {}
        r = tokio::signal::ctrl_c() => {
            if let Err(e) = r {
                eprintln!("error: cannot wait for Ctrl-C: {e}");
                return ExitCode::from(1);
            }
            println!("stopped by Ctrl-C");
        }
        () = exit_after => println!("stopped after {:?}", args.exit_after.unwrap_or_default()),
    }
    ExitCode::SUCCESS
}
