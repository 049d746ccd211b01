import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.protocol.Message;
import org.apache.kafka.common.protocol.types.RawTaggedField;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Random instances of one schema at one version: a random Jackson tree that follows the schema,
 * given to Kafka's generated JsonConverter, then random unknown tagged fields added to the
 * resulting objects.
 */
final class RandomInstances {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final Map<String, Method> GETTERS = new HashMap<>();

    private final Rng r;
    private final short v;
    private final boolean flexible;
    int unknownTagsAdded;

    RandomInstances(Rng r, Schemas.Schema schema, short v) {
        this.r = r;
        this.v = v;
        this.flexible = schema.flexible.contains(v);
    }

    // ------------------------------------------------------------------ the JSON tree

    ObjectNode struct(Schemas.Struct s) {
        ObjectNode o = F.objectNode();
        for (Schemas.Field f : s.fields) {
            if (!f.versions.contains(v)) continue; // absent in v: the converter uses the default
            if (f.isTaggedIn(v) && r.nextBoolean()) continue; // a tagged field the converter leaves at its default
            o.set(f.key, field(f));
        }
        return o;
    }

    private JsonNode field(Schemas.Field f) {
        if (f.nullable.contains(v) && r.nextInt(6) == 0) return F.nullNode();
        if (!f.array) return value(f);
        ArrayNode a = F.arrayNode();
        for (int i = r.nextInt(4); i > 0; i--) a.add(value(f));
        return a;
    }

    private JsonNode value(Schemas.Field f) {
        switch (f.kind) {
            case BOOL: return F.booleanNode(r.nextBoolean());
            case INT8: return F.numberNode((int) integer(Byte.MIN_VALUE, Byte.MAX_VALUE));
            case INT16: return F.numberNode((int) integer(Short.MIN_VALUE, Short.MAX_VALUE));
            case UINT16: return F.numberNode((int) integer(0, 0xFFFF));
            case INT32: return F.numberNode((int) integer(Integer.MIN_VALUE, Integer.MAX_VALUE));
            case UINT32: return F.numberNode(integer(0, 0xFFFF_FFFFL));
            case INT64: return F.numberNode(integer(Long.MIN_VALUE, Long.MAX_VALUE));
            case FLOAT64: return F.numberNode(float64());
            case STRING: return F.textNode(string());
            case BYTES:
            case RECORDS: return F.textNode(Base64.getEncoder().encodeToString(bytes(10)));
            case UUID: return F.textNode(uuid().toString());
            case STRUCT: return struct(f.struct);
            default: throw new AssertionError(f.kind);
        }
    }

    /** Across the whole range, with 0, -1 (or 1), the extremes and small values often. */
    private long integer(long min, long max) {
        switch (r.nextInt(10)) {
            case 0: return 0;
            case 1: return min < 0 ? -1 : 1;
            case 2: return min;
            case 3: return max;
            case 4: return Math.max(min, Math.min(max, r.nextInt(-3, 300)));
            default:
                if (min == Long.MIN_VALUE && max == Long.MAX_VALUE) return r.nextLong();
                return r.nextLong(min, max + 1);
        }
    }

    /** Finite only: NaN never equals itself in the generated equals(). */
    private double float64() {
        switch (r.nextInt(8)) {
            case 0: return 0.0;
            case 1: return -0.0;
            case 2: return r.nextBoolean() ? Double.MAX_VALUE : -Double.MIN_VALUE;
            case 3: return r.nextInt(-1000, 1000) / 4.0;
            default:
                double d;
                do d = Double.longBitsToDouble(r.nextLong()); while (!Double.isFinite(d));
                return d;
        }
    }

    /** 0-12 code points; mostly ASCII, sometimes 2-, 3- and 4-byte UTF-8 (never a lone surrogate). */
    private String string() {
        int n = r.nextInt(13);
        boolean wide = r.nextInt(4) == 0;
        StringBuilder sb = new StringBuilder(n * 2);
        for (int i = 0; i < n; i++) {
            int cp;
            int k = wide ? r.nextInt(6) : 3;
            switch (k) {
                case 0: cp = r.nextInt(0x80, 0x800); break;
                case 1: do cp = r.nextInt(0x800, 0x10000); while (cp >= 0xD800 && cp <= 0xDFFF); break;
                case 2: cp = r.nextInt(0x10000, 0x110000); break;
                default: cp = r.nextInt(20) == 0 ? r.nextInt(0, 0x80) : r.nextInt(0x20, 0x7F); break;
            }
            sb.appendCodePoint(cp);
        }
        return sb.toString();
    }

    private byte[] bytes(int maxLen) {
        byte[] b = new byte[r.nextInt(maxLen + 1)];
        r.nextBytes(b);
        return b;
    }

    private Uuid uuid() {
        return r.nextInt(8) == 0 ? Uuid.ZERO_UUID : new Uuid(r.nextLong(), r.nextLong());
    }

    // ------------------------------------------------------------------ unknown tagged fields

    /**
     * For a flexible version: gives about one struct in four (the top level and every nested
     * struct present in v) 1-2 unknown tagged fields. Kafka's writer emits all raw tags after all
     * the known ones (RawTaggedFieldWriter.writeRawTags(out, Integer.MAX_VALUE) follows the last
     * known tag), so the tags are chosen above every tag the struct declares, in ascending order:
     * only that keeps the tag section strictly ascending.
     */
    void addUnknownTags(Schemas.Struct s, Message m) {
        if (!flexible) return;
        for (Schemas.Field f : s.fields) {
            if (f.kind != Schemas.Kind.STRUCT || !f.versions.contains(v)) continue;
            Object val = get(m, f);
            if (val == null) continue;
            if (f.array) {
                for (Object e : (Iterable<?>) val) addUnknownTags(f.struct, (Message) e);
            } else {
                addUnknownTags(f.struct, (Message) val);
            }
        }
        if (r.nextInt(4) != 0) return;
        List<RawTaggedField> raw = m.unknownTaggedFields();
        int tag = s.maxTag;
        for (int i = 1 + r.nextInt(2); i > 0; i--) {
            // Mostly the next few free tags; sometimes one that needs a 2-4 byte varint.
            tag += 1 + (r.nextInt(8) == 0 ? r.nextInt(1 << 21) : r.nextInt(4));
            raw.add(new RawTaggedField(tag, bytes(8)));
            unknownTagsAdded++;
        }
    }

    private static Object get(Message m, Schemas.Field f) {
        Class<?> c = m.getClass();
        String k = c.getName() + "#" + f.key;
        Method g;
        synchronized (GETTERS) {
            g = GETTERS.get(k);
            if (g == null) {
                try {
                    g = c.getMethod(f.key);
                } catch (NoSuchMethodException e) {
                    throw new IllegalStateException(c.getName() + " has no accessor " + f.key + "() for field " + f.name);
                }
                GETTERS.put(k, g);
            }
        }
        try {
            return g.invoke(m);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("calling " + k + "(): " + e, e);
        }
    }
}
