/* librdkafka's C client (Debian's librdkafka-dev) against a live Kafka broker, for captures of
 * real traffic (scripts/kafka-captures.sh live-clients): records produced to a new topic in
 * batches of every codec, consumed back by a consumer group that commits.
 *
 *   cc -o scenario scenario.c $(pkg-config --cflags --libs rdkafka) && ./scenario BOOTSTRAP
 *
 * The topic is created by the broker on the first Metadata request that names it (Kafka's
 * auto.create.topics.enable). With LIVE_CLIENTS_CA set (a PEM file of certificate authorities), the
 * clients speak TLS, trusting those authorities. Every wait is bounded; the exit code is 1 when a
 * step fails. */
#include <librdkafka/rdkafka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PER_CODEC 4
static const char *CODECS[] = {"none", "gzip", "snappy", "lz4", "zstd"};
#define N_CODECS (sizeof CODECS / sizeof CODECS[0])
static const char *TOPIC = "live-librdkafka";

static void set(rd_kafka_conf_t *conf, const char *key, const char *value) {
    char err[256];
    if (rd_kafka_conf_set(conf, key, value, err, sizeof err) != RD_KAFKA_CONF_OK) {
        fprintf(stderr, "librdkafka: %s=%s: %s\n", key, value, err);
        exit(1);
    }
}

static rd_kafka_t *client(rd_kafka_type_t type, rd_kafka_conf_t *conf) {
    char err[256];
    const char *ca = getenv("LIVE_CLIENTS_CA");
    if (ca && *ca) {
        set(conf, "security.protocol", "ssl");
        set(conf, "ssl.ca.location", ca);
    }
    rd_kafka_t *rk = rd_kafka_new(type, conf, err, sizeof err);
    if (!rk) {
        fprintf(stderr, "librdkafka: %s\n", err);
        exit(1);
    }
    return rk;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: scenario BOOTSTRAP\n");
        return 2;
    }
    for (size_t c = 0; c < N_CODECS; c++) {
        rd_kafka_conf_t *conf = rd_kafka_conf_new();
        set(conf, "bootstrap.servers", argv[1]);
        set(conf, "client.id", "live-librdkafka");
        set(conf, "compression.codec", CODECS[c]);
        set(conf, "linger.ms", "5");
        rd_kafka_t *rk = client(RD_KAFKA_PRODUCER, conf);
        for (int i = 0; i < PER_CODEC; i++) {
            char value[32];
            snprintf(value, sizeof value, "%s-%d", CODECS[c], i);
            rd_kafka_resp_err_t e = rd_kafka_producev(rk, RD_KAFKA_V_TOPIC(TOPIC), RD_KAFKA_V_KEY("k", 1),
                                                      RD_KAFKA_V_VALUE(value, strlen(value)),
                                                      RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_END);
            if (e) {
                fprintf(stderr, "librdkafka: produce: %s\n", rd_kafka_err2str(e));
                return 1;
            }
        }
        if (rd_kafka_flush(rk, 30000) != RD_KAFKA_RESP_ERR_NO_ERROR || rd_kafka_outq_len(rk) > 0) {
            fprintf(stderr, "librdkafka: records not delivered\n");
            return 1;
        }
        rd_kafka_destroy(rk);
    }

    rd_kafka_conf_t *conf = rd_kafka_conf_new();
    set(conf, "bootstrap.servers", argv[1]);
    set(conf, "client.id", "live-librdkafka");
    set(conf, "group.id", "live-librdkafka-group");
    set(conf, "auto.offset.reset", "earliest");
    set(conf, "enable.auto.commit", "false");
    rd_kafka_t *rk = client(RD_KAFKA_CONSUMER, conf);
    rd_kafka_poll_set_consumer(rk);
    rd_kafka_topic_partition_list_t *topics = rd_kafka_topic_partition_list_new(1);
    rd_kafka_topic_partition_list_add(topics, TOPIC, RD_KAFKA_PARTITION_UA);
    rd_kafka_subscribe(rk, topics);
    rd_kafka_topic_partition_list_destroy(topics);
    int want = (int)(N_CODECS * PER_CODEC), read = 0;
    time_t deadline = time(NULL) + 60;
    while (read < want && time(NULL) < deadline) {
        rd_kafka_message_t *m = rd_kafka_consumer_poll(rk, 500);
        if (!m)
            continue;
        if (!m->err)
            read++;
        rd_kafka_message_destroy(m);
    }
    rd_kafka_commit(rk, NULL, 0);
    rd_kafka_consumer_close(rk);
    rd_kafka_destroy(rk);
    printf("librdkafka %s: produced %d records in batches of none, gzip, snappy, lz4, zstd, read %d back in a group\n",
           rd_kafka_version_str(), want, read);
    return read >= want ? 0 : 1;
}
