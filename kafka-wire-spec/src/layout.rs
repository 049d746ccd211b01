//! What a version of a schema lays on the wire, to compare two schemas'
//! versions (two releases', or a declaration's and its JSON's) without their
//! names and docs, which may differ.

use crate::spec::{FieldSpec, MessageSpec};

/// What one version of a schema lays on the wire.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageLayout {
    /// Whether the version is flexible.
    pub flexible: bool,
    /// The fields the version has, in order.
    pub fields: Vec<FieldLayout>,
}

/// One field that a version has, as it lies on the wire.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldLayout {
    /// Its type, with a struct's fields in place of its name.
    pub ty: TypeLayout,
    /// Whether it may be null at this version.
    pub nullable: bool,
    /// Whether it is a tagged field at this version.
    pub tagged: bool,
    /// Its tag, when it is tagged at this version.
    pub tag: Option<u32>,
    /// Its own flexible override at this version (`None` without one).
    pub flexible: Option<bool>,
}

/// A field's type on the wire.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TypeLayout {
    /// A primitive, by Kafka's name (`int32`, `string`, `records`, ...).
    Primitive(String),
    /// An array of the type.
    Array(Box<TypeLayout>),
    /// A struct: the fields it has at the version.
    Struct(Vec<FieldLayout>),
}

impl MessageSpec {
    /// What `version` of the schema lays on the wire: whether it is
    /// flexible, and each field it has, a struct's fields (declared in place
    /// or common) in place of its name.
    pub fn layout(&self, version: i16) -> MessageLayout {
        MessageLayout {
            flexible: self.flexible_versions.contains(version),
            fields: self.fields_layout(&self.fields, version),
        }
    }

    /// What `fields` (of this schema) lay on the wire at `version`.
    pub fn fields_layout(&self, fields: &[FieldSpec], version: i16) -> Vec<FieldLayout> {
        fields
            .iter()
            .filter(|f| f.versions().contains(version))
            .map(|f| {
                let element = match f.struct_fields(self) {
                    Some(nested) => TypeLayout::Struct(self.fields_layout(nested, version)),
                    None => TypeLayout::Primitive(f.element_type().to_owned()),
                };
                let tagged = f.tagged_versions.is_some_and(|t| t.contains(version));
                FieldLayout {
                    ty: if f.is_array() {
                        TypeLayout::Array(Box::new(element))
                    } else {
                        element
                    },
                    nullable: f.nullable_versions.is_some_and(|n| n.contains(version)),
                    tagged,
                    tag: f.tag.filter(|_| tagged),
                    flexible: f.flexible_versions.map(|r| r.contains(version)),
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SchemaFile;

    #[test]
    fn a_version_lays_out_its_fields_and_their_structs() {
        let text = r#"{ "name": "A", "type": "data", "validVersions": "0-1", "flexibleVersions": "1+",
          "fields": [
            { "name": "Old", "type": "int8", "versions": "0" },
            { "name": "Items", "type": "[]Item", "versions": "0+", "nullableVersions": "1+" },
            { "name": "T", "type": "string", "versions": "1+", "taggedVersions": "1+", "tag": 3 }
          ],
          "commonStructs": [ { "name": "Item", "versions": "0+", "fields": [
            { "name": "Id", "type": "uuid", "versions": "1+" } ] } ] }"#;
        let spec = SchemaFile::parse("A.json", text).unwrap().spec;
        let primitive = |t: &str| TypeLayout::Primitive(t.into());
        let plain = |ty| FieldLayout {
            ty,
            nullable: false,
            tagged: false,
            tag: None,
            flexible: None,
        };
        assert_eq!(
            spec.layout(0),
            MessageLayout {
                flexible: false,
                fields: vec![
                    plain(primitive("int8")),
                    plain(TypeLayout::Array(Box::new(TypeLayout::Struct(vec![]))))
                ],
            }
        );
        let v1 = spec.layout(1);
        assert!(v1.flexible);
        assert_eq!(
            v1.fields[0].ty,
            TypeLayout::Array(Box::new(TypeLayout::Struct(vec![plain(primitive("uuid"))])))
        );
        assert!(v1.fields[0].nullable);
        assert_eq!((v1.fields[1].tagged, v1.fields[1].tag), (true, Some(3)));
    }
}
