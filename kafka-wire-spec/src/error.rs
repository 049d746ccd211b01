//! What goes wrong reading a schema file.

use std::fmt;
use std::path::{Path, PathBuf};

/// A schema file that could not be read, or is not a schema: names the file
/// and what is wrong (with the line and column, for the JSON).
#[derive(Debug)]
pub struct SpecError {
    path: PathBuf,
    what: String,
}

impl SpecError {
    /// An error in the file at `path`, described by `what`.
    pub fn new(path: impl AsRef<Path>, what: impl fmt::Display) -> SpecError {
        SpecError {
            path: path.as_ref().to_path_buf(),
            what: what.to_string(),
        }
    }

    pub(crate) fn io(path: &Path, e: std::io::Error) -> SpecError {
        SpecError::new(path, e)
    }

    pub(crate) fn json(path: &Path, e: serde_json::Error) -> SpecError {
        SpecError::new(path, e)
    }

    /// The file the error is in.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.what)
    }
}

impl std::error::Error for SpecError {}
