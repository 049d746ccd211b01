//! The memory a connection costs the mock broker (`kafka-wire-fake`) and
//! the proxy (`kafka-wire-proxy`): idle, and with a 2 MiB frame pending
//! (its size and all but its last byte sent). Measured, not asserted
//! (`--ignored`, with `--nocapture` to read the table): the process's
//! resident memory (VmRSS of /proc/self/status) before and after opening
//! the connections, divided by their number. The servers run in this
//! process on a current-thread runtime, on 127.0.0.1 at ports the system
//! picks; the clients hold nothing in user space but their sockets.
//!
//! ```sh
//! cargo test -p kafka-wire-tests --test memory_ceilings -- --ignored --nocapture
//! ```
//! docs/hostile-input.md holds a run's table.

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

/// Connections opened idle (one process holds both ends, and the proxy's
/// upstream too: the file descriptor limit, 20 000 here, bounds it).
const IDLE: usize = 2_000;
/// Connections opened with a 2 MiB frame pending.
const BUSY: usize = 50;
const FRAME: usize = 2 << 20;

fn rss() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let kb: usize = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS");
    kb * 1024
}

/// Opens `n` connections to `addr`, each sent `bytes`, lets the server read
/// them, and returns the resident memory they added per connection.
async fn per_connection(addr: SocketAddr, n: usize, bytes: &[u8]) -> (usize, Vec<TcpStream>) {
    tokio::time::sleep(Duration::from_millis(200)).await;
    let before = rss();
    let mut conns = Vec::with_capacity(n);
    for _ in 0..n {
        let mut s = TcpStream::connect(addr).await.unwrap();
        if !bytes.is_empty() {
            s.write_all(bytes).await.unwrap();
        }
        conns.push(s);
    }
    // Let the server's tasks read what was sent (bounded wait).
    for _ in 0..20 {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let after = rss();
    (after.saturating_sub(before) / n, conns)
}

#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn bytes_per_connection_of_the_fake_and_the_proxy() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let cluster = kafka_wire_fake::Cluster::builder().start().await.unwrap();
        let proxy = kafka_wire_proxy::Proxy::builder(cluster.bootstrap())
            .listen("127.0.0.1:0".parse().unwrap())
            .start()
            .await
            .unwrap();
        let mut pending = ((FRAME) as i32).to_be_bytes().to_vec();
        pending.resize(4 + FRAME - 1, 0);
        println!("| server | connections | state | resident bytes per connection |");
        println!("|---|---|---|---|");
        for (name, addr) in [
            ("kafka-wire-fake", cluster.bootstrap_addrs()[0]),
            (
                "kafka-wire-proxy (+ its upstream on the fake)",
                proxy.local_addr(),
            ),
        ] {
            let (idle, conns) = per_connection(addr, IDLE, &[]).await;
            println!("| {name} | {IDLE} | idle | {idle} |");
            drop(conns);
            let (busy, conns) = per_connection(addr, BUSY, &pending).await;
            println!("| {name} | {BUSY} | a 2 MiB frame pending | {busy} |");
            drop(conns);
        }
        proxy.shutdown();
        cluster.shutdown().await;
    });
}
