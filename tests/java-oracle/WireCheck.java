import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;

/**
 * An independent walk over encoded bytes, driven by the JSON schema only (no Kafka code): it
 * checks that every length, null marker and tagged-field size is consistent, that the bytes end
 * exactly where the message ends, and that every tag section is strictly ascending — which Java's
 * reader does not check.
 */
final class WireCheck {
    static final class Failure extends RuntimeException {
        Failure(String msg) {
            super(msg);
        }
    }

    private final ByteBuffer b;
    private final short v;
    private final boolean flexible;
    private final String what;

    private WireCheck(Schemas.Schema s, short v, byte[] bytes) {
        this.b = ByteBuffer.wrap(bytes);
        this.v = v;
        this.flexible = s.flexible.contains(v);
        this.what = s.name + " v" + v;
    }

    static void check(Schemas.Schema s, short v, byte[] bytes) {
        WireCheck w = new WireCheck(s, v, bytes);
        try {
            w.struct(s.root, s.name);
        } catch (BufferUnderflowException e) {
            throw w.fail("bytes end early", s.name);
        }
        if (w.b.hasRemaining()) throw w.fail(w.b.remaining() + " bytes after the end of the message", s.name);
    }

    private Failure fail(String msg, String path) {
        return new Failure(what + ": " + path + " at byte " + b.position() + ": " + msg);
    }

    private void struct(Schemas.Struct s, String path) {
        for (Schemas.Field f : s.fields) {
            if (!f.versions.contains(v) || (flexible && f.isTaggedIn(v))) continue;
            value(f, path + "." + f.name);
        }
        if (!flexible) return;
        int n = uvarint(path);
        int prev = -1;
        for (int i = 0; i < n; i++) {
            int tag = uvarint(path);
            int size = uvarint(path);
            if (tag <= prev) throw fail("tag " + tag + " after tag " + prev + ": tags not strictly ascending", path);
            prev = tag;
            if (size > b.remaining()) throw fail("tagged field " + tag + " of " + size + " bytes overruns", path);
            Schemas.Field f = s.byTag.get(tag);
            if (f != null && f.isTaggedIn(v)) {
                int start = b.position();
                value(f, path + "." + f.name);
                if (b.position() - start != size) throw fail("tagged field " + f.name + " declared " + size + " bytes but holds " + (b.position() - start), path);
            } else {
                b.position(b.position() + size);
            }
        }
    }

    private void value(Schemas.Field f, String path) {
        boolean nullable = f.nullable.contains(v);
        boolean compact = f.flexibleOverride != null ? f.flexibleOverride.contains(v) : flexible;
        if (f.array) {
            int n = compact ? uvarint(path) - 1 : b.getInt();
            if (n < -1) throw fail("array length " + n, path);
            if (n == -1) {
                if (!nullable) throw fail("null array in a non-nullable field", path);
                return;
            }
            if (n > b.remaining()) throw fail("array of " + n + " elements in " + b.remaining() + " bytes", path);
            for (int i = 0; i < n; i++) element(f, compact, nullable, path + "[" + i + "]");
        } else {
            element(f, compact, nullable, path);
        }
    }

    private void element(Schemas.Field f, boolean compact, boolean nullable, String path) {
        switch (f.kind) {
            case BOOL: {
                byte x = b.get();
                if (x != 0 && x != 1) throw fail("bool byte " + x, path);
                return;
            }
            case INT8: skip(1); return;
            case INT16:
            case UINT16: skip(2); return;
            case INT32:
            case UINT32: skip(4); return;
            case INT64:
            case FLOAT64: skip(8); return;
            case UUID: skip(16); return;
            case STRING: sized(compact ? uvarint(path) - 1 : b.getShort(), nullable && !f.array, path); return;
            case BYTES:
            case RECORDS: sized(compact ? uvarint(path) - 1 : b.getInt(), nullable && !f.array, path); return;
            case STRUCT:
                if (nullable && !f.array && f.isTaggedIn(v)) {
                    // In a tag section the marker is an unsigned varint, 0 for null and 1 before the
                    // struct (Kafka's generated reader takes any value > 0 as present; its writer writes 1).
                    // Only ConsumerGroupMemberMetadataValue.ClassicMemberMetadata (an internal record) has one.
                    int marker = uvarint(path);
                    if (marker == 0) return;
                    if (marker != 1) throw fail("tagged nullable struct marker " + marker, path);
                } else if (nullable && !f.array) {
                    byte marker = b.get();
                    if (marker == -1) return;
                    if (marker != 1) throw fail("nullable struct marker " + marker, path);
                }
                struct(f.struct, path);
                return;
            default: throw new AssertionError(f.kind);
        }
    }

    private void sized(int len, boolean nullable, String path) {
        if (len == -1 && nullable) return;
        if (len < 0) throw fail("length " + len + (len == -1 ? " (null) in a non-nullable field" : ""), path);
        skip(len);
    }

    private void skip(int n) {
        if (n > b.remaining()) throw new BufferUnderflowException();
        b.position(b.position() + n);
    }

    private int uvarint(String path) {
        int value = 0;
        for (int i = 0; i < 5; i++) {
            int x = b.get() & 0xFF;
            value |= (x & 0x7F) << (7 * i);
            if ((x & 0x80) == 0) return value;
        }
        throw fail("unsigned varint longer than 5 bytes", path);
    }
}
