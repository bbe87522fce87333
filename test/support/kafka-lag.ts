import type { Admin } from 'kafkajs';

/**
 * How many messages of a topic a consumer group has not committed yet (`behind`), and how many
 * the topic holds: the convergence waits of the drills, and the kafka drill's lag curve.
 */
export async function consumerLag(admin: Admin, groupId: string, topic: string): Promise<{ behind: number; messages: number }> {
  const ends = await admin.fetchTopicOffsets(topic);
  const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
  let behind = 0;
  let messages = 0;
  for (const end of ends) {
    const at = Number(committed?.partitions.find((p) => p.partition === end.partition)?.offset ?? -1);
    behind += Number(end.high) - Math.max(at, Number(end.low));
    messages += Number(end.high) - Number(end.low);
  }
  return { behind, messages };
}
