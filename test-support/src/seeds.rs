//! The seed documents of `shared/seeds/`: two pages (CreateTopics v7 and
//! CreateAcls v3) that lay out the smallest legal request and response of an
//! API byte for byte, and their README, which lists the pages in a table and
//! gives the exact frames.
//!
//! Here once: where the documents are ([`DIR`]), the frames as constants
//! ([`ALL`], checked against the README's table and frame block by this
//! crate's tests whenever `shared/` is beside the checkout), reading a page
//! ([`Seed::page_text`]) and, with the `messages` feature, the minimal
//! instances the frames encode ([`minimal`]).
//!
//! `shared/` is not part of the repository: a test that needs a document
//! gets `None` (and a line on stderr saying what it skipped), while the
//! checks of the frames themselves always run.

use std::path::Path;

/// The folder of the seed documents: `shared/seeds`, beside the checkout.
/// (Every crate of the workspace is one folder below the checkout's root,
/// so the same relative path serves them all.)
pub const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/seeds");

/// One seed page and the two frames it lays out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seed {
    /// The page's file in [`DIR`].
    pub file: &'static str,
    /// The API as Kafka's schemas name it (`CreateTopics`).
    pub api_name: &'static str,
    /// The API key.
    pub api_key: i16,
    /// The version both frames are encoded at.
    pub version: i16,
    /// The request frame (int32 size prefix included), in hex.
    pub request_hex: &'static str,
    /// The response frame (int32 size prefix included), in hex.
    pub response_hex: &'static str,
}

/// CreateTopics v7: request header v2, response header v1.
pub const CREATE_TOPICS_V7: Seed = Seed {
    file: "000_44e9c730ccba84e5.txt",
    api_name: "CreateTopics",
    api_key: 19,
    version: 7,
    request_hex: "000000290013000700000000000000020100000000000002000000000200000000000201010000000000000000",
    response_hex: "0000002d000000000000000000020100000000000000000000000000000000000001000000000000020101000000000000",
};

/// CreateAcls v3: request header v2, response header v1.
pub const CREATE_ACLS_V3: Seed = Seed {
    file: "003_2f42c0906870041b.txt",
    api_name: "CreateAcls",
    api_key: 30,
    version: 3,
    request_hex: "00000015001e00030000000000000002000100010100000000",
    response_hex: "0000000f000000000000000000020000010000",
};

/// Every seed, in the README's order.
pub const ALL: [Seed; 2] = [CREATE_TOPICS_V7, CREATE_ACLS_V3];

impl Seed {
    /// The request frame's bytes.
    pub fn request_frame(&self) -> Vec<u8> {
        crate::hex::decode(self.request_hex)
    }

    /// The response frame's bytes.
    pub fn response_frame(&self) -> Vec<u8> {
        crate::hex::decode(self.response_hex)
    }

    /// The seed page's text, or `None` when `shared/` is not beside the
    /// checkout.
    pub fn page_text(&self) -> Option<String> {
        read(self.file)
    }

    /// The API, as kafka-messages names it.
    #[cfg(feature = "messages")]
    pub fn api(&self) -> kafka_messages::ApiKey {
        kafka_messages::ApiKey::from_i16(self.api_key).expect("a seed's API is one of Kafka's")
    }
}

/// The text of `file` in [`DIR`], or `None` (saying so on stderr) when it
/// cannot be read, as when `shared/` is not beside the checkout.
pub fn read(file: &str) -> Option<String> {
    let path = Path::new(DIR).join(file);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) => {
            eprintln!("skipping a seed-document check: {}: {e}", path.display());
            None
        }
    }
}

/// A row of the README's table of pages:
/// `| 000_….txt | CreateTopics, API key 19, versions 2-7, flexible 5+ | v7 | … |`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageRow {
    /// The page's file.
    pub file: String,
    /// The API's name (`CreateTopics`).
    pub api_name: String,
    /// The API key.
    pub api_key: i16,
    /// The version the page's frames are encoded at.
    pub version: i16,
}

/// The README's table of pages, in order: every row whose first cell names a
/// `.txt` file.
///
/// # Panics
///
/// On such a row that does not read as the table's columns do.
pub fn readme_pages(readme: &str) -> Vec<PageRow> {
    let mut out = Vec::new();
    for line in readme.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // `| a | b | c | d |` splits into six cells, empty at both ends.
        let [_, file, message, encoded_at, _, _] = cells[..] else {
            continue;
        };
        if !file.ends_with(".txt") {
            continue;
        }
        let row = page_row(file, message, encoded_at)
            .unwrap_or_else(|| panic!("a table row of the seeds' README: {line:?}"));
        out.push(row);
    }
    out
}

/// `CreateTopics, API key 19, versions 2-7, flexible 5+` and `v7`.
fn page_row(file: &str, message: &str, encoded_at: &str) -> Option<PageRow> {
    let mut parts = message.split(", ");
    let api_name = parts.next()?;
    let api_key = parts.next()?.strip_prefix("API key ")?.parse().ok()?;
    let version = encoded_at.strip_prefix('v')?.parse().ok()?;
    Some(PageRow {
        file: file.to_string(),
        api_name: api_name.to_string(),
        api_key,
        version,
    })
}

/// A line of the README's block of exact frames:
/// `CreateAclsResponse v3   19 bytes  0000000f…`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameLine {
    /// The message (`CreateAclsResponse`).
    pub message: String,
    /// Its version.
    pub version: i16,
    /// The frame's length as the line states it, in bytes.
    pub len: usize,
    /// The frame, size prefix included, in hex.
    pub hex: String,
}

/// The README's frames, in order: every line of the form `Name vN  L bytes
/// HEX`.
pub fn readme_frames(readme: &str) -> Vec<FrameLine> {
    let mut out = Vec::new();
    for line in readme.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [message, version, len, "bytes", hex] = words[..] else {
            continue;
        };
        let (Some(version), Ok(len)) = (
            version.strip_prefix('v').and_then(|v| v.parse().ok()),
            len.parse(),
        ) else {
            continue;
        };
        out.push(FrameLine {
            message: message.to_string(),
            version,
            len,
            hex: hex.to_string(),
        });
    }
    out
}

/// The smallest legal instance of each seed's messages, as the seed frames
/// encode it: numbers zero, nullable strings present and empty, one element
/// per array. It is not `Default`: the seeds hold zeros where Kafka's
/// defaults are not zero (CreateTopics' `timeoutMs` is 60000 by default).
#[cfg(feature = "messages")]
pub mod minimal {
    use kafka_messages::{
        AclCreation, AclCreationResult, CreatableReplicaAssignment, CreatableTopic,
        CreatableTopicConfig, CreatableTopicConfigs, CreatableTopicResult, CreateAclsRequest,
        CreateAclsResponse, CreateTopicsRequest, CreateTopicsResponse,
    };
    use kafka_wire::{RequestHeader, ResponseHeader, Str};

    use super::Seed;

    /// A nullable string as the seeds hold it: present, and empty.
    pub fn empty() -> Option<Str> {
        Some(Str::new())
    }

    /// The request header of `seed`'s request frame: correlation id 0 and
    /// an empty client id.
    pub fn request_header(seed: &Seed) -> RequestHeader {
        RequestHeader::new(seed.api_key, seed.version, 0, empty())
    }

    /// The response header of the seed frames: correlation id 0.
    pub fn response_header() -> ResponseHeader {
        ResponseHeader::new(0)
    }

    /// The body of [`CREATE_TOPICS_V7`](super::CREATE_TOPICS_V7)'s request.
    pub fn create_topics_request() -> CreateTopicsRequest {
        CreateTopicsRequest {
            topics: vec![CreatableTopic {
                assignments: vec![CreatableReplicaAssignment {
                    broker_ids: vec![0].into(),
                    ..Default::default()
                }],
                configs: vec![CreatableTopicConfig {
                    value: empty(),
                    ..Default::default()
                }],
                ..Default::default()
            }],
            timeout_ms: 0,
            ..Default::default()
        }
    }

    /// The body of [`CREATE_TOPICS_V7`](super::CREATE_TOPICS_V7)'s response.
    pub fn create_topics_response() -> CreateTopicsResponse {
        CreateTopicsResponse {
            topics: vec![CreatableTopicResult {
                error_message: empty(),
                num_partitions: 0,
                replication_factor: 0,
                configs: Some(vec![CreatableTopicConfigs {
                    value: empty(),
                    config_source: 0,
                    ..Default::default()
                }]),
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    /// The body of [`CREATE_ACLS_V3`](super::CREATE_ACLS_V3)'s request.
    pub fn create_acls_request() -> CreateAclsRequest {
        CreateAclsRequest {
            creations: vec![AclCreation {
                resource_pattern_type: 0,
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    /// The body of [`CREATE_ACLS_V3`](super::CREATE_ACLS_V3)'s response.
    pub fn create_acls_response() -> CreateAclsResponse {
        CreateAclsResponse {
            results: vec![AclCreationResult {
                error_message: empty(),
                ..Default::default()
            }],
            ..Default::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_frame_states_its_own_size_api_and_version() {
        for seed in ALL {
            let request = seed.request_frame();
            let response = seed.response_frame();
            for (what, frame) in [("request", &request), ("response", &response)] {
                let size = i32::from_be_bytes(frame[..4].try_into().unwrap());
                assert_eq!(size as usize, frame.len() - 4, "{} {what}", seed.api_name);
            }
            // The request header starts with the API key and version.
            assert_eq!(
                request[4..6],
                seed.api_key.to_be_bytes(),
                "{}",
                seed.api_name
            );
            assert_eq!(
                request[6..8],
                seed.version.to_be_bytes(),
                "{}",
                seed.api_name
            );
        }
    }

    #[test]
    fn the_seeds_here_are_the_readme_table_and_frames() {
        let Some(readme) = read("README.md") else {
            return;
        };
        let rows = readme_pages(&readme);
        let expected: Vec<PageRow> = ALL
            .iter()
            .map(|s| PageRow {
                file: s.file.into(),
                api_name: s.api_name.into(),
                api_key: s.api_key,
                version: s.version,
            })
            .collect();
        assert_eq!(rows, expected, "the README's table of pages");

        let frames = readme_frames(&readme);
        let expected: Vec<FrameLine> = ALL
            .iter()
            .flat_map(|s| {
                [("Request", s.request_hex), ("Response", s.response_hex)].map(|(side, hex)| {
                    FrameLine {
                        message: format!("{}{side}", s.api_name),
                        version: s.version,
                        len: hex.len() / 2,
                        hex: hex.into(),
                    }
                })
            })
            .collect();
        assert_eq!(frames, expected, "the README's frames");
        for seed in ALL {
            assert!(
                seed.page_text().is_some(),
                "{} is beside its README",
                seed.file
            );
        }
    }

    #[test]
    fn the_readme_parsers_read_the_readme_forms() {
        let readme = "\
| file | message | encoded at | headers |
|---|---|---|---|
| 001_x.txt | Metadata, API key 3, versions 0-13, flexible 9+ | v12 | request v2, response v1 |

```
MetadataRequest v12   6 bytes  000000020003
not a frame line
```
";
        assert_eq!(
            readme_pages(readme),
            [PageRow {
                file: "001_x.txt".into(),
                api_name: "Metadata".into(),
                api_key: 3,
                version: 12,
            }]
        );
        assert_eq!(
            readme_frames(readme),
            [FrameLine {
                message: "MetadataRequest".into(),
                version: 12,
                len: 6,
                hex: "000000020003".into(),
            }]
        );
    }
}
