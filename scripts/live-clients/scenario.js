// kafkajs's session against a live Kafka broker, for captures of real traffic
// (scripts/kafka-captures.sh live-clients): a topic created, records produced in batches of the
// codecs kafkajs has here (none, gzip, and snappy through kafkajs-snappy; its lz4 and zstd codecs
// are native modules that do not build on this machine), consumed back by a consumer group that
// commits, the topic deleted.
//
//   NODE_PATH=.cache/client-matrix/node/node_modules node scenario.js BOOTSTRAP
//
// With LIVE_CLIENTS_CA set (a PEM file of certificate authorities), the clients speak TLS,
// trusting those authorities. Every wait is bounded; the exit code is 1 when a step does not finish.
const fs = require("fs");
const { Kafka, CompressionTypes, CompressionCodecs, logLevel } = require("kafkajs");
const SnappyCodec = require("kafkajs-snappy");

CompressionCodecs[CompressionTypes.Snappy] = SnappyCodec;
const CODECS = [["none", CompressionTypes.None], ["gzip", CompressionTypes.GZIP], ["snappy", CompressionTypes.Snappy]];
const PER_CODEC = 4;

async function main() {
  const ca = process.env.LIVE_CLIENTS_CA;
  const ssl = ca ? { ca: [fs.readFileSync(ca, "utf-8")] } : undefined;
  const kafka = new Kafka({ clientId: "live-kafkajs", brokers: [process.argv[2]], ssl, logLevel: logLevel.ERROR });
  const topic = "live-kafkajs";
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic, numPartitions: 1, replicationFactor: 1 }], waitForLeaders: true, timeout: 30000 });
  const producer = kafka.producer();
  await producer.connect();
  for (const [name, compression] of CODECS) {
    const messages = [...Array(PER_CODEC).keys()].map((i) => ({ key: "k", value: `${name}-${i}` }));
    await producer.send({ topic, compression, messages });
  }
  await producer.disconnect();
  const consumer = kafka.consumer({ groupId: "live-kafkajs-group" });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const want = CODECS.length * PER_CODEC;
  let read = 0;
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, 60000);
    consumer.run({
      autoCommit: false,
      eachMessage: async ({ partition, message }) => {
        read += 1;
        await consumer.commitOffsets([{ topic, partition, offset: (Number(message.offset) + 1).toString() }]);
        if (read >= want) {
          clearTimeout(timer);
          resolve();
        }
      },
    });
  });
  await consumer.disconnect();
  await admin.deleteTopics({ topics: [topic] });
  await admin.disconnect();
  console.log(`kafkajs: produced ${want} records in batches of ${CODECS.map((c) => c[0]).join(", ")}, read ${read} back in a group`);
  process.exit(read >= want ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
