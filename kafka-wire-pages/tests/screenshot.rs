//! The CreateTopics v7 page in a real browser: headless Chromium (Debian's
//! `chromium` package) takes a screenshot of it, and its DOM after the page's
//! script ran shows a byte's field highlighted, as hovering it does.
//!
//! Ignored by default (it needs Chromium): run it with
//! `cargo test -p kafka-wire-pages --test screenshot -- --ignored`. With
//! `WIRE_PAGE_SCREENSHOT=docs/wire-page-create-topics-v7.png` it also writes
//! the screenshot there (`scripts/wire-page-screenshot.sh` does the same).

use std::path::{Path, PathBuf};
use std::process::Command;

use kafka_messages::ApiKey;
use kafka_wire_pages::Page;

const WIDTH: u32 = 1280;
const HEIGHT: u32 = 1000;

fn chromium() -> PathBuf {
    for name in ["chromium", "chromium-browser"] {
        if let Ok(out) = Command::new("sh")
            .args(["-c", &format!("command -v {name}")])
            .output()
        {
            let path = String::from_utf8_lossy(&out.stdout).trim().to_string();
            if out.status.success() && !path.is_empty() {
                return PathBuf::from(path);
            }
        }
    }
    panic!("chromium not found: apt-get install -y chromium");
}

fn browser(args: &[&str], url: &str) -> Vec<u8> {
    let out = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
        ])
        .args(args)
        .arg(url)
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The width and height in a PNG's IHDR chunk.
fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
    assert_eq!(&png[12..16], b"IHDR");
    let be = |b: &[u8]| u32::from_be_bytes(b.try_into().unwrap());
    (be(&png[16..20]), be(&png[20..24]))
}

#[test]
#[ignore = "needs headless Chromium (apt-get install -y chromium)"]
fn the_page_renders_in_chromium() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("wire-page-screenshot");
    std::fs::create_dir_all(&dir).unwrap();
    let html = dir.join("create-topics-v7.html");
    std::fs::write(
        &html,
        Page::sample(ApiKey::CreateTopics, 7).unwrap().to_html(),
    )
    .unwrap();
    // Byte 0x10 of the request: CreatableTopic[0].Name, shown as if hovered.
    let url = format!("file://{}#s0b16", html.display());

    let shot = dir.join("create-topics-v7.png");
    let _ = std::fs::remove_file(&shot);
    browser(
        &[
            &format!("--window-size={WIDTH},{HEIGHT}"),
            &format!("--screenshot={}", shot.display()),
        ],
        &url,
    );
    let png = std::fs::read(&shot).expect("a screenshot");
    assert_eq!(png_size(&png), (WIDTH, HEIGHT));
    // A blank page compresses to a few kilobytes; this one has colour and text.
    assert!(
        png.len() > 40_000 && png.len() < 300_000,
        "{} bytes",
        png.len()
    );

    // The DOM after the script ran: the byte and its field are highlighted,
    // the status line names the field.
    let dom = String::from_utf8(browser(&["--dump-dom"], &url)).unwrap();
    assert!(dom.contains("data-i=\"16\""), "the grid");
    assert_eq!(
        dom.matches(" hl\"").count(),
        2,
        "one cell and one line highlighted"
    );
    assert!(
        dom.contains("class=\"c-request hl\" data-i=\"16\""),
        "byte 16 highlighted"
    );
    assert!(dom.contains("Name string = \"\" (compact, len+1=1) [0x0010, 1B] The topic name.</p>"));
    assert!(!dom.contains("Uncaught"), "the script ran without an error");

    if let Ok(dest) = std::env::var("WIRE_PAGE_SCREENSHOT") {
        let dest = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(dest);
        std::fs::copy(&shot, &dest).unwrap();
        eprintln!("wrote {}", dest.display());
    }
}
