//! The object tree as text, in the seed pages' format:
//!
//! ```text
//! CreateAclsResponse message v3 [0x0000, 19B]
//! +-- Frame [0x0000, 4B] length-delimited framing
//! |   +-- size int32 = 15 [0x0000, 4B] number of bytes that follow, patched after encoding
//! +-- ResponseHeader v1 [0x0004, 5B] common response header
//! ...
//! ```
//!
//! One node a line: `name type = value [0xOFFSET, SIZEB] doc`, the type,
//! the value and the doc left out when a node has none, the doc cut at
//! [`DOC_WIDTH`] characters; children drawn with `+--` under `|` (or spaces,
//! below a parent's last child).

use crate::layout::{Layout, Node};

/// The most characters of doc text a line shows: a longer doc keeps its first
/// `DOC_WIDTH - 3` characters, then `...`.
pub const DOC_WIDTH: usize = 78;

/// `doc`, cut to [`DOC_WIDTH`] characters.
pub fn shorten_doc(doc: &str) -> String {
    if doc.chars().count() <= DOC_WIDTH {
        doc.to_string()
    } else {
        let mut cut: String = doc.chars().take(DOC_WIDTH - 3).collect();
        cut.push_str("...");
        cut
    }
}

/// One node's line, without the tree drawing.
pub fn node_line(node: &Node) -> String {
    let mut line = node.name.clone();
    if !node.type_name.is_empty() {
        line.push(' ');
        line.push_str(&node.type_name);
    }
    if let Some(value) = &node.value {
        line.push_str(" = ");
        line.push_str(value);
    }
    line.push_str(&format!(" [0x{:04x}, {}B]", node.offset, node.size));
    if !node.doc.is_empty() {
        line.push(' ');
        line.push_str(&shorten_doc(&node.doc));
    }
    line
}

/// The tree below and including `root`, one line per node, each line with
/// its drawing prefix; returned as (prefix, node) pairs in order.
pub fn tree_lines(root: &Node) -> Vec<(String, &Node)> {
    let mut out = vec![(String::new(), root)];
    fn children<'a>(node: &'a Node, indent: &str, out: &mut Vec<(String, &'a Node)>) {
        let last = node.children.len().saturating_sub(1);
        for (i, child) in node.children.iter().enumerate() {
            out.push((format!("{indent}+-- "), child));
            let deeper = if i == last { "    " } else { "|   " };
            children(child, &format!("{indent}{deeper}"), out);
        }
    }
    children(root, "", &mut out);
    out
}

/// The tree as text, a line per node.
pub fn tree_text(root: &Node) -> String {
    let mut out = String::new();
    for (prefix, node) in tree_lines(root) {
        out.push_str(&prefix);
        out.push_str(&node_line(node));
        out.push('\n');
    }
    out
}

pub(crate) fn layout_text(layout: &Layout) -> String {
    let mut out = tree_text(&layout.root);
    if let Some(error) = &layout.error {
        out.push_str(&format!("error {error}\n"));
    }
    if let Some(Err(e)) = &layout.codec {
        if layout.error.is_none() {
            out.push_str(&format!("the codec disagrees: {e}\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn docs_are_cut_at_the_width() {
        let exact = "x".repeat(DOC_WIDTH);
        assert_eq!(shorten_doc(&exact), exact);
        let long = "y".repeat(DOC_WIDTH + 1);
        assert_eq!(shorten_doc(&long).chars().count(), DOC_WIDTH);
        assert!(shorten_doc(&long).ends_with("yy..."));
    }
}
