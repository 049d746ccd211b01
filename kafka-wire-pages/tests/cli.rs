//! The `wire_page` command line, run in-process through `cli::run`.

use kafka_wire_pages::cli::{run, CliError, Outcome};

fn wire_page(args: &[&str]) -> (Result<Outcome, CliError>, String, String) {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let (mut out, mut log) = (Vec::new(), Vec::new());
    let result = run(&args, &mut out, &mut log);
    (
        result,
        String::from_utf8(out).unwrap(),
        String::from_utf8(log).unwrap(),
    )
}

const ACLS_REQUEST: &str = "00000015001e00030000000000000002000100010100000000";

#[test]
fn sample_prints_the_tree_and_writes_the_page() {
    let dir = std::env::temp_dir().join(format!("wire-page-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let html = dir.join("create-topics-v7.html");
    let (result, out, log) = wire_page(&[
        "sample",
        "CreateTopics",
        "--version",
        "7",
        "--html",
        html.to_str().unwrap(),
    ]);
    assert_eq!(result.unwrap(), Outcome::Clean);
    assert!(
        out.starts_with("CreateTopicsRequest message v7 [0x0000, 45B]\n"),
        "{out}"
    );
    assert!(log.contains("wrote "));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("CreateTopicsResponse v7, response header v1, 49 bytes on the wire"));
    std::fs::remove_dir_all(&dir).unwrap();

    let (result, out, _) = wire_page(&["sample", "30", "--response", "-v", "3"]);
    assert_eq!(result.unwrap(), Outcome::Clean);
    assert!(
        out.starts_with("CreateAclsResponse message v3 [0x0000, 19B]\n"),
        "{out}"
    );
    // The latest version by default; JSON on request.
    let (result, out, _) = wire_page(&["sample", "createacls", "--json"]);
    assert_eq!(result.unwrap(), Outcome::Clean);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["version"], 3);
    assert_eq!(json["hex"], ACLS_REQUEST);
    assert_eq!(
        json["tree"]["children"][1]["children"][0]["value"],
        "30 (CreateAcls)"
    );
}

#[test]
fn decode_reads_hex_and_files_and_says_where_it_stops() {
    let (result, out, _) = wire_page(&["decode", "--hex", ACLS_REQUEST]);
    assert_eq!(result.unwrap(), Outcome::Clean);
    assert!(out.contains("+-- ResourceName string = \"\" (compact, len+1=1) [0x0011, 1B]"));
    let (result, out, _) = wire_page(&[
        "decode",
        "--response",
        "--api-key",
        "30",
        "--version",
        "3",
        "--hex",
        "0000000f 00000000 00 00000000 02 0000 01 00 00",
    ]);
    assert_eq!(result.unwrap(), Outcome::Clean, "{out}");
    // A file holding binary, and one holding hex text.
    let dir = std::env::temp_dir().join(format!("wire-page-decode-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bin = dir.join("capture.bin");
    std::fs::write(&bin, kafka_wire_pages::parse_hex(ACLS_REQUEST).unwrap()).unwrap();
    let txt = dir.join("capture.txt");
    std::fs::write(&txt, format!("{ACLS_REQUEST}\n")).unwrap();
    for file in [&bin, &txt] {
        let (result, out, _) = wire_page(&["decode", "--file", file.to_str().unwrap()]);
        assert_eq!(result.unwrap(), Outcome::Clean, "{}", file.display());
        assert!(out.starts_with("CreateAclsRequest message v3 [0x0000, 25B]\n"));
    }
    // Cut short: the tree up to the failure, then the error; outcome Stopped.
    // (As the codec does, an array whose count the bytes left cannot hold
    // is refused before its first element.)
    let cut = &ACLS_REQUEST[..40];
    let html = dir.join("cut.html");
    // (The size prefix of a cut request is detected: it counts more bytes
    // than follow, and a known API key and version come after it.)
    let (result, out, _) = wire_page(&["decode", "--hex", cut, "--html", html.to_str().unwrap()]);
    assert_eq!(result.unwrap(), Outcome::Stopped);
    assert!(
        out.contains("error at 0x0010: CreateAclsRequest.creations (version 3): truncated input"),
        "{out}"
    );
    assert!(std::fs::read_to_string(&html)
        .unwrap()
        .contains("decoding stopped at 0x0010"));
    // Said outright, the prefix is read as such, or as the header's start.
    let (result, same, _) = wire_page(&["decode", "--size-prefix", "--hex", cut]);
    assert_eq!((result.unwrap(), same), (Outcome::Stopped, out));
    let (result, out, _) = wire_page(&["decode", "--no-size-prefix", "--hex", cut]);
    assert_eq!(result.unwrap(), Outcome::Stopped);
    assert!(out.starts_with("ProduceRequest message v21 "), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_commands_are_usage_errors() {
    for args in [
        &[][..],
        &["frobnicate"],
        &["sample"],
        &["sample", "NoSuchApi"],
        &["sample", "CreateTopics", "--version", "99"],
        &["sample", "CreateTopics", "--version", "x"],
        &["sample", "CreateTopics", "--bogus"],
        &["decode"],
        &["decode", "--hex", "abc"],
        &["decode", "--response", "--hex", "00"],
        &["decode", "--api-key", "19", "--hex", "00"],
        &["decode", "--file", "/nonexistent/capture.bin"],
        &["decode", "--hex"],
    ] {
        let (result, _, _) = wire_page(args);
        assert!(result.is_err(), "{args:?} should be refused");
    }
    let (result, out, _) = wire_page(&["list"]);
    assert_eq!(result.unwrap(), Outcome::Clean);
    assert!(out.contains(" 19 CreateTopics"), "{out}");
}

#[test]
fn a_frame_goes_to_kafka_s_json_and_back() {
    let dir = std::env::temp_dir().join(format!("wire-page-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();

    // A request: its header names the API.
    let (result, out, _) = wire_page(&["decode", "--hex", ACLS_REQUEST, "--kafka-json"]);
    assert_eq!(result.unwrap(), Outcome::Clean);
    assert_eq!(
        out,
        concat!(
            r#"{"isForwarded":false,"requestHeader":{"requestApiKey":30,"requestApiVersion":3,"correlationId":0,"clientId":"","requestApiKeyName":"CREATE_ACLS"},"#,
            r#""request":{"creations":[{"resourceType":0,"resourceName":"","resourcePatternType":0,"principal":"","host":"","operation":0,"permissionType":0}]}}"#,
            "\n"
        )
    );
    let entry = dir.join("request.json");
    std::fs::write(&entry, &out).unwrap();
    let (result, hex, _) = wire_page(&["encode", "--file", entry.to_str().unwrap()]);
    assert_eq!(result.unwrap(), Outcome::Clean);
    assert_eq!(hex.trim(), ACLS_REQUEST);

    // A response: the entry's header is made of what the command was told.
    let (result, sample, _) = wire_page(&["sample", "30", "--response", "-v", "3", "--json"]);
    assert_eq!(result.unwrap(), Outcome::Clean);
    let sample: serde_json::Value = serde_json::from_str(&sample).unwrap();
    let response = sample["hex"].as_str().unwrap().to_string();
    let args = [
        "decode",
        "--hex",
        &response,
        "--response",
        "--api-key",
        "30",
        "--version",
        "3",
    ];
    let (result, out, _) = wire_page(&[&args[..], &["--kafka-json"]].concat());
    assert_eq!(result.unwrap(), Outcome::Clean);
    assert!(
        out.starts_with(r#"{"isForwarded":false,"requestHeader":{"requestApiKey":30,"requestApiVersion":3,"correlationId":0,"clientId":null,"requestApiKeyName":"CREATE_ACLS"},"response":{"throttleTimeMs":0,"results":["#),
        "{out}"
    );
    let entry = dir.join("response.json");
    std::fs::write(&entry, &out).unwrap();
    let bin = dir.join("response.bin");
    let (result, _, log) = wire_page(&[
        "encode",
        "--file",
        entry.to_str().unwrap(),
        "--out",
        bin.to_str().unwrap(),
    ]);
    assert_eq!(result.unwrap(), Outcome::Clean);
    assert!(log.starts_with("wrote "), "{log}");
    let written: String = std::fs::read(&bin)
        .unwrap()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(written, response);

    // A broken entry: the error names the path.
    std::fs::write(
        &entry,
        out.replace(r#""throttleTimeMs":0"#, r#""throttleTimeMs":"0""#),
    )
    .unwrap();
    let (result, _, _) = wire_page(&["encode", "--file", entry.to_str().unwrap()]);
    let err = result.unwrap_err().to_string();
    assert!(
        err.contains("at $.response.throttleTimeMs: expected an integer, found a string"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
