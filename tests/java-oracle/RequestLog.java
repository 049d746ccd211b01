import com.fasterxml.jackson.databind.JsonNode;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The {@code request-log} command: the broker's request-log line of an exchange, as
 * {@code org.apache.kafka.network.RequestConvertToJson} of kafka-server writes it. Apart from the
 * rest of the oracle because only some releases have that class (4.4.0 does; 3.9.1 has the request
 * log as Scala code in kafka_2.13): scripts/java-oracle.sh compiles this file only when the libs
 * hold a kafka-server jar, and {@link Oracle} finds it with {@code Class.forName}, so the oracle
 * builds without it.
 */
final class RequestLog {
    private RequestLog() {
    }

    /** The metrics every request-log line of {@code request-log} carries (the Rust test uses the same). */
    static final String CONNECTION = "127.0.0.1:9092-127.0.0.1:50000-0";

    /**
     * For every line of IN.tsv ({@code <request frame hex>\t<response frame hex>}, frames without
     * their size): the broker's request-log line of the exchange, as
     * {@code RequestConvertToJson.requestDescMetrics} writes it with fixed metrics, printed
     * compact by Jackson; or {@code ERROR\t<exception>} when Java refuses the frames.
     */
    static void run(String[] args, long t0) throws Exception {
        if (args.length != 3) throw new Oracle.UsageError("request-log needs IN.tsv OUT.tsv");
        Path in = Path.of(args[1]);
        Path out = Path.of(args[2]);
        java.net.InetAddress client = java.net.InetAddress.getLoopbackAddress();
        org.apache.kafka.common.security.auth.KafkaPrincipal principal =
            org.apache.kafka.common.security.auth.KafkaPrincipal.ANONYMOUS;
        org.apache.kafka.network.Session session = new org.apache.kafka.network.Session(principal, client);
        int lines = 0, errors = 0;
        StringBuilder sb = new StringBuilder();
        for (String line : Files.readAllLines(in, StandardCharsets.UTF_8)) {
            lines++;
            String[] cols = line.split("\t", -1);
            if (cols.length != 2) throw new IllegalStateException(in + ":" + lines + ": expected 2 columns");
            try {
                ByteBuffer request = ByteBuffer.wrap(Oracle.unhex(cols[0], in + ":" + lines));
                org.apache.kafka.common.requests.RequestHeader header =
                    org.apache.kafka.common.requests.RequestHeader.parse(request);
                org.apache.kafka.common.requests.AbstractRequest body = org.apache.kafka.common.requests.AbstractRequest
                    .parseRequest(header.apiKey(), header.apiVersion(), new org.apache.kafka.common.protocol.ByteBufferAccessor(request)).request;
                ByteBuffer response = ByteBuffer.wrap(Oracle.unhex(cols[1], in + ":" + lines));
                org.apache.kafka.common.requests.AbstractResponse reply =
                    org.apache.kafka.common.requests.AbstractResponse.parseResponse(response, header);
                org.apache.kafka.common.requests.RequestContext context = new org.apache.kafka.common.requests.RequestContext(
                    header, CONNECTION, client, principal,
                    org.apache.kafka.common.network.ListenerName.normalised("PLAINTEXT"),
                    org.apache.kafka.common.security.auth.SecurityProtocol.PLAINTEXT,
                    new org.apache.kafka.common.network.ClientInformation("kafka-wire", "0.1"), false);
                JsonNode node = org.apache.kafka.network.RequestConvertToJson.requestDescMetrics(header,
                    java.util.Optional.of(org.apache.kafka.network.RequestConvertToJson.request(body)),
                    java.util.Optional.of(org.apache.kafka.network.RequestConvertToJson.response(reply, header.apiVersion())),
                    context, session, false, 1.5, 0.25, 0.5, 0.0, 0L, 0.125, 0.625, 4096L, 0.0);
                sb.append(Oracle.MAPPER.writeValueAsString(node)).append('\n');
            } catch (RuntimeException e) {
                errors++;
                sb.append("ERROR\t").append(Oracle.oneLine(e)).append('\n');
            }
        }
        Files.writeString(out, sb.toString(), StandardCharsets.UTF_8);
        System.err.printf("java-oracle: request-log: %d exchanges (%d ERROR) %s -> %s; %.2f s%n", lines, errors, in, out, (System.nanoTime() - t0) / 1e9);
    }
}
