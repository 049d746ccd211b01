//! The memory a connection costs the mock broker (`kafka-wire-fake`) and
//! the proxy (`kafka-wire-proxy`): idle; with a 2 MiB frame pending (its
//! size and all but its last byte sent); and with a 2 MiB frame claimed and
//! its first 64 KiB sent, without and with a request budget
//! (`request_budget`, 64 MiB). Measured, not asserted (`--ignored`, with
//! `--nocapture` to read the table): the server process's resident memory
//! (VmRSS of /proc/self/status) before and after the connections are
//! opened, divided by their number.
//!
//! Each row runs in a process of its own (this test again, told its row),
//! so that memory one row freed is not reused by the next; the measured
//! server runs there on a current-thread runtime, on 127.0.0.1 at ports the
//! system picks, and the clients in a child process (this test again, told
//! where to connect), so that the figures are the server's alone. The
//! proxy's rows run the fake it forwards to in a third process (this test
//! again, told to serve), so they count the proxy alone, and its process
//! holds the two descriptors a proxied connection needs and no more.
//!
//! ```sh
//! cargo test -p kafka-wire-tests --test memory_ceilings -- --ignored --nocapture
//! bash scripts/hostile-connections.sh 10000   # 10 000 connections, as the descriptor limit permits
//! ```
//! `KAFKA_WIRE_CONNECTIONS` sets the connections of the fake's idle and
//! claimed rows (default 2 000), `KAFKA_WIRE_PROXY_CONNECTIONS` the proxy's
//! (default the same). docs/hostile-input.md holds a run's table.
//!
//! The row a process measures is in `KAFKA_WIRE_ROW`; a process with
//! `KAFKA_WIRE_CLIENTS` is a row's clients, one with `KAFKA_WIRE_SERVE_FAKE`
//! the fake behind a proxy's row.

use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::time::Duration;

use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

/// Connections of the idle and claimed rows, unless the environment says.
const IDLE: usize = 2_000;
/// Connections opened with a 2 MiB frame pending.
const BUSY: usize = 50;
const FRAME: usize = 2 << 20;
/// What each connection of the claimed rows sends of its 2 MiB frame.
const CLAIMED_SENT: usize = 64 << 10;
/// The request budget of the budgeted rows.
const BUDGET: usize = 64 << 20;
const TEST: &str = "bytes_per_connection_of_the_fake_and_the_proxy";

fn env_count(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

fn rss() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let kb: usize = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS");
    kb * 1024
}

/// What a client of a row sends: nothing, a 2 MiB frame but its last byte,
/// or a 2 MiB claim and 64 KiB of it.
fn client_bytes(kind: &str) -> Vec<u8> {
    let mut bytes = ((FRAME) as i32).to_be_bytes().to_vec();
    match kind {
        "idle" => Vec::new(),
        "pending" => {
            bytes.resize(4 + FRAME - 1, 0);
            bytes
        }
        _ => {
            bytes.resize(4 + CLAIMED_SENT, 0);
            bytes
        }
    }
}

/// The client process: opens `n` connections to `addr`, sends each the
/// row's bytes, says "connected" and holds them until its stdin closes.
fn clients(spec: &str) {
    let mut parts = spec.split(',');
    let addr: SocketAddr = parts.next().unwrap().parse().unwrap();
    let n: usize = parts.next().unwrap().parse().unwrap();
    let bytes = client_bytes(parts.next().unwrap());
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let conns = rt.block_on(async {
        let mut conns = Vec::with_capacity(n);
        for _ in 0..n {
            let mut s = TcpStream::connect(addr).await.unwrap();
            if !bytes.is_empty() {
                // The sockets' buffers take it, whether the server reads or
                // not; bounded all the same.
                let sent = tokio::time::timeout(Duration::from_secs(5), s.write_all(&bytes)).await;
                assert!(matches!(sent, Ok(Ok(()))), "a write: {sent:?}");
            }
            conns.push(s);
        }
        conns
    });
    println!("connected");
    let _ = std::io::stdin().read_to_end(&mut Vec::new());
    drop(conns);
}

/// A child process running this test again with `env` set, its stdin
/// piped (it ends when that closes) and its stdout read on a thread: the
/// child and its lines, as they come.
fn child(env: (&str, String)) -> (std::process::Child, std::sync::mpsc::Receiver<String>) {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--ignored", "--nocapture", "--exact", TEST])
        .env(env.0, env.1)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (child, rx)
}

/// The line of `lines` that starts with `prefix`, waited for (a bounded
/// wait, during which this process's runtime goes on serving), less the
/// prefix.
async fn line_from(lines: &std::sync::mpsc::Receiver<String>, prefix: &str) -> String {
    for _ in 0..1200 {
        while let Ok(line) = lines.try_recv() {
            if let Some(rest) = line.strip_prefix(prefix) {
                return rest.to_string();
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no line starting {prefix:?} from a child within 120 s");
}

/// The fake behind a proxy's row, in its own process: says "fake" and its
/// bootstrap address, and serves until its stdin closes.
fn serve_fake() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let cluster = rt
        .block_on(kafka_wire_fake::Cluster::builder().start())
        .unwrap();
    println!("fake {}", cluster.bootstrap());
    let _ = std::io::stdin().read_to_end(&mut Vec::new());
    rt.block_on(cluster.shutdown());
}

/// The measured server: a fresh fake, or a proxy in front of a fake in a
/// process of its own (kept in the second field, ended by dropping it),
/// with a request budget of [`BUDGET`] when `budgeted`; where clients
/// connect, and what to keep until the row ends.
async fn server(through_proxy: bool, budgeted: bool) -> (SocketAddr, Server) {
    let budget = kafka_wire::frame::FrameBudget::new(BUDGET);
    if !through_proxy {
        let mut fake = kafka_wire_fake::Cluster::builder();
        if budgeted {
            fake = fake.request_budget(budget);
        }
        let cluster = fake.start().await.unwrap();
        return (cluster.bootstrap_addrs()[0], Server::Fake(cluster));
    }
    let (fake, lines) = child(("KAFKA_WIRE_SERVE_FAKE", "1".into()));
    let bootstrap = line_from(&lines, "fake ").await;
    let mut proxy =
        kafka_wire_proxy::Proxy::builder(bootstrap).listen("127.0.0.1:0".parse().unwrap());
    if budgeted {
        proxy = proxy.request_budget(budget);
    }
    let proxy = proxy.start().await.unwrap();
    (proxy.local_addr(), Server::Proxy(proxy, fake))
}

/// What a row measures, kept until it ends.
enum Server {
    Fake(kafka_wire_fake::Cluster),
    /// The proxy and the process of the fake behind it.
    Proxy(kafka_wire_proxy::Proxy, std::process::Child),
}

impl Server {
    async fn shutdown(self) {
        match self {
            Server::Fake(cluster) => cluster.shutdown().await,
            Server::Proxy(proxy, mut fake) => {
                proxy.shutdown();
                drop(fake.stdin.take());
                let _ = fake.wait();
            }
        }
    }
}

/// The rows of the table: through the proxy or not, state, connections,
/// what each client sends, whether the measured server has a budget.
fn rows() -> Vec<(bool, &'static str, usize, &'static str, bool)> {
    let fake = env_count("KAFKA_WIRE_CONNECTIONS", IDLE);
    let proxied = env_count("KAFKA_WIRE_PROXY_CONNECTIONS", fake);
    let mut rows = Vec::new();
    for (through_proxy, n) in [(false, fake), (true, proxied)] {
        rows.push((through_proxy, "idle", n, "idle", false));
        rows.push((
            through_proxy,
            "a 2 MiB frame pending",
            BUSY,
            "pending",
            false,
        ));
        let claimed = "a 2 MiB frame claimed, 64 KiB of it sent";
        rows.push((through_proxy, claimed, n, "claimed", false));
        let budgeted = "a 2 MiB frame claimed, 64 KiB of it sent; request budget 64 MiB";
        rows.push((through_proxy, budgeted, n, "claimed", true));
    }
    rows
}

/// One row, in this process: the measured server's resident bytes per
/// connection.
fn row(through_proxy: bool, count: usize, kind: &str, budgeted: bool) -> usize {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (addr, server) = server(through_proxy, budgeted).await;
        tokio::time::sleep(Duration::from_millis(200)).await;
        let before = rss();
        let (mut clients, lines) = child(("KAFKA_WIRE_CLIENTS", format!("{addr},{count},{kind}")));
        line_from(&lines, "connected").await;
        // Let the server read what was sent (bounded wait).
        tokio::time::sleep(Duration::from_secs(2)).await;
        let after = rss();
        drop(clients.stdin.take());
        let _ = clients.wait();
        server.shutdown().await;
        after.saturating_sub(before) / count
    })
}

#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn bytes_per_connection_of_the_fake_and_the_proxy() {
    if let Ok(spec) = std::env::var("KAFKA_WIRE_CLIENTS") {
        return clients(&spec);
    }
    if std::env::var_os("KAFKA_WIRE_SERVE_FAKE").is_some() {
        return serve_fake();
    }
    let rows = rows();
    let name = |through_proxy| match through_proxy {
        false => "kafka-wire-fake",
        true => "kafka-wire-proxy",
    };
    if let Some(i) = std::env::var("KAFKA_WIRE_ROW")
        .ok()
        .and_then(|r| r.parse::<usize>().ok())
    {
        let (through_proxy, state, count, kind, budgeted) = rows[i];
        let per = row(through_proxy, count, kind, budgeted);
        println!("| {} | {count} | {state} | {per} |", name(through_proxy));
        return;
    }
    println!("| server | connections | state | resident bytes per connection |");
    println!("|---|---|---|---|");
    for i in 0..rows.len() {
        let out = Command::new(std::env::current_exe().unwrap())
            .args(["--ignored", "--nocapture", "--exact", TEST])
            .env("KAFKA_WIRE_ROW", i.to_string())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let line = text.lines().find(|l| l.starts_with("| kafka-wire"));
        assert!(
            out.status.success() && line.is_some(),
            "row {i}: {text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        println!("{}", line.unwrap());
    }
}
