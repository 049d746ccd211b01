//! A page as one self-contained HTML file (inline CSS and script, nothing
//! fetched): summary, legend, and per frame the byte grid (16 a row, each
//! byte coloured by what it belongs to) beside the object tree, then the
//! message's JSON schema. Hovering a byte highlights its field in the tree and
//! the field's bytes; hovering a tree line highlights its bytes. Each byte's
//! tooltip (set as it is hovered) names its field. A link to `page.html#s0b16` opens the page with
//! byte 16 of its first section shown as if hovered.
//!
//! The hex digits of the grid are drawn by CSS from `data-h`, so the page's
//! text content is what the seed documents hold: offsets, not bytes.

use core::fmt::Write as _;

use crate::layout::{Category, Node};
use crate::page::{Page, Section};
use crate::text::{node_line, shorten_doc, tree_lines};

const STYLE: &str = r#"
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px;color:#1f2328;background:#fff}
h1{margin:0 0 8px;font-size:26px}
h2{margin:28px 0 4px;font-size:20px;border-bottom:1px solid #d0d7de}
h3{margin:12px 0 6px;font-size:14px;font-weight:600;color:#57606a}
p.intro{max-width:980px}
dl.summary{display:flex;flex-wrap:wrap;gap:4px 28px;margin:12px 0;max-width:1100px}
dl.summary div{display:flex;gap:8px}
dt{color:#57606a}dd{margin:0;font-weight:600}
.legend{display:flex;gap:8px;flex-wrap:wrap;margin:10px 0}
.legend span{padding:2px 8px;border-radius:4px;font-size:12px;border:1px solid #0002}
.panes{display:flex;gap:24px;align-items:flex-start}
.grid{border-collapse:collapse;font:12px/1 ui-monospace,"DejaVu Sans Mono",Menlo,monospace}
.grid th{color:#8c959f;font-weight:normal;padding:2px 4px}
.grid td{width:22px;height:20px;text-align:center;border:1px solid #fff;cursor:default}
.grid td::before{content:attr(data-h)}
.grid td.hl{outline:2px solid #1f2328;outline-offset:-2px}
.bytes{width:430px;flex:none}
.status{font:12px/1.4 ui-monospace,"DejaVu Sans Mono",Menlo,monospace;min-height:3em;margin:8px 0;padding:6px 8px;background:#f6f8fa;border-radius:6px;white-space:pre-wrap;overflow-wrap:anywhere}
.status:empty{visibility:hidden}
.tree{flex:1;min-width:0}
.tree pre,.schema{font:12px/1.5 ui-monospace,"DejaVu Sans Mono",Menlo,monospace;margin:0;overflow-x:auto}
.tree .line{border-radius:3px}
.tree .line::before{content:"";display:inline-block;width:8px;height:8px;margin-right:6px;border-radius:2px;background:var(--k)}
.tree .line.hl{background:#fff3bf}
.tree .failed{color:#cf222e}
.schema{background:#f6f8fa;padding:12px;border-radius:6px;max-height:420px;overflow:auto;white-space:pre}
.error{color:#cf222e;font-weight:600;margin:8px 0}
.c-frame,.k-frame{--k:#d0d7de}
.c-header,.k-header{--k:#ffd8a8}
.c-request,.k-request{--k:#a5d8ff}
.c-batch,.k-batch{--k:#d0bfff}
.c-record,.k-record{--k:#fcc2d7}
.c-response,.k-response{--k:#b2f2bb}
.c-tagged,.k-tagged{--k:#ffec99}
[class^="c-"]{background:var(--k)}
.c-none{--k:#fff;color:#cf222e;border:1px dashed #cf222e!important}
"#;

const SCRIPT: &str = r#"
var shown = /^#s(\d+)b(\d+)$/.exec(location.hash);
document.querySelectorAll("section.frame").forEach(function (sec, index) {
  var cells = sec.querySelectorAll("td[data-i]");
  var lines = sec.querySelectorAll(".line");
  var status = sec.querySelector(".status");
  function clear() {
    sec.querySelectorAll(".hl").forEach(function (e) { e.classList.remove("hl"); });
    status.textContent = "";
  }
  function show(n) {
    clear();
    var line = lines[n];
    if (!line) return;
    line.classList.add("hl");
    status.textContent = line.textContent.replace(/^[|+\- ]+/, "") +
      (line.title ? "\n" + line.title : "");
    var o = +line.dataset.o, s = +line.dataset.s;
    for (var i = o; i < o + s && i < cells.length; i++) cells[i].classList.add("hl");
  }
  cells.forEach(function (c) {
    c.addEventListener("mouseenter", function () {
      show(+c.dataset.n);
      if (+c.dataset.n >= 0) c.title = "0x" + (+c.dataset.i).toString(16).padStart(4, "0") + ": " + status.textContent;
    });
  });
  lines.forEach(function (l, i) {
    l.addEventListener("mouseenter", function () { show(i); });
  });
  sec.addEventListener("mouseleave", clear);
  // #s0b16: show byte 16 of section 0 as if hovered (a link to a field).
  if (shown && +shown[1] === index && cells[+shown[2]]) show(+cells[+shown[2]].dataset.n);
});
"#;

/// Text escaped for HTML content and attribute values (`&`, `<`, `>`, `"`,
/// `'`).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

pub(crate) fn page_html(page: &Page) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{} wire page</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n\
         <p class=\"intro\">{}</p>\n<dl class=\"summary\">\n",
        escape(&page.title),
        escape(&page.title),
        escape(&page.intro)
    );
    for (label, value) in &page.summary {
        let _ = writeln!(
            out,
            "<div><dt>{}</dt><dd>{}</dd></div>",
            escape(label),
            escape(value)
        );
    }
    out.push_str("</dl>\n<div class=\"legend\">");
    for c in Category::ALL {
        let _ = write!(
            out,
            "<span class=\"c-{}\">{}</span>",
            c.id(),
            escape(c.label())
        );
    }
    out.push_str("</div>\n");
    for section in &page.sections {
        section_html(section, &mut out);
    }
    let _ = write!(out, "<script>{SCRIPT}</script>\n</body>\n</html>\n");
    out
}

fn section_html(section: &Section, out: &mut String) {
    let layout = &section.layout;
    let lines = tree_lines(&layout.root);
    let owner = byte_owners(&lines, layout.bytes.len());
    let _ = write!(
        out,
        "<section class=\"frame\">\n<h2>{}</h2>\n<p class=\"caption\">{}</p>\n<div class=\"panes\">\n\
         <div class=\"bytes\">\n<h3>byte layout ({} bytes, 16 bytes per row)</h3>\n<table class=\"grid\">\n<tr><th></th>",
        escape(&section.heading),
        escape(&section.caption),
        layout.bytes.len()
    );
    for col in 0..16 {
        let _ = write!(out, "<th>{col:X}</th>");
    }
    out.push_str("</tr>\n");
    for (row, chunk) in layout.bytes.chunks(16).enumerate() {
        let _ = write!(out, "<tr><th>{:04x}</th>", row * 16);
        for (col, byte) in chunk.iter().enumerate() {
            let i = row * 16 + col;
            // The tooltip is set when the byte is hovered, from its tree
            // line: a large frame's page then holds each line once.
            match owner[i] {
                Some(n) => {
                    let _ = write!(
                        out,
                        "<td class=\"c-{}\" data-i=\"{i}\" data-n=\"{n}\" data-h=\"{byte:02x}\"></td>",
                        lines[n].1.category.id(),
                    );
                }
                None => {
                    let _ = write!(
                        out,
                        "<td class=\"c-none\" data-i=\"{i}\" data-n=\"-1\" data-h=\"{byte:02x}\" title=\"0x{i:04x}: not read\"></td>"
                    );
                }
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str(
        "</table>\n<p class=\"status\"></p>\n</div>\n<div class=\"tree\">\n<h3>object tree</h3>\n<pre>",
    );
    for (prefix, node) in &lines {
        let failed = if node.failed { " failed" } else { "" };
        // A doc the line cuts short is whole in the line's tooltip.
        let title = if shorten_doc(&node.doc) == node.doc {
            String::new()
        } else {
            format!(" title=\"{}\"", escape(&node.doc))
        };
        let _ = writeln!(
            out,
            "<span class=\"line k-{}{failed}\" data-o=\"{}\" data-s=\"{}\"{title}>{}{}</span>",
            node.category.id(),
            node.offset,
            node.size,
            escape(prefix),
            escape(&node_line(node))
        );
    }
    out.push_str("</pre>\n");
    if let Some(e) = &layout.error {
        let _ = writeln!(
            out,
            "<p class=\"error\">decoding stopped at 0x{:04x}, in {}: {}</p>",
            e.offset,
            escape(&e.error.path()),
            escape(&e.error.kind().to_string())
        );
    }
    out.push_str("</div>\n</div>\n");
    if !section.schema_text.is_empty() {
        let _ = writeln!(
            out,
            "<h3>kafka message schema (.json)</h3>\n<pre class=\"schema\">{}</pre>",
            escape(&section.schema_text)
        );
    }
    out.push_str("</section>\n");
}

/// For each byte, the deepest node (by its line index) that covers it; the
/// root alone does not count, so that bytes no field read stay unowned.
fn byte_owners(lines: &[(String, &Node)], len: usize) -> Vec<Option<usize>> {
    let mut owner = vec![None; len];
    // Lines are in pre-order: a child comes after its parent and so wins.
    for (n, (_, node)) in lines.iter().enumerate().skip(1) {
        for slot in owner
            .iter_mut()
            .take(node.offset + node.size)
            .skip(node.offset)
        {
            *slot = Some(n);
        }
    }
    owner
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(
            escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
    }
}
