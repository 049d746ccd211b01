// kafkajs's SASL_SSL session through kafka-wire-proxy (scripts/proxy-sasl-clients.sh): a topic
// created, records produced, consumed back by a group that commits, then the topics and groups the
// client is shown listed.
//
//   NODE_PATH=... node session.js BOOTSTRAP CA MECHANISM USER SECRET TOPIC GROUP
//
// MECHANISM is PLAIN, SCRAM-SHA-512 or OAUTHBEARER; SECRET is the password, or for OAUTHBEARER a
// file holding the signed JWT. Prints one JSON line: {"topics": [...], "groups": [...], "read": N}.
// Every wait is bounded; the exit code is 1 when a step does not finish.
const fs = require("fs");
const { Kafka, logLevel } = require("kafkajs");

const RECORDS = 10;

async function main() {
  if (process.argv.length !== 9) throw new Error("usage: session.js BOOTSTRAP CA MECHANISM USER SECRET TOPIC GROUP");
  const [bootstrap, ca, mechanism, user, secret, topic, group] = process.argv.slice(2);
  const sasl =
    mechanism === "OAUTHBEARER"
      ? { mechanism: "oauthbearer", oauthBearerProvider: async () => ({ value: fs.readFileSync(secret, "utf-8").trim() }) }
      : { mechanism: mechanism.toLowerCase(), username: user, password: secret };
  const kafka = new Kafka({
    clientId: "sasl-kafkajs",
    brokers: [bootstrap],
    ssl: { ca: [fs.readFileSync(ca, "utf-8")] },
    sasl,
    logLevel: logLevel.ERROR,
  });
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic, numPartitions: 1, replicationFactor: 1 }], waitForLeaders: true, timeout: 30000 });
  const producer = kafka.producer();
  await producer.connect();
  await producer.send({ topic, messages: Array.from({ length: RECORDS }, (_, i) => ({ value: `r${i}` })) });
  await producer.disconnect();
  const consumer = kafka.consumer({ groupId: group });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  let read = 0;
  const done = new Promise((resolve) => {
    consumer.run({
      eachMessage: async () => {
        read += 1;
        if (read >= RECORDS) resolve();
      },
    });
  });
  let timer;
  await Promise.race([done, new Promise((resolve) => (timer = setTimeout(resolve, 30000)))]);
  clearTimeout(timer);
  await consumer.disconnect();
  const topics = (await admin.listTopics()).sort();
  const groups = (await admin.listGroups()).groups.map((g) => g.groupId).sort();
  await admin.disconnect();
  console.log(JSON.stringify({ topics, groups, read }));
  if (read < RECORDS) {
    console.error(`kafkajs: read ${read} of ${RECORDS} records`);
    process.exit(1);
  }
}

main().catch((e) => {
  console.error(`kafkajs: ${e.stack || e}`);
  process.exit(1);
});
