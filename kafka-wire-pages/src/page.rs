//! A wire page: a summary of the message, then a section per frame (its byte
//! layout, object tree and JSON schema), as the seed documents show them.

use kafka_messages::{ApiKey, Release, OLDER_KAFKA_RELEASE};

use crate::layout::{Direction, Layout, MessageSpec};
use crate::{json, text, PageError};

include!(concat!(env!("OUT_DIR"), "/schema_files.rs"));

/// A page: title, introduction, summary, and one section per frame.
///
/// ```
/// use kafka_messages::{ApiKey, Release, OLDER_KAFKA_RELEASE};
/// use kafka_wire_pages::Page;
///
/// let page = Page::sample(ApiKey::CreateAcls, 3)?;
/// assert_eq!(page.sections.len(), 2); // the request, then the response
/// assert_eq!(page.sections[0].layout.bytes.len(), 25);
/// let html = page.to_html();
/// assert!(html.starts_with("<!DOCTYPE html>"));
/// # Ok::<(), kafka_wire_pages::PageError>(())
/// ```
#[derive(Debug)]
pub struct Page {
    /// The page's title: the API's name (`CreateTopics`).
    pub title: String,
    /// A paragraph saying what the page shows.
    pub intro: String,
    /// Label and value pairs: API key, version, header versions, sizes.
    pub summary: Vec<(String, String)>,
    /// The frames, each with its layout.
    pub sections: Vec<Section>,
}

/// One frame of a page.
#[derive(Debug)]
pub struct Section {
    /// `Request` or `Response`.
    pub heading: String,
    /// `CreateTopicsRequest v7, request header v2, 45 bytes on the wire`.
    pub caption: String,
    /// The frame's layout.
    pub layout: Layout,
    /// The message's schema: the text of Kafka's JSON schema file for
    /// Kafka's messages, else the schema as data rendered as JSON; empty
    /// when the message is unknown.
    pub schema_text: String,
}

impl Page {
    /// The sample page of one of Kafka's APIs at `version`: its request and
    /// its response, each the smallest legal instance.
    pub fn sample(api: ApiKey, version: i16) -> Result<Page, PageError> {
        let spec = |d| MessageSpec::kafka(api, d).ok_or(PageError::NotCompiled(api.name()));
        let mut page = Page::sample_of(
            spec(Direction::Request)?,
            spec(Direction::Response)?,
            version,
        )?;
        page.title = api.name().to_string();
        Ok(page)
    }

    /// The sample page of any request and response pair at `version`.
    pub fn sample_of(
        request: MessageSpec,
        response: MessageSpec,
        version: i16,
    ) -> Result<Page, PageError> {
        let req = Layout::sample(request, version)?;
        let resp = Layout::sample(response, version)?;
        let flexible = request.flexible.contains(version);
        let form = if flexible {
            format!(
                "Version {version} is a flexible version, so every struct is terminated by a \
                 uvarint tagged-field count and strings and arrays carry compact \
                 length-plus-one prefixes."
            )
        } else {
            format!(
                "Version {version} is not a flexible version, so strings carry int16 length \
                 prefixes, arrays and byte arrays int32 ones, and structs have no tagged fields."
            )
        };
        let intro = format!(
            "This page encodes the smallest legal instance of the request and the response: \
             numeric fields are zero, strings and byte arrays are empty, every array carries \
             exactly one sample element, and any records field holds one empty 61-byte \
             RecordBatch v2. {form} Sizes below include the leading int32 size prefix."
        );
        let mut summary = vec![
            ("API key".into(), request.api_key.to_string()),
            ("Encoded at".into(), format!("v{version}")),
            ("Flexible versions".into(), request.flexible.to_string()),
            (
                "Headers".into(),
                format!(
                    "req v{}, resp v{}",
                    request.header_version(version),
                    response.header_version(version)
                ),
            ),
        ];
        // A Kafka API's versions are its release's, and the older release's beside them.
        let (request_versions, response_versions, older) = match request.kafka_api() {
            Some(api) => (
                api.valid_versions(),
                api.valid_versions(),
                Some(api.versions_in(Release::Older)),
            ),
            None => (request.versions, response.versions, None),
        };
        summary.push(("Request versions".into(), request_versions.to_string()));
        summary.push(("Response versions".into(), response_versions.to_string()));
        if let Some(older) = older.filter(|o| !o.is_subset_of(request_versions)) {
            summary.push((
                format!("Kafka {OLDER_KAFKA_RELEASE} versions"),
                older.to_string(),
            ));
        }
        summary.extend([
            ("Request size".into(), format!("{} bytes", req.bytes.len())),
            (
                "Response size".into(),
                format!("{} bytes", resp.bytes.len()),
            ),
        ]);
        let title = request
            .schema
            .json_name
            .strip_suffix("Request")
            .unwrap_or(request.schema.json_name)
            .to_string();
        Ok(Page {
            title,
            intro,
            summary,
            sections: vec![Section::new(req), Section::new(resp)],
        })
    }

    /// A page of one laid-out frame (a captured one, or a value's).
    pub fn of_layout(layout: Layout) -> Page {
        let direction = layout.spec.map(|s| s.direction);
        let title = match layout.spec.and_then(|s| s.kafka_api()) {
            Some(api) => api.name().to_string(),
            None => layout.root.name.clone(),
        };
        let what = direction.map_or("frame", Direction::word);
        let mut intro = format!(
            "This page lays out a {what} of {} bytes, field by field, as kafka-wire's \
             interpreted codec reads it by the message's schema.",
            layout.bytes.len()
        );
        match &layout.error {
            Some(e) => intro.push_str(&format!(
                " Decoding stopped {e}; the tree shows every value read up to there."
            )),
            None => intro.push_str(" Every byte was read."),
        }
        let mut summary = Vec::new();
        if let Some(spec) = layout.spec {
            summary.push(("API key".into(), spec.api_key.to_string()));
            summary.push(("Encoded at".into(), format!("v{}", layout.version)));
            summary.push(("Flexible versions".into(), spec.flexible.to_string()));
            summary.push(("Versions".into(), spec.versions.to_string()));
        }
        if let Some(hv) = layout.header_version {
            let side = if direction == Some(Direction::Response) {
                "resp"
            } else {
                "req"
            };
            summary.push(("Header".into(), format!("{side} v{hv}")));
        }
        summary.push(("Size".into(), format!("{} bytes", layout.bytes.len())));
        summary.push((
            "Decoded".into(),
            match &layout.error {
                None => "whole".into(),
                Some(e) => format!("stopped {e}"),
            },
        ));
        if let Some(codec) = &layout.codec {
            summary.push((
                "Codec".into(),
                match codec {
                    Ok(()) => "decodes it whole".into(),
                    Err(e) => format!("refuses it: {e}"),
                },
            ));
        }
        Page {
            title,
            intro,
            summary,
            sections: vec![Section::new(layout)],
        }
    }

    /// The page as one self-contained HTML file: inline CSS and script, no
    /// network; hovering a byte shows and highlights its field.
    pub fn to_html(&self) -> String {
        crate::html::page_html(self)
    }

    /// The page as text: title, summary, and each section's tree.
    pub fn to_text(&self) -> String {
        let mut out = format!("{}\n", self.title);
        for (label, value) in &self.summary {
            out.push_str(&format!("{label}: {value}\n"));
        }
        for section in &self.sections {
            out.push_str(&format!("\n{}\n{}\n", section.heading, section.caption));
            out.push_str(&text::layout_text(&section.layout));
        }
        out
    }

    /// The page as JSON: `title`, `summary` (an object), and `sections`, each
    /// `{heading, caption, layout}` with the layout as [`Layout::to_json`]
    /// writes it.
    pub fn to_json(&self) -> String {
        json::page_json(self)
    }
}

impl Section {
    /// The section of `layout`: heading, caption and schema text from its spec.
    pub fn new(layout: Layout) -> Section {
        let direction = layout.spec.map(|s| s.direction);
        let heading = direction.map_or("Frame", Direction::title).to_string();
        let mut caption = format!("{} v{}", layout.root.name, layout.version);
        if let Some(hv) = layout.header_version {
            let side = direction.map_or("request", Direction::word);
            caption.push_str(&format!(", {side} header v{hv}"));
        }
        caption.push_str(&format!(", {} bytes on the wire", layout.bytes.len()));
        let schema_text = layout.spec.map(|s| schema_text(&s)).unwrap_or_default();
        Section {
            heading,
            caption,
            layout,
            schema_text,
        }
    }
}

/// The schema of `spec` as a page shows it: the text of Kafka's schema file
/// (from its first `{`, without the license header) when `spec` is one of
/// Kafka's messages, else [`schema_json`](crate::schema_json).
pub fn schema_text(spec: &MessageSpec) -> String {
    if spec.kafka_api().is_some() {
        if let Some(text) = kafka_schema_file(spec.schema.json_name) {
            return text.to_string();
        }
    }
    json::schema_json(spec)
}

/// Kafka's `about` texts of the message `name`, by field path.
pub(crate) fn kafka_abouts(name: &str) -> Option<&'static [(&'static str, &'static str)]> {
    ABOUTS.iter().find(|(n, _)| *n == name).map(|(_, a)| *a)
}

/// The vendored text of Kafka's schema file `name`.json (`CreateTopicsRequest`),
/// from its first `{`.
pub fn kafka_schema_file(name: &str) -> Option<&'static str> {
    let (_, text) = SCHEMA_FILES.iter().find(|(n, _)| *n == name)?;
    Some(&text[text.find('{')?..])
}
