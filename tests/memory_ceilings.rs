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
//! so that memory one row freed is not reused by the next; the servers run
//! there on a current-thread runtime, on 127.0.0.1 at ports the system
//! picks, and the clients in a child process (this test again, told where to
//! connect), so that the figures are the servers' alone (the proxy's include
//! the fake it forwards to: 3 descriptors per proxied connection in its
//! process).
//!
//! ```sh
//! cargo test -p kafka-wire-tests --test memory_ceilings -- --ignored --nocapture
//! bash scripts/hostile-connections.sh 10000   # 10 000 connections, as the descriptor limit permits
//! ```
//! `KAFKA_WIRE_CONNECTIONS` sets the connections of the fake's idle and
//! claimed rows (default 2 000), `KAFKA_WIRE_PROXY_CONNECTIONS` the proxy's
//! (default the same). docs/hostile-input.md holds a run's table.

use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
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

/// A fresh fake (and proxy in front of it, with `through_proxy`), with a
/// request budget of [`BUDGET`] on the server measured when `budgeted`;
/// where clients connect, and the servers to keep.
async fn servers(
    through_proxy: bool,
    budgeted: bool,
) -> (
    SocketAddr,
    kafka_wire_fake::Cluster,
    Option<kafka_wire_proxy::Proxy>,
) {
    let budget = kafka_wire::frame::FrameBudget::new(BUDGET);
    let mut fake = kafka_wire_fake::Cluster::builder();
    if budgeted && !through_proxy {
        fake = fake.request_budget(budget.clone());
    }
    let cluster = fake.start().await.unwrap();
    if !through_proxy {
        return (cluster.bootstrap_addrs()[0], cluster, None);
    }
    let mut proxy = kafka_wire_proxy::Proxy::builder(cluster.bootstrap())
        .listen("127.0.0.1:0".parse().unwrap());
    if budgeted {
        proxy = proxy.request_budget(budget);
    }
    let proxy = proxy.start().await.unwrap();
    (proxy.local_addr(), cluster, Some(proxy))
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

/// One row, in this process: the servers' resident bytes per connection.
fn row(through_proxy: bool, count: usize, kind: &str, budgeted: bool) -> usize {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (addr, cluster, proxy) = servers(through_proxy, budgeted).await;
        tokio::time::sleep(Duration::from_millis(200)).await;
        let before = rss();
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args(["--ignored", "--nocapture", "--exact", TEST])
            .env("KAFKA_WIRE_CLIENTS", format!("{addr},{count},{kind}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        // The child's "connected", read on a thread while the servers run here.
        let connected = Arc::new(AtomicBool::new(false));
        let stdout = child.stdout.take().unwrap();
        let seen = Arc::clone(&connected);
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if line.is_ok_and(|l| l == "connected") {
                    seen.store(true, Ordering::Release);
                }
            }
        });
        for _ in 0..1200 {
            if connected.load(Ordering::Acquire) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(connected.load(Ordering::Acquire), "the clients connected");
        // Let the servers read what was sent (bounded wait).
        tokio::time::sleep(Duration::from_secs(2)).await;
        let after = rss();
        drop(child.stdin.take());
        let _ = child.wait();
        if let Some(p) = proxy {
            p.shutdown();
        }
        cluster.shutdown().await;
        after.saturating_sub(before) / count
    })
}

#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn bytes_per_connection_of_the_fake_and_the_proxy() {
    if let Ok(spec) = std::env::var("KAFKA_WIRE_CLIENTS") {
        return clients(&spec);
    }
    let rows = rows();
    let name = |through_proxy| match through_proxy {
        false => "kafka-wire-fake",
        true => "kafka-wire-proxy (+ the fake it forwards to)",
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
