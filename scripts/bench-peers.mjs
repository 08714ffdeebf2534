// brackets-manager.js finishing a double elimination one result at a time, for
// scripts/bench-peers.sh (which installs the package in a temporary folder).
// Side A (opponent1) always wins, as in benches/formats.rs. Arguments: the sizes, then
// the stage type (double_elimination, the default, or round_robin).
import { createRequire } from 'node:module';
const require = createRequire(process.cwd() + '/');
const { BracketsManager } = require('brackets-manager');
const { InMemoryDatabase } = require('brackets-memory-db');

async function finish(n, type) {
  const storage = new InMemoryDatabase();
  const manager = new BracketsManager(storage);
  const started = process.hrtime.bigint();
  await manager.create.stage({
    tournamentId: 0,
    name: type,
    type,
    seeding: Array.from({ length: n }, (_, i) => `Team ${i + 1}`),
    settings: type === 'round_robin'
      ? { groupCount: 1 }
      : { grandFinal: 'double', seedOrdering: ['natural'] },
  });
  const created = process.hrtime.bigint();
  // Play order: the winners' bracket, then the losers', then the grand final, each round
  // in turn: every match's opponents are known when its turn comes.
  const matches = (await storage.select('match'))
    .slice()
    .sort((a, b) => a.group_id - b.group_id || a.round_id - b.round_id || a.number - b.number);
  let recorded = 0;
  for (const m of matches) {
    const current = await storage.select('match', m.id);
    // 2 = Ready, 3 = Running (brackets-model's Status).
    if (current.status !== 2 && current.status !== 3) continue;
    await manager.update.match({ id: m.id, opponent1: { result: 'win' } });
    recorded++;
  }
  const finished = process.hrtime.bigint();
  return { type, n, recorded, create_ms: Number(created - started) / 1e6, total_ms: Number(finished - started) / 1e6 };
}

const sizes = (process.argv[2] || '16,64,256,1024,4096').split(',').map(Number);
const type = process.argv[3] || 'double_elimination';
for (const n of sizes) {
  const r = await finish(n, type);
  console.log(JSON.stringify(r));
}
