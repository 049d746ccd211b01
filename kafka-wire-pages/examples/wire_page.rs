//! Wire pages from the command line: the object tree of a message's sample
//! instance or of a captured frame, and its HTML page.
//!
//! ```text
//! cargo run -p kafka-wire-pages --example wire_page -- sample CreateTopics --version 7 --html create-topics-v7.html
//! cargo run -p kafka-wire-pages --example wire_page -- sample 30 --version 3 --response --json
//! cargo run -p kafka-wire-pages --example wire_page -- decode --hex 00000015001e00030000000000000002000100010100000000
//! cargo run -p kafka-wire-pages --example wire_page -- decode --response --api-key 19 --version 7 --file capture.bin
//! cargo run -p kafka-wire-pages --example wire_page -- decode --hex 00000015001e00030000000000000002000100010100000000 --kafka-json > entry.json
//! cargo run -p kafka-wire-pages --example wire_page -- encode --file entry.json
//! cargo run -p kafka-wire-pages --example wire_page -- list
//! ```
//!
//! Exit status: 0 when every byte was laid out, 1 when the bytes did not
//! decode (the tree up to the error is printed), 2 for a bad command.

use std::process::ExitCode;

use kafka_wire_pages::cli::{self, Outcome};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut out, mut log) = (std::io::stdout().lock(), std::io::stderr().lock());
    match cli::run(&args, &mut out, &mut log) {
        Ok(Outcome::Clean) => ExitCode::SUCCESS,
        Ok(Outcome::Stopped) => ExitCode::from(1),
        Err(e) => {
            eprintln!("wire_page: {e}\n{}", cli::USAGE);
            ExitCode::from(2)
        }
    }
}
