//! `kafka-fake`: a [`kafka_wire_fake::Cluster`] from a command line, for
//! clients in any language. It listens on 127.0.0.1 only, prints where, and
//! runs until Ctrl-C (or `--exit-after-secs`).
//!
//! ```text
//! kafka-fake --port 9092
//! kafka-fake --port 0 --max-version CreateTopics=4 --max-version ApiVersions=3 --log
//! kafka-fake --release 3.9.1   # CreateTopics 0-7, Metadata 0-12, ...
//! kafka-fake --sasl-user alice:alice-secret --sasl-user admin:admin-secret
//! ```

use std::net::{Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use kafka_messages::{ApiKey, Release};
use kafka_wire_fake::{Cluster, ClusterBuilder, Credentials, StartError, SERVED_APIS};

const USAGE: &str = "\
usage: kafka-fake [--port N] [--release V] [--max-version API=N]... [--authorizer [--super-user P]... [--principal P]] [--sasl-user NAME:PASSWORD]... [--exit-after-secs N] [--log]

  --port N              listen on 127.0.0.1:N; 0 picks a free port (default 9092)
  --nodes N             run N nodes (1 to 64, default 1), ids 1..N, on ports PORT,
                        PORT+1, ... (free ones for --port 0), leaders spread over them
  --auto-create-topics  create the topics Metadata is asked about, as Kafka's
                        auto.create.topics.enable does
  --request-budget N    hold at most N bytes of request frames across all
                        connections, as Kafka's queued.max.request.bytes does
                        (default: no budget); at least 104857600 (the frame
                        limit) for the largest frames to be served
  --release V           serve and advertise the versions of Kafka release V: 4.4.0
                        (the default) or 3.9.1, whose brokers still accept the
                        versions Kafka 4.0 removed
  --max-version API=N   serve and advertise API (name or key, e.g. CreateTopics or 19)
                        up to version N only
  --authorizer          enforce the ACLs CreateAcls makes, as Kafka's
                        StandardAuthorizer does (every connection is
                        User:ANONYMOUS unless --principal or --sasl-user
                        says otherwise)
  --super-user P        a principal allowed everything under --authorizer,
                        e.g. User:admin (repeatable; Kafka's super.users)
  --principal P         the principal of every connection (default User:ANONYMOUS)
  --sasl-user NAME:PASSWORD
                        a SASL listener (Kafka's SASL_PLAINTEXT) with this user
                        (repeatable): every connection authenticates with
                        PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512 before any request
                        but ApiVersions and the SASL ones, and is User:NAME
                        (for --authorizer); a wrong password is refused with
                        SASL_AUTHENTICATION_FAILED and the connection closed; the
                        password is what follows the first colon
  --sasl-max-reauth-ms N
                        SASL sessions last N ms (Kafka's connections.max.reauth.ms,
                        KIP-368): clients re-authenticate before then, and any
                        other request after it closes the connection (needs
                        --sasl-user; default: sessions do not end)
  --exit-after-secs N   stop after N seconds (it also stops on Ctrl-C)
  --log                 print one tab-separated line per request:
                        REQ conn peer client api version correlation outcome detail

On start it prints `listening on 127.0.0.1:PORT` on stdout (with --nodes, every
node's address, comma-separated, in id order).";

struct Args {
    cluster: ClusterBuilder,
    exit_after: Option<Duration>,
}

fn parse_args() -> Result<Args, String> {
    let mut port = 9092;
    let mut cluster = Cluster::builder();
    let mut exit_after = None;
    let mut super_users = Vec::new();
    let mut sasl: Option<Credentials> = None;
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--port" => port = value()?.parse().map_err(|e| format!("--port: {e}"))?,
            "--nodes" => {
                let n = value()?.parse().map_err(|e| format!("--nodes: {e}"))?;
                cluster = cluster.nodes(n);
            }
            "--release" => {
                let v = value()?;
                let release = Release::ALL
                    .iter()
                    .copied()
                    .find(|r| r.version() == v)
                    .ok_or_else(|| {
                        let known: Vec<&str> = Release::ALL.iter().map(|r| r.version()).collect();
                        format!("--release {v}: one of {}", known.join(", "))
                    })?;
                cluster = cluster.release(release);
            }
            "--max-version" => {
                let v = value()?;
                let (api, max) = v
                    .split_once('=')
                    .ok_or(format!("--max-version {v}: expected API=N"))?;
                let key = api_by_name(api)?;
                let max: i16 = max.parse().map_err(|e| format!("--max-version {v}: {e}"))?;
                cluster = cluster.max_version(key, max);
            }
            "--exit-after-secs" => {
                let secs = value()?
                    .parse()
                    .map_err(|e| format!("--exit-after-secs: {e}"))?;
                exit_after = Some(Duration::from_secs(secs));
            }
            "--auto-create-topics" => cluster = cluster.auto_create_topics(true),
            "--authorizer" => cluster = cluster.authorizer(true),
            "--super-user" => super_users.push(value()?),
            "--principal" => cluster = cluster.principal(value()?),
            "--sasl-user" => {
                let v = value()?;
                let (name, password) = v
                    .split_once(':')
                    .filter(|(name, _)| !name.is_empty())
                    .ok_or(format!("--sasl-user {v}: expected NAME:PASSWORD"))?;
                let users = sasl.take().unwrap_or_default();
                let users = users
                    .user(name, password)
                    .map_err(|e| format!("--sasl-user {name}: {e}"))?;
                sasl = Some(users);
            }
            "--sasl-max-reauth-ms" => {
                let ms = value()?
                    .parse()
                    .map_err(|e| format!("--sasl-max-reauth-ms: {e}"))?;
                cluster = cluster.connections_max_reauth(Duration::from_millis(ms));
            }
            "--request-budget" => {
                let bytes = value()?
                    .parse()
                    .map_err(|e| format!("--request-budget: {e}"))?;
                cluster = cluster.request_budget(kafka_wire::frame::FrameBudget::new(bytes));
            }
            "--log" => cluster = cluster.on_request(|request| println!("{request}")),
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if let Some(users) = sasl {
        cluster = cluster.sasl(users);
    }
    let cluster = cluster
        .super_users(super_users)
        .listen(SocketAddr::from((Ipv4Addr::LOCALHOST, port)));
    Ok(Args {
        cluster,
        exit_after,
    })
}

/// An API the cluster serves, by name (any case) or key.
fn api_by_name(text: &str) -> Result<ApiKey, String> {
    let key = match text.parse::<i16>() {
        Ok(n) => ApiKey::from_i16(n),
        Err(_) => ApiKey::from_name(text),
    };
    key.filter(|k| SERVED_APIS.contains(k)).ok_or_else(|| {
        let names: Vec<&str> = SERVED_APIS.iter().map(|k| k.name()).collect();
        format!(
            "{text:?} is not an API the cluster serves: {}",
            names.join(", ")
        )
    })
}

/// The command line's mistakes, shown with the usage, exit with 2; others with 1.
fn usage_error(message: &str) -> ExitCode {
    eprintln!("error: {message}\n\n{USAGE}");
    ExitCode::from(2)
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => return usage_error(&e),
    };
    let cluster = match args.cluster.start().await {
        Ok(c) => c,
        Err(e @ StartError::NoSuchVersion { api, version }) => {
            return usage_error(&format!("--max-version {}={version}: {e}", api.name()))
        }
        Err(StartError::ReauthWithoutSasl) => {
            return usage_error("--sasl-max-reauth-ms needs --sasl-user")
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let served: Vec<String> = SERVED_APIS
        .iter()
        .filter_map(|&k| Some(format!("{} {}", k.name(), cluster.versions(k)?)))
        .collect();
    println!("listening on {}", cluster.bootstrap());
    println!("serving {}", served.join(", "));
    let exit_after = async {
        match args.exit_after {
            Some(d) => tokio::time::sleep(d).await,
            None => std::future::pending().await,
        }
    };
    tokio::select! {
        r = tokio::signal::ctrl_c() => {
            if let Err(e) = r {
                eprintln!("error: cannot wait for Ctrl-C: {e}");
                return ExitCode::from(1);
            }
            println!("stopped by Ctrl-C");
        }
        () = exit_after => println!("stopped after {:?}", args.exit_after.unwrap_or_default()),
    }
    cluster.shutdown().await;
    ExitCode::SUCCESS
}
