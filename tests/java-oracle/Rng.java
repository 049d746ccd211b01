/**
 * SplitMix64 with its own bounded draws, so that a seed gives the same instances on every JDK
 * (java.util.SplittableRandom's bounded methods are not specified to be stable across releases).
 */
final class Rng {
    private long state;

    Rng(long seed) {
        this.state = seed;
    }

    long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Uniform in [origin, bound); origin < bound. */
    long nextLong(long origin, long bound) {
        if (origin >= bound) throw new IllegalArgumentException(origin + " >= " + bound);
        long n = bound - origin;
        if (n > 0) {
            long bits, val;
            do {
                bits = nextLong() >>> 1;
                val = bits % n;
            } while (bits - val + (n - 1) < 0); // reject the incomplete last block
            return origin + val;
        }
        long x; // the range is wider than Long.MAX_VALUE
        do x = nextLong(); while (x < origin || x >= bound);
        return x;
    }

    /** Uniform in [0, bound); bound > 0. */
    int nextInt(int bound) {
        return (int) nextLong(0, bound);
    }

    /** Uniform in [origin, bound). */
    int nextInt(int origin, int bound) {
        return (int) nextLong(origin, bound);
    }

    boolean nextBoolean() {
        return nextLong() < 0;
    }

    void nextBytes(byte[] b) {
        for (int i = 0; i < b.length; i++) b[i] = (byte) nextLong();
    }
}
