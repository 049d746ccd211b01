import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;

import org.apache.kafka.common.protocol.Message;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The JSON schemas of one set of Kafka jars on the classpath, parsed into a small model, and the
 * generated Java class of every live schema: the protocol messages of kafka-clients
 * (common/message/*.json, {@link #CLIENTS}) or Kafka's internal records ({@link #INTERNAL}), whose
 * schemas and classes are in five other jars.
 */
final class Schemas {
    /**
     * Where schemas come from: the jar of a Kafka artifact, the directory in it that holds the
     * *.json files (only those directly in it), and the package of their generated classes.
     */
    static final class Source {
        final String artifact;
        final String dir;   // e.g. "common/message/"
        final String pkg;   // e.g. "org.apache.kafka.common.message"

        Source(String artifact, String dir, String pkg) {
            this.artifact = artifact;
            this.dir = dir;
            this.pkg = pkg;
        }

        /**
         * The jar on the classpath: kafka-clients' is the one that holds {@link Message} (as it
         * always was); another artifact's is {@code <artifact>-<kafka-clients' version>.jar}.
         */
        Path jar() {
            if (artifact.equals("kafka-clients")) return kafkaJar();
            String want = artifact + "-" + kafkaVersion() + ".jar";
            for (String e : System.getProperty("java.class.path", "").split(java.io.File.pathSeparator)) {
                Path p = Path.of(e);
                if (p.getFileName() != null && p.getFileName().toString().equals(want)) return p;
            }
            throw new IllegalStateException(want + " is not on the classpath (" + artifact + " holds " + dir + "*.json and "
                    + pkg + "); scripts/java-oracle.sh fetches it for Kafka's internal records");
        }
    }

    /** The protocol messages: common/message/*.json and their classes in kafka-clients. */
    static final List<Source> CLIENTS = List.of(new Source("kafka-clients", "common/message/", "org.apache.kafka.common.message"));

    /**
     * Kafka's internal records, which kafka-clients does not have: the records of the group, share
     * and transaction coordinators (keys and values of __consumer_offsets, __share_group_state and
     * __transaction_state), of the KRaft metadata log, and the quorum-state file of kafka-raft.
     * In this order (by artifact), and within each by file name.
     */
    static final List<Source> INTERNAL = List.of(
            new Source("kafka-group-coordinator", "common/message/", "org.apache.kafka.coordinator.group.generated"),
            new Source("kafka-metadata", "common/metadata/", "org.apache.kafka.common.metadata"),
            new Source("kafka-raft", "common/message/", "org.apache.kafka.raft.generated"),
            new Source("kafka-share-coordinator", "common/message/", "org.apache.kafka.coordinator.share.generated"),
            new Source("kafka-transaction-coordinator", "common/message/", "org.apache.kafka.coordinator.transaction.generated"));

    /** An inclusive version range; "none" is empty. */
    static final class Versions {
        static final Versions NONE = new Versions(0, -1);
        final int lo, hi;

        private Versions(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }

        static Versions parse(String s, String where) {
            if (s == null || s.equals("none")) return NONE;
            try {
                if (s.endsWith("+")) return new Versions(Integer.parseInt(s.substring(0, s.length() - 1)), Short.MAX_VALUE);
                int dash = s.indexOf('-');
                if (dash > 0) return new Versions(Integer.parseInt(s.substring(0, dash)), Integer.parseInt(s.substring(dash + 1)));
                int v = Integer.parseInt(s);
                return new Versions(v, v);
            } catch (NumberFormatException e) {
                throw new IllegalStateException(where + ": cannot parse version range '" + s + "'");
            }
        }

        boolean contains(int v) {
            return v >= lo && v <= hi;
        }

        boolean isEmpty() {
            return hi < lo;
        }

        @Override
        public String toString() {
            if (isEmpty()) return "none";
            if (hi == Short.MAX_VALUE) return lo + "+";
            return lo == hi ? Integer.toString(lo) : lo + "-" + hi;
        }
    }

    enum Kind { BOOL, INT8, INT16, UINT16, INT32, UINT32, INT64, FLOAT64, STRING, BYTES, RECORDS, UUID, STRUCT }

    static final class Field {
        final String name;
        /** The key the generated JsonConverter uses: the name with its first letter lower-cased. */
        final String key;
        final String type;
        final boolean array;
        final Kind kind;
        final Struct struct; // kind == STRUCT only
        final Versions versions, nullable, tagged;
        /** A field-level "flexibleVersions" (RequestHeader.ClientId has "none"), else null. */
        final Versions flexibleOverride;
        final int tag; // -1 when untagged

        Field(String name, String type, boolean array, Kind kind, Struct struct, Versions versions,
              Versions nullable, Versions tagged, Versions flexibleOverride, int tag) {
            this.name = name;
            this.key = Character.toLowerCase(name.charAt(0)) + name.substring(1);
            this.type = type;
            this.array = array;
            this.kind = kind;
            this.struct = struct;
            this.versions = versions;
            this.nullable = nullable;
            this.tagged = tagged;
            this.flexibleOverride = flexibleOverride;
            this.tag = tag;
        }

        boolean isTaggedIn(int v) {
            return tag >= 0 && tagged.contains(v) && versions.contains(v);
        }
    }

    static final class Struct {
        final String name;
        final List<Field> fields;
        /** The highest tag any field of this struct declares, in any version; -1 if none. */
        final int maxTag;
        final Map<Integer, Field> byTag = new HashMap<>();

        Struct(String name, List<Field> fields) {
            this.name = name;
            this.fields = Collections.unmodifiableList(fields);
            int max = -1;
            for (Field f : fields) {
                if (f.tag >= 0) {
                    if (byTag.put(f.tag, f) != null) throw new IllegalStateException(name + ": tag " + f.tag + " declared twice");
                    max = Math.max(max, f.tag);
                }
            }
            this.maxTag = max;
        }
    }

    /** One JSON schema file and, when it is live, its generated class. */
    static final class Schema {
        Source source;         // set by load
        final String file;     // e.g. "CreateTopicsRequest.json"
        final String name;     // the JSON's "name"
        final String apiType;  // request, response, header, data; coordinator-key, coordinator-value, metadata
        final Versions valid, flexible;
        final Struct root;
        final byte[] raw;      // the file as stored in the jar
        Class<? extends Message> cls;
        Constructor<? extends Message> readConstructor;
        Constructor<? extends Message> defaultConstructor;
        Method jsonRead;
        Method jsonWrite;      // write(<Class>, short, boolean serializeRecords)

        Schema(String file, String name, String apiType, Versions valid, Versions flexible, Struct root, byte[] raw) {
            this.file = file;
            this.name = name;
            this.apiType = apiType;
            this.valid = valid;
            this.flexible = flexible;
            this.root = root;
            this.raw = raw;
        }

        boolean live() {
            return !valid.isEmpty();
        }
    }

    // Kafka's own generator parses these files with comments allowed; Jackson's parser skips
    // "//" and "/* */" comments only outside string literals.
    private static final JsonMapper JSON = JsonMapper.builder().enable(JsonReadFeature.ALLOW_JAVA_COMMENTS).build();

    /** The release of the kafka-clients jar on the classpath, from its kafka/kafka-version.properties. */
    static String kafkaVersion() {
        try (InputStream in = Message.class.getResourceAsStream("/kafka/kafka-version.properties")) {
            java.util.Properties p = new java.util.Properties();
            if (in != null) p.load(in);
            return p.getProperty("version", "(unknown)");
        } catch (IOException e) {
            return "(unknown)";
        }
    }

    /** The jar that holds Kafka's generated message classes (and the schemas). */
    static Path kafkaJar() {
        try {
            return Path.of(Message.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (Exception e) {
            throw new IllegalStateException("cannot locate the kafka-clients jar on the classpath", e);
        }
    }

    /**
     * Every schema of the sources, in their order and by file name within each; live ones bound
     * to their classes. Two schemas with the same name fail the load (the lines name schemas).
     */
    static List<Schema> load(List<Source> sources) throws IOException {
        List<Schema> out = new ArrayList<>();
        Map<String, Schema> byName = new HashMap<>();
        for (Source src : sources) {
            for (Schema s : load(src, src.jar())) {
                Schema before = byName.put(s.name, s);
                if (before != null) {
                    throw new IllegalStateException("schema name " + s.name + " twice: " + before.source.artifact + "!/" + before.source.dir
                            + before.file + " and " + src.artifact + "!/" + src.dir + s.file);
                }
                out.add(s);
            }
        }
        return out;
    }

    /** Every schema in src's directory of the jar, sorted by file name; live ones bound to their classes. */
    static List<Schema> load(Source src, Path jar) throws IOException {
        List<Schema> out = new ArrayList<>();
        Map<String, List<String>> classesBySimpleName = new HashMap<>();
        java.util.Set<String> allClasses = new java.util.HashSet<>();
        String dir = src.dir;
        try (JarFile jf = new JarFile(jar.toFile())) {
            TreeMap<String, JarEntry> schemaEntries = new TreeMap<>();
            for (Iterator<JarEntry> it = jf.entries().asIterator(); it.hasNext(); ) {
                JarEntry e = it.next();
                String n = e.getName();
                if (n.startsWith(dir) && n.endsWith(".json") && n.indexOf('/', dir.length()) < 0) {
                    schemaEntries.put(n.substring(dir.length()), e);
                } else if (n.endsWith(".class") && n.indexOf('$') < 0 && !n.startsWith("META-INF/")) {
                    String fqcn = n.substring(0, n.length() - ".class".length()).replace('/', '.');
                    allClasses.add(fqcn);
                    classesBySimpleName.computeIfAbsent(fqcn.substring(fqcn.lastIndexOf('.') + 1), k -> new ArrayList<>()).add(fqcn);
                }
            }
            if (schemaEntries.isEmpty()) throw new IllegalStateException(jar + " holds no " + dir + "*.json");
            for (Map.Entry<String, JarEntry> e : schemaEntries.entrySet()) {
                byte[] raw;
                try (InputStream in = jf.getInputStream(e.getValue())) {
                    raw = in.readAllBytes();
                }
                Schema s = parse(e.getKey(), raw);
                s.source = src;
                out.add(s);
            }
        }
        for (Schema s : out) {
            if (s.live()) bind(s, jar, classesBySimpleName, allClasses);
        }
        return out;
    }

    static Schema parse(String file, byte[] raw) throws IOException {
        JsonNode doc = JSON.readTree(raw);
        String name = text(doc, "name", file);
        Map<String, JsonNode> common = new HashMap<>();
        JsonNode cs = doc.get("commonStructs");
        if (cs != null) for (JsonNode c : cs) common.put(text(c, "name", file), c);
        StructParser p = new StructParser(file, common);
        Struct root = p.struct(name, doc.get("fields"));
        return new Schema(file, name, text(doc, "type", file),
                Versions.parse(text(doc, "validVersions", file), file),
                Versions.parse(doc.has("flexibleVersions") ? doc.get("flexibleVersions").asText() : "none", file),
                root, raw);
    }

    private static String text(JsonNode n, String key, String where) {
        JsonNode v = n.get(key);
        if (v == null || !v.isTextual()) throw new IllegalStateException(where + ": missing string \"" + key + "\"");
        return v.asText();
    }

    private static final class StructParser {
        final String file;
        final Map<String, JsonNode> common;
        final Map<String, Struct> commonParsed = new HashMap<>();

        StructParser(String file, Map<String, JsonNode> common) {
            this.file = file;
            this.common = common;
        }

        Struct struct(String name, JsonNode fields) {
            List<Field> out = new ArrayList<>();
            if (fields != null) for (JsonNode f : fields) out.add(field(name, f));
            return new Struct(name, out);
        }

        Field field(String structName, JsonNode f) {
            String where = file + ": " + structName + "." + (f.has("name") ? f.get("name").asText() : "?");
            String name = text(f, "name", where);
            String type = text(f, "type", where);
            boolean array = type.startsWith("[]");
            String elem = array ? type.substring(2) : type;
            Kind kind = primitive(elem);
            Struct struct = null;
            if (kind == null) {
                kind = Kind.STRUCT;
                if (f.has("fields")) {
                    struct = struct(elem, f.get("fields"));
                } else {
                    struct = commonParsed.get(elem);
                    if (struct == null) {
                        JsonNode c = common.get(elem);
                        if (c == null) throw new IllegalStateException(where + ": struct type " + elem + " has no fields and is no common struct");
                        struct = struct(elem, c.get("fields"));
                        commonParsed.put(elem, struct);
                    }
                }
            }
            Versions nullable = Versions.parse(f.has("nullableVersions") ? f.get("nullableVersions").asText() : null, where);
            Versions tagged = Versions.parse(f.has("taggedVersions") ? f.get("taggedVersions").asText() : null, where);
            // Kafka's FieldSpec: a field without "versions" but with "taggedVersions" has the tagged
            // versions (TransactionLogValue's tagged fields, StreamsGroupMetadataValue.LastAssignmentConfigs).
            Versions versions = !f.has("versions") && !tagged.isEmpty() ? tagged : Versions.parse(text(f, "versions", where), where);
            Versions flex = f.has("flexibleVersions") ? Versions.parse(f.get("flexibleVersions").asText(), where) : null;
            int tag = -1;
            if (f.has("tag")) {
                tag = f.get("tag").asInt(-1);
                if (tag < 0) throw new IllegalStateException(where + ": bad tag " + f.get("tag"));
            }
            if ((tag >= 0) != !tagged.isEmpty()) throw new IllegalStateException(where + ": tag and taggedVersions must come together");
            return new Field(name, type, array, kind, struct, versions, nullable, tagged, flex, tag);
        }
    }

    static Kind primitive(String t) {
        switch (t) {
            case "bool": return Kind.BOOL;
            case "int8": return Kind.INT8;
            case "int16": return Kind.INT16;
            case "uint16": return Kind.UINT16;
            case "int32": return Kind.INT32;
            case "uint32": return Kind.UINT32;
            case "int64": return Kind.INT64;
            case "float64": return Kind.FLOAT64;
            case "string": return Kind.STRING;
            case "bytes": return Kind.BYTES;
            case "records": return Kind.RECORDS;
            case "uuid": return Kind.UUID;
            default: return null;
        }
    }

    /**
     * Finds the generated class of a live schema among the jar's top-level classes in the
     * source's package: first "{@code <Name>Data}" (requests, responses, headers), then
     * "{@code <Name>}" (data schemas, internal records); it must implement {@link Message} and
     * have a {@code <Class>JsonConverter} next to it. Fails loudly when there is none or more than one.
     */
    private static void bind(Schema s, Path jar, Map<String, List<String>> bySimpleName, java.util.Set<String> all) {
        List<String> tried = new ArrayList<>();
        for (String simple : new String[] {s.name + "Data", s.name}) {
            List<String> found = new ArrayList<>();
            for (String fqcn : bySimpleName.getOrDefault(simple, List.of())) {
                tried.add(fqcn);
                if (!fqcn.equals(s.source.pkg + "." + simple)) continue;
                if (!all.contains(fqcn + "JsonConverter")) continue;
                try {
                    Class<?> c = Class.forName(fqcn, false, Schemas.class.getClassLoader());
                    if (Message.class.isAssignableFrom(c)) found.add(fqcn);
                } catch (ClassNotFoundException | LinkageError e) {
                    // not loadable: not a candidate
                }
            }
            if (found.size() > 1) throw new IllegalStateException("schema " + s.name + ": more than one class: " + found);
            if (found.size() == 1) {
                try {
                    Class<? extends Message> c = Class.forName(found.get(0)).asSubclass(Message.class);
                    s.cls = c;
                    s.readConstructor = c.getConstructor(org.apache.kafka.common.protocol.Readable.class, short.class);
                    s.defaultConstructor = c.getConstructor();
                    Class<?> converter = Class.forName(found.get(0) + "JsonConverter");
                    s.jsonRead = converter.getMethod("read", JsonNode.class, short.class);
                    s.jsonWrite = converter.getMethod("write", c, short.class, boolean.class);
                    Message m = s.defaultConstructor.newInstance();
                    if (m.lowestSupportedVersion() != s.valid.lo || m.highestSupportedVersion() != s.valid.hi) {
                        throw new IllegalStateException("schema " + s.name + ": validVersions " + s.valid + " but " + c.getName()
                                + " supports " + m.lowestSupportedVersion() + "-" + m.highestSupportedVersion());
                    }
                    return;
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("schema " + s.name + ": " + found.get(0) + " lacks the generated API: " + e, e);
                }
            }
        }
        throw new IllegalStateException("schema " + s.name + " (" + s.file + ", validVersions " + s.valid
                + "): no generated class " + s.name + "Data or " + s.name + " implementing Message with a JsonConverter in "
                + s.source.pkg + " of " + jar + (tried.isEmpty() ? "" : " (rejected: " + tried + ")"));
    }
}
