//! The `kafka-dump-log` command as a user runs it, on segments written here:
//! what it prints (the library's dump), the order of its files, its flags,
//! what goes to stderr and its exit codes.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use kafka_wire::records::{NewRecord, RecordBatchBuilder};
use kafka_wire_dump::{Contents, Decoder, Dump, Options};

/// A directory of its own for each test, removed when it ends.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> Self {
        let dir =
            std::env::temp_dir().join(format!("kafka-dump-log-cli-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    /// Writes a segment of one batch at `base_offset` of records of `values`.
    fn segment(&self, name: &str, base_offset: i64, values: &[&str]) -> String {
        let mut builder = RecordBatchBuilder::new().base_offset(base_offset);
        for (i, value) in values.iter().enumerate() {
            builder
                .append(NewRecord::new(1_700_000_000_000 + i as i64).value(value.as_bytes()))
                .unwrap();
        }
        let path = self.0.join(name);
        std::fs::write(&path, builder.build().unwrap().as_bytes()).unwrap();
        path.display().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kafka-dump-log"))
        .args(args)
        .output()
        .expect("kafka-dump-log runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

/// What the library prints for `path` with `decoder`.
fn library_dump(path: &str, decoder: Decoder) -> String {
    let mut out = Vec::new();
    Dump::new(Options {
        decoder,
        ..Options::default()
    })
    .file(path, &mut out)
    .unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn it_prints_what_the_library_prints_in_the_order_of_its_files() {
    let dir = TempDir::new("order");
    let a = dir.segment("00000000000000000000.log", 0, &["a0", "a1"]);
    let b = dir.segment("00000000000000000002.log", 2, &["b2"]);
    let c = dir.segment("00000000000000000003.log", 3, &["c3"]);
    let text = |p: &str| library_dump(p, Decoder::Raw(Contents::Text));

    let out = run(&["--print-data-log", &a]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), text(&a));
    assert!(stdout(&out).contains(" payload: a1\n"), "{}", stdout(&out));
    assert_eq!(stderr(&out), "");

    // File arguments and `--files` lists, empty names dropped, as given.
    let files = format!("{a},,{c}");
    let out = run(&["--print-data-log", &b, "--files", &files]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), [text(&b), text(&a), text(&c)].concat());
    let out = run(&["--files", &files, "--print-data-log", &b]);
    assert_eq!(stdout(&out), [text(&a), text(&c), text(&b)].concat());
}

#[test]
fn one_decoder_at_most_and_print_data_log_adds_nothing_to_one() {
    let dir = TempDir::new("decoders");
    let a = dir.segment("00000000000000000000.log", 0, &["a0"]);
    let hex = library_dump(&a, Decoder::Raw(Contents::Hex));
    assert!(hex.contains(" payload: 6130\n"), "{hex}");
    assert_eq!(stdout(&run(&["--hex", &a])), hex);
    assert_eq!(stdout(&run(&["--hex", "--print-data-log", &a])), hex);
    assert_eq!(stdout(&run(&["--print-data-log", "--hex", &a])), hex);
    assert_eq!(
        stdout(&run(&["--deep-iteration", &a])),
        library_dump(&a, Decoder::Raw(Contents::Sizes))
    );

    let out = run(&["--offsets-decoder", "--hex", &a]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot be used with"),
        "{}",
        stderr(&out)
    );
    for args in [
        &[][..],
        &["--files", ","],
        &["--max-batch-bytes", "60", &a],
        &["--format", "xml", &a],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), "", "{args:?}");
    }
    let help = run(&["--help"]);
    assert!(help.status.success());
    assert!(
        stdout(&help).contains("Usage: kafka-dump-log"),
        "{}",
        stdout(&help)
    );
}

#[test]
fn problems_go_to_stderr_and_the_exit_code_is_1() {
    let dir = TempDir::new("problems");
    let a = dir.segment("00000000000000000000.log", 0, &["a0"]);
    let mut bytes = std::fs::read(&a).unwrap();
    // A bit of the value flipped: the checksum no longer matches.
    let value = bytes.windows(2).rposition(|w| w == b"a0").unwrap();
    bytes[value + 1] ^= 0x01;
    std::fs::write(&a, &bytes).unwrap();
    let missing = Path::new(&dir.0).join("missing.log").display().to_string();

    let out = run(&[&a, &missing]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains(" isvalid: false\n"),
        "{}",
        stdout(&out)
    );
    let stderr = stderr(&out);
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(
        lines[0].starts_with(&format!("kafka-dump-log: {a}: at byte 0: ")),
        "{stderr}"
    );
    assert!(
        lines[1].starts_with(&format!("kafka-dump-log: {missing}: ")),
        "{stderr}"
    );
    assert_eq!(
        lines[2..],
        ["kafka-dump-log: 1 problem(s) found, 1 file(s) not read"],
        "{stderr}"
    );
}

#[test]
fn offsets_that_do_not_follow_are_listed_at_the_end() {
    let dir = TempDir::new("gaps");
    let a = dir.segment("00000000000000000007.log", 7, &["a7", "a8"]);
    let out = run(&[&a]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        format!("Non-consecutive offsets in {a}\n  -1 is followed by 7\n")
    );
}
