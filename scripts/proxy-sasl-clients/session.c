/* librdkafka's C client's SASL_SSL session through kafka-wire-proxy
 * (scripts/proxy-sasl-clients.sh): records produced to a topic (created by the broker on the first
 * Metadata request that names it), consumed back by a group that commits, then the topics and
 * groups the client is shown listed.
 *
 *   cc -o session session.c $(pkg-config --cflags --libs rdkafka)
 *   ./session BOOTSTRAP CA MECHANISM USER SECRET TOPIC GROUP
 *
 * MECHANISM is PLAIN, SCRAM-SHA-512 or OAUTHBEARER; SECRET is the password, or for OAUTHBEARER a
 * file holding the signed JWT. Prints one JSON line: {"topics": [...], "groups": [...], "read": N}.
 * Every wait is bounded; the exit code is 1 when a step fails. */
#include <librdkafka/rdkafka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RECORDS 10

static const char *bootstrap, *ca, *mechanism, *user, *secret, *topic, *group;

static void set(rd_kafka_conf_t *conf, const char *key, const char *value) {
    char err[256];
    if (rd_kafka_conf_set(conf, key, value, err, sizeof err) != RD_KAFKA_CONF_OK) {
        fprintf(stderr, "librdkafka: %s=%s: %s\n", key, value, err);
        exit(1);
    }
}

/* The signed JWT of SECRET's file, handed to librdkafka whenever it asks for a token. */
static void token_refresh(rd_kafka_t *rk, const char *config, void *opaque) {
    (void)config;
    (void)opaque;
    char token[8192], err[256];
    FILE *f = fopen(secret, "r");
    size_t n = f ? fread(token, 1, sizeof token - 1, f) : 0;
    if (f)
        fclose(f);
    while (n > 0 && (token[n - 1] == '\n' || token[n - 1] == '\r'))
        n--;
    token[n] = 0;
    int64_t expiry_ms = ((int64_t)time(NULL) + 3600) * 1000;
    if (n == 0 || rd_kafka_oauthbearer_set_token(rk, token, expiry_ms, user, NULL, 0, err, sizeof err))
        rd_kafka_oauthbearer_set_token_failure(rk, n == 0 ? "no token in the file" : err);
}

static rd_kafka_conf_t *config(void) {
    rd_kafka_conf_t *conf = rd_kafka_conf_new();
    set(conf, "bootstrap.servers", bootstrap);
    set(conf, "client.id", "sasl-librdkafka");
    set(conf, "security.protocol", "sasl_ssl");
    set(conf, "ssl.ca.location", ca);
    set(conf, "sasl.mechanism", mechanism);
    if (strcmp(mechanism, "OAUTHBEARER") == 0) {
        rd_kafka_conf_set_oauthbearer_token_refresh_cb(conf, token_refresh);
    } else {
        set(conf, "sasl.username", user);
        set(conf, "sasl.password", secret);
    }
    return conf;
}

static rd_kafka_t *client(rd_kafka_type_t type, rd_kafka_conf_t *conf) {
    char err[256];
    rd_kafka_t *rk = rd_kafka_new(type, conf, err, sizeof err);
    if (!rk) {
        fprintf(stderr, "librdkafka: %s\n", err);
        exit(1);
    }
    return rk;
}

int main(int argc, char **argv) {
    if (argc != 8) {
        fprintf(stderr, "usage: session BOOTSTRAP CA MECHANISM USER SECRET TOPIC GROUP\n");
        return 2;
    }
    bootstrap = argv[1], ca = argv[2], mechanism = argv[3], user = argv[4], secret = argv[5];
    topic = argv[6], group = argv[7];

    rd_kafka_t *rk = client(RD_KAFKA_PRODUCER, config());
    for (int i = 0; i < RECORDS; i++) {
        char value[16];
        snprintf(value, sizeof value, "r%d", i);
        rd_kafka_resp_err_t e = rd_kafka_producev(rk, RD_KAFKA_V_TOPIC(topic),
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

    rd_kafka_conf_t *conf = config();
    set(conf, "group.id", group);
    set(conf, "auto.offset.reset", "earliest");
    set(conf, "enable.auto.commit", "false");
    rd_kafka_t *c = client(RD_KAFKA_CONSUMER, conf);
    rd_kafka_poll_set_consumer(c);
    rd_kafka_topic_partition_list_t *subscription = rd_kafka_topic_partition_list_new(1);
    rd_kafka_topic_partition_list_add(subscription, topic, RD_KAFKA_PARTITION_UA);
    rd_kafka_subscribe(c, subscription);
    rd_kafka_topic_partition_list_destroy(subscription);
    int read = 0;
    time_t deadline = time(NULL) + 30;
    while (read < RECORDS && time(NULL) < deadline) {
        rd_kafka_message_t *m = rd_kafka_consumer_poll(c, 500);
        if (m) {
            if (!m->err)
                read++;
            rd_kafka_message_destroy(m);
        }
    }
    rd_kafka_resp_err_t e = rd_kafka_commit(c, NULL, 0);
    if (e) {
        fprintf(stderr, "librdkafka: commit: %s\n", rd_kafka_err2str(e));
        return 1;
    }

    const struct rd_kafka_metadata *md;
    if ((e = rd_kafka_metadata(c, 1, NULL, &md, 30000))) {
        fprintf(stderr, "librdkafka: metadata: %s\n", rd_kafka_err2str(e));
        return 1;
    }
    printf("{\"topics\": [");
    for (int i = 0; i < md->topic_cnt; i++)
        printf("%s\"%s\"", i ? ", " : "", md->topics[i].topic);
    rd_kafka_metadata_destroy(md);
    const struct rd_kafka_group_list *groups;
    if ((e = rd_kafka_list_groups(c, NULL, &groups, 30000))) {
        fprintf(stderr, "librdkafka: list groups: %s\n", rd_kafka_err2str(e));
        return 1;
    }
    printf("], \"groups\": [");
    for (int i = 0; i < groups->group_cnt; i++)
        printf("%s\"%s\"", i ? ", " : "", groups->groups[i].group);
    rd_kafka_group_list_destroy(groups);
    printf("], \"read\": %d}\n", read);
    rd_kafka_consumer_close(c);
    rd_kafka_destroy(c);
    if (read < RECORDS) {
        fprintf(stderr, "librdkafka: read %d of %d records\n", read, RECORDS);
        return 1;
    }
    return 0;
}
