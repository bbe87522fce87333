import { PerKey } from './per-key';

const tick = () => new Promise((resolve) => setImmediate(resolve));

it('runs calls of one key one after another, in the order asked, and other keys at once', async () => {
  const perKey = new PerKey();
  const log: string[] = [];
  let release: () => void = () => undefined;
  const first = perKey.run('a', () => new Promise<void>((resolve) => { log.push('a1 start'); release = () => { log.push('a1 end'); resolve(); }; }));
  const second = perKey.run('a', async () => { log.push('a2'); });
  const other = perKey.run('b', async () => { log.push('b1'); });
  await other;
  await tick();
  expect(log).toEqual(['a1 start', 'b1']);
  release();
  await Promise.all([first, second]);
  expect(log).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
  await tick();
  expect(perKey.size).toBe(0);
});

it('goes on after a failed call, which its caller sees failing', async () => {
  const perKey = new PerKey();
  const failed = perKey.run('a', async () => { throw new Error('store down'); });
  const next = perKey.run('a', async () => 'done');
  await expect(failed).rejects.toThrow('store down');
  await expect(next).resolves.toBe('done');
});
