//! `kafka-log-dir`: a Kafka broker's log directory read without the broker.
//! A command line over the `kafka_wire_dump` library's `image` and `groups`
//! modules, whose docs say what each reads.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use kafka_wire_dump::groups::{format_rows, Groups};
use kafka_wire_dump::image::{metadata_dir, MetadataImage};

/// A Kafka broker's log directory read without the broker: the KRaft
/// metadata image (brokers, topics, partitions, configs, ACLs, quotas,
/// SCRAM users, features), browsed as kafka-metadata-shell browses it; and
/// the consumer groups' committed offsets, members and lag, as
/// kafka-consumer-groups --describe shows them.
///
///   kafka-log-dir image /var/lib/kafka tree /topics
///   kafka-log-dir image /var/lib/kafka json | jq .topics
///   kafka-log-dir groups /var/lib/kafka --group billing
///
/// Problems (a batch or record that does not read) go to stderr with their
/// file and byte position, and the rest is read; the exit code is then 1.
#[derive(Parser, Debug)]
#[command(name = "kafka-log-dir", version, verbatim_doc_comment)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// The metadata image of LOGDIR (a broker's log directory, or its
    /// __cluster_metadata-0): its latest snapshot, then the log after it.
    Image {
        /// The log directory.
        logdir: PathBuf,
        /// What to show: `ls PATH`, `cat PATH`, `tree PATH`, `find PATH`,
        /// or `json` (the whole image as one object).
        #[arg(value_enum, default_value_t = Browse::Tree)]
        browse: Browse,
        /// The path in the image (`/`, `/topics/orders`, ...).
        #[arg(default_value = "/")]
        path: String,
    },
    /// Each consumer group's committed offsets, members and lag, from
    /// LOGDIR's __consumer_offsets and its partitions' directories.
    Groups {
        /// The log directory.
        logdir: PathBuf,
        /// Only these groups (all, without it).
        #[arg(long = "group", value_name = "GROUP")]
        groups: Vec<String>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Browse {
    Ls,
    Cat,
    Tree,
    Find,
    Json,
}

fn image(logdir: &Path, problems: &mut u64) -> io::Result<MetadataImage> {
    MetadataImage::read_dir(&metadata_dir(logdir), |file, problem| {
        *problems += 1;
        eprintln!("kafka-log-dir: {}: {problem}", file.display());
    })
}

fn run(args: Args, problems: &mut u64) -> io::Result<Result<String, String>> {
    Ok(match args.command {
        Command::Image {
            logdir,
            browse,
            path,
        } => {
            let tree = image(&logdir, problems)?.tree();
            let shown = match browse {
                Browse::Ls => tree.ls(&path).map(|names| names.join("\n") + "\n"),
                Browse::Cat => tree.cat(&path).map(|text| format!("{text}\n")),
                Browse::Tree => tree.tree(&path),
                Browse::Find => tree.find(&path).map(|paths| paths.join("\n") + "\n"),
                Browse::Json => tree.get(&path).map(|node| node.to_json() + "\n"),
            };
            shown.map_err(|e| e.to_string())
        }
        Command::Groups { logdir, groups } => {
            let image = image(&logdir, problems)?;
            let mut read = Groups::read_log_dir(&logdir, |file, problem| {
                *problems += 1;
                eprintln!("kafka-log-dir: {}: {problem}", file.display());
            })?;
            read.name_topics(|id| image.topic_name(id));
            let mut out = String::new();
            for (id, group) in &read.groups {
                if !groups.is_empty() && !groups.contains(id) {
                    continue;
                }
                // A deleted group: its tombstones left nothing.
                if group.protocol.is_empty() && group.offsets.is_empty() && group.members.is_empty()
                {
                    continue;
                }
                let rows = group.describe(id, &logdir)?;
                if group.members.is_empty() {
                    out += &format!("\nConsumer group '{id}' has no active members.\n");
                }
                if !rows.is_empty() {
                    out += "\n";
                    out += &format_rows(&rows);
                }
            }
            for id in &groups {
                if !read.groups.contains_key(id) {
                    return Ok(Err(format!("Consumer group '{id}' does not exist.")));
                }
            }
            Ok(out)
        }
    })
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut problems = 0;
    match run(args, &mut problems) {
        Ok(Ok(text)) => {
            if let Err(e) = io::stdout().lock().write_all(text.as_bytes()) {
                if e.kind() != io::ErrorKind::BrokenPipe {
                    eprintln!("kafka-log-dir: writing the output: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        Ok(Err(e)) => {
            eprintln!("kafka-log-dir: {e}");
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("kafka-log-dir: {e}");
            return ExitCode::FAILURE;
        }
    }
    if problems > 0 {
        eprintln!("kafka-log-dir: {problems} problem(s) found");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
