import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.protocol.Message;
import org.apache.kafka.common.protocol.MessageSizeAccumulator;
import org.apache.kafka.common.protocol.ObjectSerializationCache;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.lang.reflect.InvocationTargetException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The Java side of kafka-wire's differential test: Apache Kafka's own generated message classes
 * encode seeded random instances of every live schema ({@code generate}), decode and re-encode
 * lines written by the Rust side ({@code echo}), hand out the schemas ({@code schemas}) and list
 * the error codes ({@code errors}). With {@code --internal}, generate, echo, json, from-json and
 * schemas work on Kafka's internal records ({@link Schemas#INTERNAL}) instead of kafka-clients'
 * protocol messages.
 * Line format: {@code <SchemaName>\t<version>\t<lowercase hex>\n}; see README.md.
 */
public final class Oracle {
    static final int DEFAULT_COUNT = 20;
    static final long DEFAULT_SEED = 1;
    /** Random instances Java refuses before generate gives up on one (schema, version, index). */
    static final int MAX_ATTEMPTS = 1000;
    /** The commands that take --internal. */
    static final java.util.Set<String> SCHEMA_SET_COMMANDS = java.util.Set.of("generate", "echo", "json", "from-json", "schemas");

    /** The schemas the commands work on: kafka-clients' (the default) or, with --internal, the internal records'. */
    static List<Schemas.Source> sources = Schemas.CLIENTS;
    static boolean internal;

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        try {
            if (args.length == 0) usage("no command");
            args = takeInternalFlag(args);
            switch (args[0]) {
                case "generate": generate(args, t0); break;
                case "echo": echo(args, t0); break;
                case "schemas": schemas(args); break;
                case "errors": errors(args); break;
                case "json": json(args, t0); break;
                case "api-keys": apiKeys(args); break;
                case "request-log": requestLog(args, t0); break;
                case "from-json": fromJson(args, t0); break;
                default: usage("unknown command " + args[0]);
            }
        } catch (UsageError e) {
            System.err.println("java-oracle: " + e.getMessage());
            System.err.println("usage: Oracle generate OUT.tsv [--count N] [--seed S] | echo IN.tsv OUT.tsv | schemas DIR | errors OUT.tsv"
                    + " | json IN.tsv OUT.tsv | from-json IN.tsv OUT.tsv | request-log IN.tsv OUT.tsv | api-keys OUT.tsv;"
                    + " generate, echo, json, from-json and schemas take --internal (Kafka's internal records)");
            System.exit(2);
        } catch (SelfTestFailure | IllegalStateException | IOException e) {
            System.err.println("java-oracle: FAILED: " + e.getMessage());
            System.exit(1);
        }
    }

    static final class UsageError extends RuntimeException {
        UsageError(String m) {
            super(m);
        }
    }

    /** Kafka's classes disagree with themselves (or with the schema): never retried. */
    static final class SelfTestFailure extends RuntimeException {
        SelfTestFailure(String m) {
            super(m);
        }
    }

    private static void usage(String why) {
        throw new UsageError(why);
    }

    /** Removes --internal (anywhere after the command) and selects the internal records' schemas. */
    private static String[] takeInternalFlag(String[] args) {
        List<String> rest = new ArrayList<>();
        for (String a : args) {
            if (a.equals("--internal") && !rest.isEmpty()) internal = true;
            else rest.add(a);
        }
        if (!internal) return args;
        if (!SCHEMA_SET_COMMANDS.contains(rest.get(0))) usage(rest.get(0) + " does not take --internal");
        sources = Schemas.INTERNAL;
        return rest.toArray(new String[0]);
    }

    // ------------------------------------------------------------------ encode and decode

    /** Kafka's two-pass write: addSize into a fresh cache, then write exactly that many bytes. */
    static byte[] encode(Message m, short v) {
        ObjectSerializationCache cache = new ObjectSerializationCache();
        MessageSizeAccumulator size = new MessageSizeAccumulator();
        m.addSize(size, cache, v);
        int n = size.totalSize();
        ByteBuffer buf = ByteBuffer.allocate(n);
        try {
            m.write(new ByteBufferAccessor(buf), cache, v);
        } catch (BufferOverflowException e) {
            throw new SelfTestFailure(m.getClass().getName() + " v" + v + ": write() overran the " + n + " bytes addSize() computed");
        }
        if (buf.position() != n) {
            throw new SelfTestFailure(m.getClass().getName() + " v" + v + ": addSize() said " + n + " bytes, write() wrote " + buf.position());
        }
        return buf.array();
    }

    /** Decodes with the generated (Readable, short) constructor; the buffer's position shows what was read. */
    static Message decode(Schemas.Schema s, ByteBuffer buf, short v) {
        try {
            return s.readConstructor.newInstance(new ByteBufferAccessor(buf), v);
        } catch (InvocationTargetException e) {
            throw rethrow(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    static Message fromJson(Schemas.Schema s, JsonNode node, short v) {
        try {
            return (Message) s.jsonRead.invoke(null, node, v);
        } catch (InvocationTargetException e) {
            throw rethrow(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException) return (RuntimeException) t;
        if (t instanceof Error) throw (Error) t;
        return new RuntimeException(t);
    }

    /** Read back, compare with equals(), re-encode, compare bytes; then the schema-driven walk. */
    static void selfTest(Schemas.Schema s, short v, Message written, byte[] bytes) {
        ByteBuffer buf = ByteBuffer.wrap(bytes);
        Message back;
        try {
            back = decode(s, buf, v);
        } catch (RuntimeException e) {
            throw new SelfTestFailure(s.name + " v" + v + ": Java cannot read what it wrote (" + oneLine(e) + "): " + hex(bytes));
        }
        if (buf.hasRemaining()) {
            throw new SelfTestFailure(s.name + " v" + v + ": read-back left " + buf.remaining() + " of " + bytes.length + " bytes: " + hex(bytes));
        }
        if (!back.equals(written)) {
            throw new SelfTestFailure(s.name + " v" + v + ": read-back differs from the written object\n  written: " + written + "\n  read:    " + back);
        }
        byte[] again = encode(back, v);
        if (!java.util.Arrays.equals(bytes, again)) {
            throw new SelfTestFailure(s.name + " v" + v + ": re-encoding the read-back gives other bytes\n  first:  " + hex(bytes) + "\n  second: " + hex(again));
        }
        try {
            WireCheck.check(s, v, bytes);
        } catch (WireCheck.Failure e) {
            throw new SelfTestFailure(e.getMessage() + "\n  bytes: " + hex(bytes) + "\n  object: " + written);
        }
    }

    // ------------------------------------------------------------------ generate

    private static final class Result {
        final StringBuilder lines = new StringBuilder();
        int versions, instances, withUnknownTags;
        /** Refusals that led to a retry: reason -> (count, versions), in first-seen order. */
        final Map<String, Refusal> refusals = new LinkedHashMap<>();
    }

    private static final class Refusal {
        int count;
        final java.util.TreeSet<Short> versions = new java.util.TreeSet<>();

        @Override
        public String toString() {
            StringBuilder vs = new StringBuilder();
            for (short v : versions) vs.append(vs.length() == 0 ? "v" : ",").append(v);
            return count + "x in " + vs;
        }
    }

    private static void generate(String[] args, long t0) throws Exception {
        if (args.length < 2) usage("generate needs OUT.tsv");
        Path out = Path.of(args[1]);
        int count = DEFAULT_COUNT;
        long seed = DEFAULT_SEED;
        for (int i = 2; i < args.length; i++) {
            String a = args[i];
            if ((a.equals("--count") || a.equals("--seed")) && i + 1 < args.length) {
                String val = args[++i];
                try {
                    if (a.equals("--count")) count = Integer.parseInt(val);
                    else seed = Long.parseLong(val);
                } catch (NumberFormatException e) {
                    usage(a + " needs an integer, got '" + val + "'");
                }
            } else {
                usage("unexpected argument '" + a + "'");
            }
        }
        if (count < 0) usage("--count must be >= 0");

        List<Schemas.Schema> all = Schemas.load(sources);
        List<Schemas.Schema> live = new ArrayList<>();
        List<String> notLive = new ArrayList<>();
        for (Schemas.Schema s : all) {
            if (s.live()) live.add(s);
            else notLive.add(s.name);
        }

        // One task per schema; each (schema, version) has its own random stream, so the output does
        // not depend on the thread count or on which schemas exist next to it.
        final int n = count;
        final long sd = seed;
        int threads = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), 4));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<Result>> futures = new ArrayList<>();
        for (Schemas.Schema s : live) futures.add(pool.submit(() -> generate(s, n, sd)));
        pool.shutdown();

        Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
        int versions = 0, instances = 0, withTags = 0;
        Map<String, Map<String, Refusal>> refusals = new TreeMap<>();
        // Written to OUT.tsv.tmp and renamed at the end: a failed run leaves no partial file.
        try (OutputStream os = Files.newOutputStream(tmp);
             BufferedWriter w = new BufferedWriter(new OutputStreamWriter(os, StandardCharsets.UTF_8), 1 << 16)) {
            for (int i = 0; i < live.size(); i++) {
                Result r;
                try {
                    r = futures.get(i).get();
                } catch (java.util.concurrent.ExecutionException e) {
                    pool.shutdownNow();
                    Throwable c = e.getCause();
                    if (c instanceof SelfTestFailure || c instanceof IllegalStateException) throw (RuntimeException) c;
                    throw new IllegalStateException(live.get(i).name + ": " + oneLine(c), c);
                }
                w.append(r.lines);
                versions += r.versions;
                instances += r.instances;
                withTags += r.withUnknownTags;
                if (!r.refusals.isEmpty()) refusals.put(live.get(i).name, r.refusals);
            }
        } catch (Exception | Error e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);

        // How the classes are named: "<Name>Data" or plain "<Name>", per package.
        Map<String, List<String>> naming = new TreeMap<>();
        for (Schemas.Schema s : live) {
            String simple = s.cls.getSimpleName();
            String form = simple.equals(s.name + "Data") ? "<Name>Data" : simple.equals(s.name) ? "<Name>" : "other";
            naming.computeIfAbsent(form + " in " + s.cls.getPackageName(), k -> new ArrayList<>()).add(simple);
        }
        for (Map.Entry<String, List<String>> e : naming.entrySet()) {
            List<String> names = e.getValue();
            System.err.println("java-oracle: classes " + e.getKey() + ": " + names.size()
                    + (names.size() <= 12 ? " (" + String.join(", ", names) + ")" : ""));
        }
        for (Map.Entry<String, Map<String, Refusal>> e : refusals.entrySet()) {
            int total = 0;
            StringBuilder why = new StringBuilder();
            int shown = 0;
            for (Map.Entry<String, Refusal> r : e.getValue().entrySet()) {
                total += r.getValue().count;
                if (shown++ < 3) why.append(shown > 1 ? "; " : "").append(r.getValue()).append(": ").append(r.getKey());
            }
            if (shown > 3) why.append("; and ").append(shown - 3).append(" more reasons");
            System.err.println("java-oracle: retried " + e.getKey() + ": Java refused " + total + " random instances (" + why + ")");
        }
        System.err.printf("java-oracle: generate: %d schemas, %d versions, %d instances (%d at defaults, %d random per version, %d with unknown tagged fields), seed %d -> %s; "
                        + "%d schemas without versions not generated (%s); no live schema skipped; %.2f s%n",
                live.size(), versions, instances, versions, count, withTags, seed, out, notLive.size(), String.join(", ", notLive),
                (System.nanoTime() - t0) / 1e9);
    }

    private static Result generate(Schemas.Schema s, int count, long seed) throws ReflectiveOperationException {
        Result res = new Result();
        for (int vi = s.valid.lo; vi <= s.valid.hi; vi++) {
            short v = (short) vi;
            res.versions++;
            emit(res, s, v, s.defaultConstructor.newInstance());
            Rng rnd = new Rng(mix(seed, s.name, v));
            for (int i = 0; i < count; i++) {
                for (int attempt = 1; ; attempt++) {
                    RandomInstances gen = new RandomInstances(rnd, s, v);
                    ObjectNode json = gen.struct(s.root);
                    Message m = null;
                    byte[] bytes = null;
                    RuntimeException refused = null;
                    try {
                        m = fromJson(s, json, v);
                    } catch (RuntimeException e) {
                        refused = e;
                    }
                    if (refused == null) {
                        gen.addUnknownTags(s.root, m);
                        try {
                            bytes = encode(m, v);
                        } catch (SelfTestFailure e) {
                            throw e;
                        } catch (RuntimeException e) {
                            refused = e;
                        }
                    }
                    if (refused != null) {
                        // A legitimate refusal by Kafka's converter or writer: count it, draw again.
                        Refusal why = res.refusals.computeIfAbsent(oneLine(refused), k -> new Refusal());
                        why.count++;
                        why.versions.add(v);
                        if (attempt >= MAX_ATTEMPTS) {
                            throw new IllegalStateException(s.name + " v" + v + ": Java refused " + MAX_ATTEMPTS
                                    + " random instances in a row, last: " + oneLine(refused));
                        }
                        continue;
                    }
                    selfTest(s, v, m, bytes);
                    appendLine(res.lines, s.name, v, bytes);
                    res.instances++;
                    if (gen.unknownTagsAdded > 0) res.withUnknownTags++;
                    break;
                }
            }
        }
        return res;
    }

    private static void emit(Result res, Schemas.Schema s, short v, Message m) {
        byte[] bytes;
        try {
            bytes = encode(m, v);
        } catch (SelfTestFailure e) {
            throw e;
        } catch (RuntimeException e) {
            throw new IllegalStateException(s.name + " v" + v + ": Java cannot write new " + s.cls.getSimpleName() + "(): " + oneLine(e));
        }
        selfTest(s, v, m, bytes);
        appendLine(res.lines, s.name, v, bytes);
        res.instances++;
    }

    /** A stream per (seed, schema name, version); String.hashCode is specified, so this is stable. */
    static long mix(long seed, String name, short v) {
        long h = seed * 0x9E3779B97F4A7C15L;
        h ^= name.hashCode() * 0xC2B2AE3D27D4EB4FL;
        h ^= (v + 1) * 0x165667B19E3779F9L;
        return h;
    }

    // ------------------------------------------------------------------ echo

    private static void echo(String[] args, long t0) throws Exception {
        if (args.length != 3) usage("echo needs IN.tsv OUT.tsv");
        int[] errors = {0};
        int lines = eachLine(Path.of(args[1]), Path.of(args[2]), (s, v, cols, sb) -> {
            byte[] bytes = unhex(cols[2], s.name);
            if (!s.valid.contains(v)) {
                // Kafka's generated readers do not check the version themselves.
                throw new org.apache.kafka.common.errors.UnsupportedVersionException(s.name + " version " + v
                        + " is not in validVersions " + s.valid + " (checked by the oracle)");
            }
            ByteBuffer buf = ByteBuffer.wrap(bytes);
            Message m = decode(s, buf, v);
            if (buf.hasRemaining()) {
                throw new IllegalArgumentException("trailing bytes: the message ends after " + buf.position() + " of " + bytes.length + " bytes");
            }
            appendLine(sb, s.name, v, encode(m, v));
        }, errors);
        System.err.printf("java-oracle: echo: %d lines (%d ERROR) %s -> %s; %.2f s%n", lines, errors[0], args[1], args[2], (System.nanoTime() - t0) / 1e9);
    }

    // ------------------------------------------------------------------ json

    /** Jackson with its defaults: the printer Kafka's tools use for these trees. */
    static final ObjectMapper MAPPER = new ObjectMapper();

    static JsonNode toJson(Schemas.Schema s, Message m, short v, boolean serializeRecords) {
        try {
            return (JsonNode) s.jsonWrite.invoke(null, m, v, serializeRecords);
        } catch (InvocationTargetException e) {
            throw rethrow(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * For every line of IN.tsv ({@code name, version, hex}): Kafka's class decodes the bytes and its
     * JsonConverter writes them with serializeRecords true and false (printed by Jackson, compact);
     * the converter then reads the first back and the class encodes it. Writes
     * {@code name \t version \t json(true) \t json(false) \t hex(read(json(true)))}, or
     * {@code name \t version \t ERROR \t <exception>}.
     */
    private static void json(String[] args, long t0) throws Exception {
        if (args.length != 3) usage("json needs IN.tsv OUT.tsv");
        Map<String, Schemas.Schema> byName = byName();
        int[] errors = {0};
        int lines = eachLine(Path.of(args[1]), Path.of(args[2]), (s, v, cols, sb) -> {
            byte[] bytes = unhex(cols[2], s.name);
            Message m = decode(s, ByteBuffer.wrap(bytes), v);
            JsonNode written = toJson(s, m, v, true);
            String text = MAPPER.writeValueAsString(written);
            String sized = MAPPER.writeValueAsString(toJson(s, m, v, false));
            byte[] again = encode(fromJson(s, MAPPER.readTree(text), v), v);
            sb.append(s.name).append('\t').append(v).append('\t').append(text).append('\t').append(sized).append('\t').append(hex(again)).append('\n');
        }, errors);
        System.err.printf("java-oracle: json: %d lines (%d ERROR) %s -> %s; %.2f s%n", lines, errors[0], args[1], args[2], (System.nanoTime() - t0) / 1e9);
    }

    /**
     * For every line of IN.tsv ({@code name, version, json}): Kafka's JsonConverter reads the JSON
     * and the class encodes it: {@code name \t version \t hex}, or {@code name \t version \t ERROR \t <exception>}.
     */
    private static void fromJson(String[] args, long t0) throws Exception {
        if (args.length != 3) usage("from-json needs IN.tsv OUT.tsv");
        int[] errors = {0};
        int lines = eachLine(Path.of(args[1]), Path.of(args[2]), (s, v, cols, sb) -> {
            byte[] bytes = encode(fromJson(s, MAPPER.readTree(cols[2]), v), v);
            appendLine(sb, s.name, v, bytes);
        }, errors);
        System.err.printf("java-oracle: from-json: %d lines (%d ERROR) %s -> %s; %.2f s%n", lines, errors[0], args[1], args[2], (System.nanoTime() - t0) / 1e9);
    }

    interface LineWork {
        void run(Schemas.Schema s, short v, String[] cols, StringBuilder out) throws Exception;
    }

    static Map<String, Schemas.Schema> byName() throws IOException {
        Map<String, Schemas.Schema> byName = new HashMap<>();
        for (Schemas.Schema s : Schemas.load(sources)) byName.put(s.name, s);
        return byName;
    }

    /** Runs {@code work} on every line of {@code in} (3 tab-separated columns), writing {@code out} whole or not at all. */
    static int eachLine(Path in, Path out, LineWork work, int[] errors) throws Exception {
        Map<String, Schemas.Schema> byName = byName();
        Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
        int lines = 0;
        try (BufferedReader r = Files.newBufferedReader(in, StandardCharsets.UTF_8);
             BufferedWriter w = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(tmp), StandardCharsets.UTF_8), 1 << 16)) {
            String line;
            StringBuilder sb = new StringBuilder();
            while ((line = r.readLine()) != null) {
                lines++;
                String where = in + ":" + lines;
                String[] cols = line.split("\t", -1);
                if (cols.length != 3) throw new IllegalStateException(where + ": expected 3 tab-separated columns, got " + cols.length);
                Schemas.Schema s = byName.get(cols[0]);
                if (s == null) throw new IllegalStateException(where + ": unknown schema name '" + cols[0] + "'");
                short v = Short.parseShort(cols[1]);
                sb.setLength(0);
                try {
                    work.run(s, v, cols, sb);
                } catch (SelfTestFailure e) {
                    throw e;
                } catch (Exception e) {
                    errors[0]++;
                    sb.setLength(0);
                    sb.append(s.name).append('\t').append(v).append("\tERROR\t").append(oneLine(e)).append('\n');
                }
                w.append(sb);
            }
        } catch (Exception | Error e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return lines;
    }

    // ------------------------------------------------------------------ schemas

    /**
     * Copies the schema files out of the jars, byte for byte: kafka-clients' into DIR, or with
     * --internal each artifact's into DIR/<artifact>/. Prints the path of each jar on stdout.
     */
    private static void schemas(String[] args) throws IOException {
        if (args.length != 2) usage("schemas needs DIR");
        Path dir = Path.of(args[1]);
        List<Schemas.Schema> all = Schemas.load(sources);
        StringBuilder from = new StringBuilder();
        for (Schemas.Source src : sources) {
            Path jar = src.jar();
            Path to = internal ? dir.resolve(src.artifact) : dir;
            Files.createDirectories(to);
            int n = 0;
            for (Schemas.Schema s : all) {
                if (s.source != src) continue;
                Files.write(to.resolve(s.file), s.raw);
                n++;
            }
            System.out.println(jar.toAbsolutePath());
            from.append(from.length() == 0 ? "" : ", ").append(jar).append("!/").append(src.dir).append(internal ? " (" + n + ")" : "");
        }
        long live = all.stream().filter(Schemas.Schema::live).count();
        System.err.printf("java-oracle: copied %d schema files (%d with versions, %d with validVersions none) from %s to %s%n",
                all.size(), live, all.size() - live, from, internal ? dir.resolve("<artifact>") : dir);
    }

    /**
     * Every error code of {@code Errors}, one line each: {@code <code>\t<NAME>\t<retriable>}, where
     * retriable is whether the code's exception is a {@code RetriableException} (the rule of the
     * protocol guide's Retriable column).
     */
    private static void errors(String[] args) throws IOException {
        if (args.length != 2) usage("errors needs OUT.tsv");
        StringBuilder sb = new StringBuilder();
        for (Errors e : Errors.values()) {
            boolean retriable = e.exception() instanceof RetriableException;
            sb.append(e.code()).append('\t').append(e.name()).append('\t').append(retriable).append('\n');
        }
        Files.writeString(Path.of(args[1]), sb.toString(), StandardCharsets.UTF_8);
        System.err.printf("java-oracle: %d error codes%n", Errors.values().length);
    }

    /**
     * {@code request-log}, in RequestLog.java: compiled only when the libs hold kafka-server
     * (see that file), so it is looked up by name; without it the command is not available for
     * this release, exit status 3.
     */
    private static void requestLog(String[] args, long t0) throws Exception {
        java.lang.reflect.Method run;
        try {
            run = Class.forName("RequestLog").getDeclaredMethod("run", String[].class, long.class);
        } catch (ClassNotFoundException e) {
            System.err.println("java-oracle: request-log is not available for Kafka " + kafkaVersion()
                    + ": it needs org.apache.kafka.network.RequestConvertToJson of kafka-server, which this release does not have,"
                    + " so RequestLog.java was not compiled");
            System.exit(3);
            return;
        }
        try {
            run.invoke(null, (Object) args, t0);
        } catch (InvocationTargetException e) {
            Throwable c = e.getCause();
            if (c instanceof Exception) throw (Exception) c;
            throw rethrow(c);
        }
    }

    static String kafkaVersion() {
        return Schemas.kafkaVersion();
    }

    /** Every constant of {@code ApiKeys}, one line each: {@code <id>\t<NAME>}. */
    private static void apiKeys(String[] args) throws IOException {
        if (args.length != 2) usage("api-keys needs OUT.tsv");
        StringBuilder sb = new StringBuilder();
        for (org.apache.kafka.common.protocol.ApiKeys k : org.apache.kafka.common.protocol.ApiKeys.values()) {
            sb.append(k.id).append('\t').append(k.name()).append('\n');
        }
        Files.writeString(Path.of(args[1]), sb.toString(), StandardCharsets.UTF_8);
        System.err.printf("java-oracle: %d API keys%n", org.apache.kafka.common.protocol.ApiKeys.values().length);
    }

    // ------------------------------------------------------------------ text

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    static void appendLine(StringBuilder sb, String name, short v, byte[] bytes) {
        sb.append(name).append('\t').append(v).append('\t');
        for (byte x : bytes) sb.append(HEX[(x >> 4) & 0xF]).append(HEX[x & 0xF]);
        sb.append('\n');
    }

    static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder(bytes.length * 2);
        for (byte x : bytes) sb.append(HEX[(x >> 4) & 0xF]).append(HEX[x & 0xF]);
        return sb.toString();
    }

    static byte[] unhex(String s, String where) {
        if ((s.length() & 1) != 0) throw new IllegalStateException(where + ": odd number of hex digits");
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++) {
            int hi = Character.digit(s.charAt(2 * i), 16), lo = Character.digit(s.charAt(2 * i + 1), 16);
            if (hi < 0 || lo < 0 || Character.isUpperCase(s.charAt(2 * i)) || Character.isUpperCase(s.charAt(2 * i + 1))) {
                throw new IllegalStateException(where + ": not lowercase hex at column 3, offset " + 2 * i);
            }
            out[i] = (byte) (hi << 4 | lo);
        }
        return out;
    }

    /** The exception's class and message on one line (tabs, CR and LF become spaces). */
    static String oneLine(Throwable e) {
        String m = e.getMessage();
        String s = e.getClass().getName() + (m == null ? "" : ": " + m);
        return s.replace('\t', ' ').replace('\r', ' ').replace('\n', ' ');
    }
}
