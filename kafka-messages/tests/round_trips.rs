//! Every declaration (the 91 APIs' requests and responses, the data schemas
//! and the headers) at every version: random wire bytes drawn from its schema
//! decode, encode with an exact `encoded_len`, and what is encoded decodes and
//! encodes to the same bytes again.

mod common;

use common::{all_declarations, hex, random_instances, rust_round_trip};

#[test]
fn every_declaration_round_trips_at_every_version() {
    let mut checked = 0;
    let mut failed = Vec::new();
    let declarations = all_declarations();
    for (name, schema, versions, flexible) in &declarations {
        let (Some(low), Some(high)) = (versions.lowest(), versions.highest()) else {
            panic!("{name} has no versions");
        };
        for version in low..=high {
            for (i, wire) in random_instances(name, schema, version, *flexible, 16)
                .into_iter()
                .enumerate()
            {
                let result = rust_round_trip(name, version, &wire).and_then(|once| {
                    let twice = rust_round_trip(name, version, &once)?;
                    if twice == once {
                        Ok(())
                    } else {
                        Err(format!("{} then {}", hex(&once), hex(&twice)))
                    }
                });
                checked += 1;
                if let Err(e) = result {
                    failed.push(format!("{name} v{version} #{i} ({}): {e}", hex(&wire)));
                }
            }
        }
    }
    assert_eq!(declarations.len(), common::live_schema_names().len());
    assert!(checked > 10_000, "{checked}");
    assert!(
        failed.is_empty(),
        "{} of {checked} failed:\n{}",
        failed.len(),
        failed.join("\n")
    );
}
